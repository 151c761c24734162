import Stagger

// 200,000 rows: above StaggeredList.parallelThreshold, so by default the pass
// splits across every core.
var list = try StaggeredList(count: 200_000, config: .fast)
try list.show(at: 0)

// Two frames without appearance and velocity: only the tracks are written.
var oneThread = list.makeFrame(recordsAppearance: false)
var split = list.makeFrame(recordsAppearance: false)
try list.sample(at: 0.3, into: &oneThread, threads: 1)
try list.sample(at: 0.3, into: &split, threads: 2)

// The same bits, whatever the split.
print("threshold \(StaggeredList.parallelThreshold) items; identical: \(oneThread.values == split.values)")
