import Stagger

// A pulse that grows out decelerating and comes back decelerating too: the way back
// runs easeOutQuad from 1.2 to 1 instead of the ease-out played backwards.
let pulse = try Timeline(
    [.step("scale", .easeOut(duration: 0.3), from: 1, to: 1.2, reverseEasing: .easeOutQuad)],
    options: .init(repeats: .times(1), yoyo: true))
for time in stride(from: 0.0, through: 0.6, by: 0.075) {
    let scale = try pulse.state(at: time)["scale"]!.value
    print("\(Int((time * 1000).rounded())) ms: scale \((scale * 1000).rounded() / 1000)")
}
