import Foundation
import Stagger

/// `staggerbench preview --matched`: a card flying to full screen and back, drawn as the
/// rectangle the kernel computed at every frame (frame, corner radius, colour, opacity).
///
/// The card starts toward the screen at 0 s and is sent back at `reverseAt`, mid-flight
/// when that comes before it settles, so the page shows how an interruption continues.
struct PreviewMatchedPage {
    let curves: MatchedCurves
    /// How far the card's path bows (``MatchedPairOptions/arc``).
    let arc: Double
    let reverseAt: Double
    /// Whether to draw the same flight under reduced motion beside it.
    let reducedMotion: Bool
    let fps: Int
    let title: String

    /// The card's cell and the screen it fills, in points of a 390 x 600 screen.
    static let cell = try! LayoutRect(x: 16, y: 400, width: 160, height: 100)
    static let screen = try! LayoutRect(x: 0, y: 0, width: 390, height: 600)

    /// Where the screen is drawn, in CSS pixels (one per point), for the script and tests.
    struct Layout: Encodable {
        /// The left edge of each screen (full motion, then reduced), and their top.
        let canvasWidth: Double, canvasHeight: Double, screenX: [Double], screenY: Double
    }

    private struct Payload: Encodable {
        let title: String
        let fps: Int
        let frameCount: Int
        /// Per screen, per frame: x, y, width, height, corner radius, red, green, blue,
        /// opacity.
        let screens: [[[Double]]]
        let titles: [String]
        let layout: Layout
        let reverseAt: Double
    }

    /// - Throws: ``AnimatableError`` from the pair group.
    func render() throws -> String {
        let card = try MatchedGeometry(
            frame: Self.cell, cornerRadii: CornerRadii(16), color: RGBAColor(red: 0.96, green: 0.77, blue: 0.19))
        let detail = try MatchedGeometry(
            frame: Self.screen, cornerRadii: CornerRadii(0), color: RGBAColor(red: 0.18, green: 0.44, blue: 0.87))
        let pair = try MatchedPair(source: card, destination: detail, options: MatchedPairOptions(arc: arc))
        let group = try MatchedPairGroup([pair], curves: curves)
        var probe = group
        try probe.start(at: 0)
        try probe.reverse(at: reverseAt)
        let frameCount = PreviewLength.frameCount(
            through: max(reverseAt, probe.settleTime), lastEvent: reverseAt, fps: fps)
        var reduced = group
        reduced.reducedMotion = .always
        let runs = reducedMotion ? [group, reduced] : [group]
        var screens: [[[Double]]] = []
        for run in runs { screens.append(try flight(run, frameCount)) }
        let count = Double(screens.count)
        let layout = Layout(
            canvasWidth: 24 + 390 * count + 48 * (count - 1) + 24, canvasHeight: 56 + 600 + 24,
            screenX: (0..<screens.count).map { 24 + Double($0) * (390 + 48) }, screenY: 56)
        let payload = Payload(
            title: title, fps: fps, frameCount: frameCount, screens: screens,
            titles: ["full motion", "reduced motion"], layout: layout, reverseAt: reverseAt)
        return PreviewControls.page(Self.template, title: title, payload: payload)
    }

    /// Every frame of `group` started at 0 and sent back at `reverseAt`.
    private func flight(_ group: MatchedPairGroup, _ frameCount: Int) throws -> [[Double]] {
        var group = group
        try group.start(at: 0)
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
            frames.append(
                [
                    state.frame.minX, state.frame.minY, state.frame.width, state.frame.height,
                    state.cornerRadii.horizontal.topLeading, state.color.red, state.color.green, state.color.blue,
                    state.opacity
                ].map(rounded))
        }
        return frames
    }

    static let template = """
        @HEAD@
        @CONTROLS@
        @SETUP@
        function draw(frame) {
          clear();
          ctx.fillText(data.title + " (sent back at " + data.reverseAt + " s)", 24, 24);
          const byte = (c) => Math.round(Math.min(1, Math.max(0, c)) * 255);
          data.screens.forEach((frames, s) => {
            const [x, y, w, h, radius, r, g, b, opacity] = frames[frame];
            const left = L.screenX[s];
            ctx.globalAlpha = 1;
            ctx.fillStyle = "#333";
            if (data.screens.length > 1) ctx.fillText(data.titles[s], left, L.screenY - 8);
            ctx.strokeStyle = "#cccccc";
            ctx.strokeRect(left - 0.5, L.screenY - 0.5, 391, 601);
            ctx.fillStyle = "rgb(" + byte(r) + "," + byte(g) + "," + byte(b) + ")";
            ctx.globalAlpha = Math.min(1, Math.max(0, opacity));
            ctx.beginPath();
            ctx.roundRect(left + x, L.screenY + y, w, h, Math.max(0, Math.min(radius, w / 2, h / 2)));
            ctx.fill();
          });
        }
        @PLAYER@
        </script>
        </body>
        </html>
        """
}
