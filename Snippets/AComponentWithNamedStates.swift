import Stagger

// snippet.hide
func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
// snippet.show
// snippet.states
// A download button: a pill with a label, and a spinner while it loads. Each property
// is named once, with its element and its type.
let pillWidth = ComponentProperty<Double>("width", of: "pill")
let pillColor = ComponentProperty<RGBAColor>("color", of: "pill")
let labelOpacity = ComponentProperty<Double>("opacity", of: "label")
let spinnerOpacity = ComponentProperty<Double>("opacity", of: "spinner")

// A named state says what every element looks like.
let makeState = {
    (name: String, width: Double, color: RGBAColor, label: Double, spinner: Double) throws -> ComponentState in
    var state = ComponentState(name)
    try state.set(pillWidth, to: width)
    try state.set(pillColor, to: color)
    try state.set(labelOpacity, to: label)
    try state.set(spinnerOpacity, to: spinner)
    return state
}
let idle = try makeState("idle", 160, RGBAColor(red: 0, green: 0.48, blue: 1), 1, 0)
let loading = try makeState("loading", 44, RGBAColor(red: 0.56, green: 0.56, blue: 0.58), 0, 1)
let done = try makeState("done", 160, RGBAColor(red: 0.2, green: 0.78, blue: 0.35), 1, 0)

// snippet.transition
// To loading: the pill shrinks on snappy, the label fades out at once, and the spinner
// fades in 0.25 s later, when the pill is nearly small.
let startLoading = try ComponentTransition(
    ElementTiming(curve: .snappy),
    elements: [
        "label": ElementTiming(curve: .easeOut(duration: 0.15)),
        "spinner": ElementTiming(curve: .easeIn(duration: 0.2), delay: 0.25)
    ])
var button = ComponentAnimator(state: idle)
try button.transition(to: loading, at: 0, using: startLoading)
for time in [0.1, 0.2] {
    let width = try button.value(pillWidth, at: time)
    let label = try button.value(labelOpacity, at: time)
    let spinner = try button.value(spinnerOpacity, at: time)
    print("\(time) s: width \(rounded(width)), label \(rounded(label)), spinner \(rounded(spinner))")
}

// snippet.interrupt
// Cancelled at 0.2 s, mid-flight: back to idle from the current width and speed.
let speed = try button.velocity(pillWidth, at: 0.2)[0]
try button.transition(to: idle, at: 0.2)
let speedAfter = try button.velocity(pillWidth, at: 0.2)[0]
print("width speed at 0.2 s: \(rounded(speed)) before, \(rounded(speedAfter)) after")
// The hooks, as events: the interrupted transition reports no did-transition.
for event in try button.events(from: -1, to: 2) { print(rounded(event.time), event.kind) }

// snippet.finish
// Later the download finishes: the pill turns green, the label returns 0.1 s after it.
try button.transition(to: loading, at: 3, using: startLoading)
try button.transition(
    to: done, at: 5,
    using: ComponentTransition(
        ElementTiming(curve: .smooth), elements: ["label": ElementTiming(curve: .smooth, delay: 0.1)]))
let color = try button.value(pillColor, at: 5.3)
let labelLater = try button.value(labelOpacity, at: 5.3)
print(
    "5.3 s: colour \(rounded(color.red)), \(rounded(color.green)), \(rounded(color.blue)); "
        + "label \(rounded(labelLater))")
print("at rest by 7 s: \(button.isComplete(at: 7))")
