import Testing

@testable import Stagger

/// Per-item and per-pair completion: every item or pair that comes to rest is heard
/// once, by a frame loop asking for (previous frame, now], also when a tap between two
/// frames replaces the motion it settled in. Times worked by hand from the configs.
@Suite struct ItemCompletionTests {
    /// `.relaxed`: 0.1 s, then 0.08 s apart, easeOut over 0.4 s: row i settles at
    /// 0.5 + 0.08 i. A move of row 7 at 0.51 s (between frames at 0.49 and 0.52) sends it
    /// from 0 (its delay, 0.66 s, not reached) toward 0.5 over 0.4 s: it settles at 0.91.
    static let expected = (0..<7).map { (index: $0, time: 0.5 + 0.08 * Double($0)) } + [(index: 7, time: 0.91)]

    @Test func aTapBetweenFramesLosesNoItem() throws {
        var list = try StaggeredList(count: 8, config: .relaxed)
        try list.show(at: 0)
        try list.move(item: 7, to: 0.5, at: 0.51)
        let heard = try list.itemsSettling(after: 0.49, through: 0.52)
        #expect(heard.map(\.index) == [0])
        #expect(abs((heard.first?.time ?? 0) - 0.5) <= 1e-6)
        // The moved row and the others that had not settled, from the new motion.
        let later = try list.itemsSettling(after: 0.52, through: 2)
        #expect(later.map(\.index) == [1, 2, 3, 4, 5, 7, 6])
        for (index, time) in later {
            #expect(abs(time - Self.expected[index].time) <= 1e-6, "row \(index) at \(time)")
        }
    }

    /// A hide of a list at rest keeps the show's rests without a time per item; the next
    /// frame still hears each of them once, and a change of the item count later moves
    /// them with their items. `.relaxed` rows settle at 0.5 + 0.08 i (worked above).
    @Test func aTapOnAListAtRestKeepsItsRests() throws {
        var list = try StaggeredList(count: 8, config: .relaxed)
        try list.show(at: 0)
        try list.hide(at: 1.5)
        #expect(list.earlierRests.isEmpty && list.settledMotion != nil)
        let heard = try list.itemsSettling(after: 0.45, through: 1.5)
        #expect(heard.map(\.index) == Array(0..<8))
        for (index, time) in heard { #expect(abs(time - (0.5 + 0.08 * Double(index))) <= 1e-6, "row \(index)") }
        #expect(try list.itemsSettling(after: 0.45, through: 0.6).map(\.index) == [0, 1])
        // Two rows inserted before row 3: rows 3...7 are rows 5...9 now, and their
        // earlier rests went with them.
        try list.insert(2, before: 3, at: 1.55)
        #expect(list.settledMotion == nil)
        let moved = try list.itemsSettling(after: 0.45, through: 1.5)
        #expect(moved.map(\.index) == [0, 1, 2, 5, 6, 7, 8, 9])
        for (index, time) in moved {
            let row = index < 3 ? index : index - 2
            #expect(abs(time - (0.5 + 0.08 * Double(row))) <= 1e-6, "row \(row) now \(index)")
        }
    }

    /// The same through a driver at 0.03 s frames, with taps between frames (a move at
    /// 0.51, a second move of the same row at 0.515, and a removal-free retarget that
    /// changes nothing for the others): each row is reported once, at its time.
    @Test func aDriverReportsEachItemOnce() throws {
        var driver = FrameDriver()
        let rows = driver.add(try StaggeredList(count: 8, config: .relaxed))
        try driver[rows].show(at: 0)
        var heard: [(index: Int, time: Double)] = []
        var listSettled = 0
        for frame in 0...60 {
            let time = 0.03 * Double(frame)
            if frame == 17 {  // between the frames at 0.48 and 0.51
                try driver[rows].move(item: 7, to: 0.2, at: 0.5)
                try driver[rows].move(item: 7, to: 0.5, at: 0.51)
            }
            try driver.advance(to: time)
            for event in driver.events {
                switch event {
                case .itemSettled(let id, let item, let at):
                    #expect(id == rows && at > time - 0.03 && at <= time, "row \(item) at \(at) in frame \(time)")
                    heard.append((item, at))
                case .listSettled: listSettled += 1
                default: Issue.record("unexpected \(event)")
                }
            }
        }
        #expect(heard.map(\.index).sorted() == Array(0..<8), "\(heard)")
        for (index, time) in heard {
            #expect(abs(time - Self.expected[index].time) <= 1e-6, "row \(index) at \(time)")
        }
        #expect(listSettled == 1)
    }

    /// Pairs: two boxes 0.1 s apart on a linear 1 s curve settle at 1 s and 1.1 s; a
    /// reverse at 1.02 s (between frames at 0.98 and 1.05) turns pair 1 back at once and
    /// sends pair 0, which settled at 1 s in the motion the reverse replaced, back after
    /// its delay. Pair 0's rest at 1 s is heard once, in the frame at 1.05; then each
    /// pair once more, when the way back ends.
    @Test func aTapBetweenFramesLosesNoPair() throws {
        let a = try MatchedGeometry(frame: LayoutRect(x: 0, y: 0, width: 10, height: 10))
        let b = try MatchedGeometry(frame: LayoutRect(x: 300, y: 0, width: 10, height: 10))
        var driver = FrameDriver()
        let id = driver.add(
            try MatchedPairGroup(
                [try MatchedPair(source: a, destination: b), try MatchedPair(source: b, destination: a)],
                curves: MatchedCurves(try .linear(duration: 1)), stagger: try StaggerConfig(spread: .each(0.1))))
        try driver[id].start(at: 0)
        var heard: [(pair: Int, time: Double, frame: Double)] = []
        for frame in 0...60 {
            let time = 0.07 * Double(frame)
            if frame == 15 { try driver[id].reverse(at: 1.02) }  // between 0.98 and 1.05
            try driver.advance(to: time)
            for case .pairSettled(_, let pair, let at) in driver.events {
                #expect(at > time - 0.07 - 1e-12 && at <= time, "pair \(pair) at \(at) in frame \(time)")
                heard.append((pair, at, time))
            }
        }
        #expect(heard.count == 3, "\(heard)")
        #expect(heard.first?.pair == 0 && abs((heard.first?.time ?? 0) - 1) <= 1e-9)
        #expect(abs((heard.first?.frame ?? 0) - 1.05) <= 1e-9)
        #expect(Set(heard.dropFirst().map(\.pair)) == [0, 1])
        #expect(try driver[id].pairsSettling(after: 0.98, through: 1.05).map(\.index) == [0])
    }
}
