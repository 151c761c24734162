extension Float {
    /// The sign bit (bit 31) set when this value is infinite or NaN, clear otherwise;
    /// the other bits mean nothing.
    ///
    /// An exponent of all ones (not finite) carries into the sign bit when one is added
    /// at the exponent's lowest bit; any other does not. Or-ing this over a column and
    /// testing the sign bit once checks every value without a branch per value, so the
    /// compiler vectorises the loop that narrows the column.
    @inline(__always) var nonFiniteBit: UInt32 { (bitPattern & 0x7f80_0000) &+ 0x0080_0000 }
}

extension Double {
    /// The same test for a Double (``Float/nonFiniteBit``), on the upper half of its
    /// bits: bit 31 set when this value is infinite or NaN.
    @inline(__always) var nonFiniteBit: UInt32 {
        UInt32(truncatingIfNeeded: ((bitPattern & 0x7ff0_0000_0000_0000) &+ 0x0010_0000_0000_0000) >> 32)
    }
}
