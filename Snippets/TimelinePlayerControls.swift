import Stagger

// Three passes of 0.4 s, 0.1 s apart, every other one backwards.
let pulse = try Timeline(
    [.step("dot", .easeInOut(duration: 0.4))],
    options: Timeline.Options(repeats: .times(2), repeatDelay: 0.1, yoyo: true))
print("total: \(pulse.totalDuration) s")  // 1.4

var player = TimelinePlayer(pulse)
let clock = 50.0  // any monotonic clock, in seconds
try player.play(at: clock)
for event in try player.update(at: clock + 0.45) { print(event) }

try player.pause(at: clock + 0.5)
let held = try player.time(at: clock + 5)  // paused: time stands still at 0.5
print(player.status, held)

try player.resume(at: clock + 6)
try player.setSpeed(2, at: clock + 6)  // twice as fast from here
try player.seek(to: 1.0, at: clock + 6.1)  // jump; events on the way are reported
try player.reverse(at: clock + 6.2)  // turn around mid-flight
for event in try player.update(at: clock + 10) { print(event) }
print(player.status, player.isReversed)
