/// How a compact list motion's interruption is found (``InterruptedListMotion``,
/// ``SpringListMotion``): by the kernel, on `backend` (`nil` for the active one), or by
/// the Swift reference the kernel's pass restates.
enum InterruptionMethod {
    case kernel(Backend?)
    case reference

    /// - Throws: ``StaggerError/curve(_:)`` with ``CurveError/unsupportedBackend(_:)``
    ///   for a backend the machine lacks.
    func requireSupported() throws(StaggerError) {
        if case .kernel(let backend?) = self, !backend.isSupported {
            throw .curve(.unsupportedBackend(backend.rawValue))
        }
    }
}
