import Testing

@testable import Stagger

/// The kernel's lane store: columns laid end to end, narrowing that names the lane
/// float32 cannot hold, and edits that keep every other lane.
@Suite struct LaneStoreTests {
    @Test func columnsAreLaidEndToEnd() {
        var store = LaneStore(columns: 2, lanes: 3)
        #expect(store.narrow([1, 2, 3], into: 0) == nil)
        #expect(store.narrow([10, 20, 30], into: 1) == nil)
        store.withColumns { columns in
            #expect(columns[1] == columns[0] + 3)
            #expect(columns[1][2] == 30)
        }
        store.appendColumns(1)
        #expect(store.columnCount == 3 && Array(store.column(2)) == [0, 0, 0])
        store.removeLanes(1..<2)
        #expect(store.laneCount == 2)
        #expect(Array(store.column(0)) == [1, 3] && Array(store.column(1)) == [10, 30])
    }

    /// A store narrowed to fewer columns keeps the first ones and its buffer, which then
    /// has room to grow back (new columns hold zeros) in place.
    @Test func columnCountChangesInItsOwnBuffer() {
        var store = LaneStore(columns: 3, lanes: 2)
        #expect(store.narrow([1, 2], into: 0) == nil)
        #expect(store.narrow([3, 4], into: 2) == nil)
        let buffer = store.withColumns { UnsafeRawPointer($0[0]) }
        store.setColumnCount(1)
        #expect(store.columnCount == 1 && Array(store.column(0)) == [1, 2])
        #expect(store.hasRoom(forColumns: 3) && !store.hasRoom(forColumns: 1000))
        store.setColumnCount(3)
        #expect(store.columnCount == 3 && Array(store.column(2)) == [0, 0])
        #expect(store.withColumns { UnsafeRawPointer($0[0]) } == buffer)
        // A column dropped and taken back comes back as zeros, past the buffer's end too.
        #expect(store.narrow([5, 6], into: 2) == nil)
        store.setColumnCount(2)
        store.setColumnCount(4)
        #expect(Array(store.column(2)) == [0, 0] && Array(store.column(3)) == [0, 0])
        store.appendColumns(2, zeroing: 5)
        #expect(store.columnCount == 6 && Array(store.column(5)) == [0, 0])
        // A store of no lanes grows and shrinks without a buffer.
        var empty = LaneStore(columns: 1, lanes: 0)
        empty.setColumnCount(4)
        empty.setColumnCount(1)
        empty.setColumnCount(4)
        empty.appendColumns(3, zeroing: 5)
        #expect(empty.columnCount == 7)
    }

    /// 1e39 is past float32's largest finite value (about 3.4e38); 3e38 − (−3e38)
    /// overflows it as a span though both ends fit.
    @Test func narrowingNamesTheLaneThatDoesNotFit() {
        var store = LaneStore(columns: 2, lanes: 3)
        #expect(store.narrow([0, 1e39, 2], into: 0) == 1)
        #expect(store.narrow([-3e38, 0, 0], into: 0) == nil)
        #expect(store.narrow([3e38, 1, 1], into: 1) == nil)
        #expect(store.firstOverflowingSpan(from: 0, to: 1) == 0)
        #expect(LaneStore(columns: 4, lanes: 0).withColumns { $0.laneCount } == 0)
    }
}
