import Stagger

// The properties, named once with their types.
let cardFrame = ComponentProperty<LayoutRect>("frame", of: "card")
let titleOpacity = ComponentProperty<Double>("opacity", of: "title")

// Two states of a card: what each element looks like.
var collapsed = ComponentState("collapsed")
try collapsed.set(cardFrame, to: LayoutRect(x: 16, y: 100, width: 160, height: 90))
try collapsed.set(titleOpacity, to: 0)
var expanded = ComponentState("expanded")
try expanded.set(cardFrame, to: LayoutRect(x: 0, y: 0, width: 390, height: 600))
try expanded.set(titleOpacity, to: 1)

// The card on snappy at once; the title fades in 0.15 s later.
let expand = try ComponentTransition(
    ElementTiming(curve: .snappy),
    elements: ["title": ElementTiming(curve: .easeOut, delay: 0.15)])

var animator = ComponentAnimator(state: collapsed)
try animator.transition(to: expanded, at: 0, using: expand)
let frame = try animator.value(cardFrame, at: 0.2)
let opacity = try animator.value(titleOpacity, at: 0.2)
print("0.2 s: card \(frame.width) x \(frame.height), title opacity \(opacity)")

// Interrupt: collapse again at 0.25 s, from the current values and velocities.
try animator.transition(to: collapsed, at: 0.25)
let velocity = try animator.velocity(cardFrame, at: 0.25)
print("card velocity at 0.25 s (x, y, width, height):", velocity)

// The before and after hooks, as events for any interval.
for event in try animator.events(from: -1, to: 3) { print(event.time, event.kind) }
print("at rest at 3 s:", animator.isComplete(at: 3))
