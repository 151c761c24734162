import Stagger
import Testing

/// Every error type compares case by case with NaN payloads equal, nested errors and
/// optional payloads included, through the one shared rule.
@Suite struct ErrorEqualityTests {
    @Test func everyErrorEqualsItselfEvenWithNaN() {
        let curve = CurveError.exceedsFloat32Range(name: "time", value: .nan)
        #expect(curve == curve)
        #expect(
            StaggerError.invalidTrack(name: "opacity", field: "to", value: .nan)
                == .invalidTrack(name: "opacity", field: "to", value: .nan))
        #expect(StaggerError.curve(curve) == .curve(curve))
        #expect(AnimatableError.stagger(.curve(curve)) == .stagger(.curve(curve)))
        #expect(TimelineError.curve(child: "a", curve) == .curve(child: "a", curve))
        #expect(FrameDriverError.invalidTime(.nan, previous: .nan) == .invalidTime(.nan, previous: .nan))
        #expect(FrameDriverError.list(index: 1, .invalidTime(.nan)) == .list(index: 1, .invalidTime(.nan)))
        #expect(StaggerError.countRequired == .countRequired)
        #expect(TimelineError.labelCycle(["a", "b"]) == .labelCycle(["a", "b"]))
    }

    @Test func differentCasesNamesOrPayloadsDiffer() {
        #expect(CurveError.nonFiniteInput(1) != .invalidDuration(1))
        #expect(CurveError.exceedsFloat32Range(name: "time", value: 1) != .exceedsFloat32Range(name: "delay", value: 1))
        #expect(
            CurveError.exceedsFloat32Range(name: "time", value: .nan) != .exceedsFloat32Range(name: "time", value: 1))
        #expect(
            CurveError.invalidStepCount(count: 0, position: .jumpNone)
                != .invalidStepCount(count: 0, position: .jumpEnd))
        #expect(StaggerError.countRequired != .curve(.nonFiniteInput(0)))
        #expect(StaggerError.curve(.nonFiniteInput(0)) != .curve(.nonFiniteInput(-1)))
        #expect(FrameDriverError.invalidTime(1, previous: nil) != .invalidTime(1, previous: 0))
        #expect(FrameDriverError.list(index: 1, .countRequired) != .list(index: 2, .countRequired))
        #expect(TimelineError.labelCycle(["a", "b"]) != .labelCycle(["a"]))
        #expect(AnimatableError.timeRunsBackward(time: 1, latest: 2) != .timeRunsBackward(time: 2, latest: 1))
    }
}
