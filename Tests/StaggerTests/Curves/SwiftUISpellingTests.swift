import Testing

@testable import Stagger

/// SwiftUI's spring spellings, in Swift and in the text form: `interpolatingSpring` (its
/// defaults, duration 0.5 s and bounce 0, and its physical form) and
/// `interactiveSpring(duration:extraBounce:)`, whose base is `interactiveSpring()`'s
/// response 0.15 s and damping fraction 0.86 (bounce 1 − 0.86 = 0.14).
@Suite struct SwiftUISpellingTests {
    static let times = [0.0, 0.05, 0.1, 0.2, 0.4, 0.8]

    func expectSame(_ a: Curve, _ b: Curve, _ what: String) throws {
        for t in Self.times {
            #expect(abs(try a.value(at: t) - b.value(at: t)) <= 1e-12, "\(what) at \(t)")
        }
    }

    @Test func interpolatingSpring() throws {
        try expectSame(try .interpolatingSpring(), try .spring(duration: 0.5, bounce: 0), "interpolatingSpring()")
        try expectSame(
            try .interpolatingSpring(duration: 0.4, bounce: 0.2), try .spring(duration: 0.4, bounce: 0.2), "duration")
        try expectSame(
            try Curve(parsing: "interpolatingSpring"), try .interpolatingSpring(), "interpolatingSpring text")
        try expectSame(
            try Curve(parsing: "interpolatingSpring(mass: 1, stiffness: 170, damping: 15)"),
            try .interpolatingSpring(stiffness: 170, damping: 15), "physical text")
    }

    @Test func interactiveSpringWithADuration() throws {
        try expectSame(try .interactiveSpring(duration: 0.15), .interactiveSpring(), "the base")
        try expectSame(
            try Curve(parsing: "interactiveSpring(duration: 0.3, extraBounce: 0.1)"),
            try .spring(duration: 0.3, bounce: 0.24), "text form")
        #expect(throws: CurveError.self) { try Curve(parsing: "interactiveSpring(response: 0.3)") }
    }
}
