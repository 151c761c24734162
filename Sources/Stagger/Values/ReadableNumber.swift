/// Numbers as the `description`s of the package's values print them: three decimals,
/// fewer from 10 on so that at most four significant digits show (157.9, 20.73,
/// 0.825, 12346), so that a summary reads as figures, not float noise. Not for text
/// forms that parse back.
extension BinaryFloatingPoint {
    var readable: String {
        let value = Double(self)
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        var decimals = 3
        var magnitude = abs(value)
        while magnitude >= 10, decimals > 0 {
            magnitude /= 10
            decimals -= 1
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return decimals == 0 ? String(Int64(rounded)) : String(rounded)
    }
}
