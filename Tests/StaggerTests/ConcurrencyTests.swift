import Stagger
import Testing

/// Many tasks sampling one timeline and one staggered list at once: values are
/// immutable, so every task must see exactly what one task alone sees. Run under
/// ThreadSanitizer by scripts/sanitize.
///
/// Every call names its backend: the automatic choice is process-wide state that
/// another test may change while this one runs (`forcingTheActiveBackend`), and the
/// comparison here is bit for bit.
@Suite struct ConcurrencyTests {
    @Test func manyTasksSampleOneTimelineAndOneList() async throws {
        let backend = try #require(Backend.supported.last)
        var list = try StaggeredList(count: 3_000, config: .standard)
        try list.show(at: 0)
        try list.hide(at: 0.2)
        let timeline = try AnimationSequence.rowByRow(count: 500).timeline
        let frozenList = list
        let times = (0..<24).map { Double($0) * 0.05 }

        // What one task alone computes.
        var expectedList: [[Float]] = []
        var expectedTimeline: [[Float]] = []
        for time in times {
            var frame = frozenList.makeFrame()
            try frozenList.sample(at: time, into: &frame, backend: backend)
            expectedList.append(frame.values)
            var values = [Float](repeating: 0, count: timeline.scheduledSteps.count)
            try timeline.sample(at: time, into: &values, backend: backend)
            expectedTimeline.append(values)
        }

        try await withThrowingTaskGroup(of: (Int, [Float], [Float]).self) { group in
            for (index, time) in times.enumerated() {
                group.addTask {
                    var frame = frozenList.makeFrame()
                    try frozenList.sample(at: time, into: &frame, backend: backend, threads: 2)
                    var values = [Float](repeating: 0, count: timeline.scheduledSteps.count)
                    try timeline.sample(at: time, into: &values, backend: backend)
                    return (index, frame.values, values)
                }
            }
            for try await (index, listValues, timelineValues) in group {
                #expect(listValues == expectedList[index])
                #expect(timelineValues == expectedTimeline[index])
            }
        }
    }
}
