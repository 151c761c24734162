import Foundation
import Stagger

/// `staggerbench preview --matched`: a card flying to full screen and back, drawn as the
/// rectangle the kernel computed at every frame (frame, corner radius, colour, opacity).
///
/// The card starts toward the screen at 0 s and is sent back at `reverseAt`, mid-flight
/// when that comes before it settles, so the page shows how an interruption continues.
struct PreviewMatchedPage {
    let curves: MatchedCurves
    let reverseAt: Double
    let fps: Int
    let title: String

    /// The card's cell and the screen it fills, in points of a 390 x 600 screen.
    static let cell = try! LayoutRect(x: 16, y: 400, width: 160, height: 100)
    static let screen = try! LayoutRect(x: 0, y: 0, width: 390, height: 600)

    /// Where the screen is drawn, in CSS pixels (one per point), for the script and tests.
    struct Layout: Encodable {
        let canvasWidth: Double, canvasHeight: Double, screenX: Double, screenY: Double
    }

    private struct Payload: Encodable {
        let title: String
        let fps: Int
        let frameCount: Int
        /// Per frame: x, y, width, height, corner radius, red, green, blue, opacity.
        let frames: [[Double]]
        let layout: Layout
        let reverseAt: Double
    }

    /// - Throws: ``AnimatableError`` from the pair group.
    func render() throws -> String {
        let card = try MatchedGeometry(
            frame: Self.cell, cornerRadii: CornerRadii(16), color: RGBAColor(red: 0.96, green: 0.77, blue: 0.19))
        let detail = try MatchedGeometry(
            frame: Self.screen, cornerRadii: CornerRadii(0), color: RGBAColor(red: 0.18, green: 0.44, blue: 0.87))
        var group = try MatchedPairGroup([try MatchedPair(source: card, destination: detail)], curves: curves)
        try group.start(at: 0)
        var probe = group
        try probe.reverse(at: reverseAt)
        let end = max(reverseAt, probe.settleTime) + 0.25
        let frameCount = Int((end * Double(fps)).rounded(.up)) + 1
        var frame = group.makeFrame(recordsVelocity: false)
        var states: [MatchedPairState] = []
        var frames: [[Double]] = []
        var reversed = false
        for f in 0..<frameCount {
            let time = Double(f) / Double(fps)
            if !reversed, time >= reverseAt {
                try group.reverse(at: reverseAt)
                reversed = true
            }
            try group.sample(at: time, into: &frame)
            try group.states(in: frame, into: &states)
            let state = states[0]
            let rounded = { (value: Double) in (value * 1000).rounded() / 1000 }
            frames.append([
                state.frame.minX, state.frame.minY, state.frame.width, state.frame.height,
                state.cornerRadii.horizontal.topLeading, state.color.red, state.color.green, state.color.blue,
                state.opacity,
            ].map(rounded))
        }
        let layout = Layout(canvasWidth: 24 + 390 + 24, canvasHeight: 56 + 600 + 24, screenX: 24, screenY: 56)
        let payload = Payload(
            title: title, fps: fps, frameCount: frameCount, frames: frames, layout: layout, reverseAt: reverseAt)
        return PreviewControls.page(Self.template, title: title, payload: payload)
    }

    static let template = """
        @HEAD@
        @CONTROLS@
        @SETUP@
        function draw(frame) {
          const [x, y, w, h, radius, r, g, b, opacity] = data.frames[frame];
          clear();
          ctx.fillText(data.title + " (sent back at " + data.reverseAt + " s)", 24, 24);
          ctx.strokeStyle = "#cccccc";
          ctx.strokeRect(L.screenX - 0.5, L.screenY - 0.5, 391, 601);
          const byte = (c) => Math.round(Math.min(1, Math.max(0, c)) * 255);
          ctx.fillStyle = "rgb(" + byte(r) + "," + byte(g) + "," + byte(b) + ")";
          ctx.globalAlpha = Math.min(1, Math.max(0, opacity));
          ctx.beginPath();
          ctx.roundRect(L.screenX + x, L.screenY + y, w, h, Math.max(0, Math.min(radius, w / 2, h / 2)));
          ctx.fill();
        }
        @PLAYER@
        </script>
        </body>
        </html>
        """
}
