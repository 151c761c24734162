import Foundation
import Stagger
import Testing

/// Errors read the same in Foundation's `localizedDescription` (what an alert or a log
/// shows) as in their own `description` (issue 21: it read "The operation could not be
/// completed. (Stagger.CurveError error 1.)").
@Suite struct LocalizedErrorTests {
    @Test func foundationShowsTheSentence() throws {
        let errors: [any Error & CustomStringConvertible] = [
            CurveError.nonFiniteInput(.nan),
            StaggerError.negativeCount(-3),
            AnimatableError.unknownElement("card.offset"),
            TimelineError.unknownLabel("intro"),
            FrameDriverError.invalidTime(1, previous: 2),
            MotionPathError.missingNumber(command: "L", offset: 7)
        ]
        for error in errors {
            let shown = (error as any Error).localizedDescription
            #expect(shown == error.description)
            #expect(!shown.contains("could not be completed"))
        }
    }
}
