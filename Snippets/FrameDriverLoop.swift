import Stagger

// One driver for everything a screen animates; the app's display link calls
// advance(to:) once per frame with the frame's timestamp.
var driver = FrameDriver()
let rows = driver.add(try StaggeredList(count: 12, config: .standard))
let reveal = driver.add(TimelinePlayer(try Timeline([.step("header", .easeOut)])))

try driver[rows].show(at: 0)
try driver[reveal].play(at: 0)

var frameTime = 0.0
while true {
    try driver.advance(to: frameTime)
    let opacity = driver.frame(of: rows).values(ofTrack: 0)
    for event in driver.events { print(frameTime, event) }
    if driver.isAtRest {
        print("at rest at \(frameTime) s; first row opacity \(opacity[0]): pause the display link")
        break
    }
    frameTime += 1.0 / 60
}
