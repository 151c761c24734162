// A layout change that flies: a row reversed, a filter that adds and removes, and a
// second change mid-flight.
import Stagger

// snippet.reverse
// Four cards in a row, reversed: each flies to its new place, 0.05 s after the one
// before it in the old layout.
let cards = try (0..<4).map { (id: $0, frame: try LayoutRect(x: Double($0) * 100, y: 0, width: 80, height: 80)) }
let reversed = try (0..<4).map { (id: $0, frame: try LayoutRect(x: Double(3 - $0) * 100, y: 0, width: 80, height: 80)) }
var flight = try LayoutTransition(
    from: cards, to: reversed, curves: MatchedCurves(.linear(duration: 0.2)),
    stagger: StaggerConfig(spread: .each(0.05)))
try flight.start(at: 0)
for id in 0..<4 {
    print(id, try flight.state(of: id, at: 0.1)?.frame.minX ?? .nan)  // 150, 125, 200, 300
}
// snippet.end

// snippet.filter
// A filter that also adds: "a" leaves, shrinking and fading; "d" arrives, growing in.
let tile = { (x: Double) in try LayoutRect(x: x, y: 0, width: 80, height: 80) }
var filtered = try LayoutTransition(
    from: [("a", try tile(0)), ("b", try tile(100)), ("c", try tile(200))],
    to: [("b", try tile(0)), ("c", try tile(100)), ("d", try tile(200))],
    curves: MatchedCurves(.smooth), appearing: .init(scale: 0.8), disappearing: .init(scale: 0.8))
try filtered.start(at: 0)
print(filtered.ids, filtered.roles)  // ["a", "b", "c", "d"] [leaving, staying, staying, arriving]
// snippet.end

// snippet.again
// The layout changes again mid-flight: every card goes on from where it is, at its speed.
try flight.change(to: cards, at: 0.12)
var frame = flight.group.makeFrame()
try flight.group.sample(at: 0.2, into: &frame)  // every card's lanes, one kernel pass per curve
// snippet.end
