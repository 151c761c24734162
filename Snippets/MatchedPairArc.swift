import Stagger

// A card thrown to the right along an arc half as high as half the distance, sent
// back mid-flight: the way back runs the same arc, with no jump at the reverse.
let cell = try MatchedGeometry(frame: LayoutRect(x: 0, y: 300, width: 80, height: 80))
let slot = try MatchedGeometry(frame: LayoutRect(x: 300, y: 300, width: 80, height: 80))
let pair = try MatchedPair(source: cell, destination: slot, options: MatchedPairOptions(arc: 0.5))
var group = try MatchedPairGroup([pair], curves: MatchedCurves(.snappy))
try group.start(at: 0)
for frameIndex in 0...12 {
    let time = Double(frameIndex) * 0.05
    if frameIndex == 4 { try group.reverse(at: time) }  // the tap that sends it back
    let frame = try group.state(ofPair: 0, at: time).frame
    let x = frame.minX + frame.width / 2, y = frame.minY + frame.height / 2
    print("\(frameIndex * 50) ms: centre (\(Int(x.rounded())), \(Int(y.rounded())))")
}
