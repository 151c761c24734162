/// Equality for the package's error types, case by case, with two NaN payloads equal so
/// that an error always equals itself (a `Double` NaN does not, so the equality Swift
/// would write for them would not be reflexive).
///
/// One rule for every error type, written once: the cases' names and payloads are read
/// through `Mirror`, so a case added later is compared without anyone remembering to
/// add it (a hand-written switch returns `false` for a case it forgot, and the error
/// would not equal itself). Errors are compared in tests and in error handling, never
/// per frame, so reflection's cost does not matter here.
func errorsAreEqual<E: Error>(_ a: E, _ b: E) -> Bool {
    payloadsAreEqual(a, b)
}

/// Two values of one payload: numbers (NaN equal to NaN), strings and flags by value;
/// enum cases by name and payload, tuples, optionals and collections element by
/// element.
private func payloadsAreEqual(_ a: Any, _ b: Any) -> Bool {
    switch (a, b) {
    case let (x as Double, y as Double): return x == y || (x.isNaN && y.isNaN)
    case let (x as Float, y as Float): return x == y || (x.isNaN && y.isNaN)
    case let (x as Int, y as Int): return x == y
    case let (x as String, y as String): return x == y
    case let (x as Bool, y as Bool): return x == y
    default: break
    }
    guard type(of: a) == type(of: b) else { return false }
    let left = Mirror(reflecting: a), right = Mirror(reflecting: b)
    guard left.children.count == right.children.count else { return false }
    // A case without a payload (or an empty value): its name says it all.
    if left.children.isEmpty { return String(describing: a) == String(describing: b) }
    for (l, r) in zip(left.children, right.children) {
        guard l.label == r.label, payloadsAreEqual(l.value, r.value) else { return false }
    }
    return true
}
