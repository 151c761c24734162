import Foundation
import Stagger

/// `staggerbench preview --viewport`: a column of rows staggering in as a scripted
/// scroll brings them into view. The scroll offset is reported to a ``ScrollReveal`` at
/// every frame (the script's keyframes joined by straight lines; two keyframes at one
/// time make a jump), and each frame's opacity and offset come from its kernel pass.
/// Beside the viewport, a map of the whole column shows every row's opacity and where
/// the viewport is.
struct PreviewScrollPage {
    let keyframes: [(offset: Double, time: Double)]
    let config: StaggerConfig
    let count: Int
    let fps: Int
    let title: String

    static let rowHeight = 50.0, rowWidth = 320.0, viewportLength = 400.0

    /// Where things are drawn, in CSS pixels, for the script and the tests.
    struct Layout: Encodable {
        let canvasWidth: Double, canvasHeight: Double
        /// The viewport's top-left corner on the canvas, and its size.
        let viewportX: Double, viewportY: Double, viewportWidth: Double, viewportHeight: Double
        let rowHeight: Double
        /// The map's top-left corner and its scale (map pixels per content point).
        let mapX: Double, mapY: Double, mapScale: Double
    }

    private struct Payload: Encodable {
        let title: String
        let fps: Int
        let frameCount: Int
        let count: Int
        /// Per frame: the offset, then opacity and offsetY of every row in turn.
        let frames: [[Double]]
        let layout: Layout
    }

    /// The scripted offset at `time`: the keyframes joined by straight lines, held
    /// before the first and after the last; at a time two keyframes share, the later.
    static func offset(at time: Double, keyframes: [(offset: Double, time: Double)]) -> Double {
        guard let first = keyframes.first else { return 0 }
        if time < first.time { return first.offset }
        var offset = first.offset
        for (a, b) in zip(keyframes, keyframes.dropFirst()) {
            if time >= b.time { offset = b.offset; continue }
            if time >= a.time, b.time > a.time {
                return a.offset + (b.offset - a.offset) * (time - a.time) / (b.time - a.time)
            }
        }
        return offset
    }

    /// - Throws: ``StaggerError`` from the reveal (a bad report, a config that cannot
    ///   run).
    func render() throws -> String {
        let frames = try (0..<count).map {
            try LayoutRect(x: 0, y: Double($0) * Self.rowHeight, width: Self.rowWidth, height: Self.rowHeight)
        }
        var reveal = try ScrollReveal(frames: frames, viewportLength: Self.viewportLength, config: config)
        let lastKey = keyframes.last?.time ?? 0
        let start = min(keyframes.first?.time ?? 0, 0)
        var frame = reveal.makeFrame(recordsAppearance: false)
        var sampled: [[Double]] = []
        var time = start, index = 0
        var end = lastKey + 0.5
        let rounded = { (value: Float) in (Double(value) * 1000).rounded() / 1000 }
        while time <= end + 1e-9 {
            // Every keyframe is reported at its own time (a jump lands exactly), then
            // the frame's own offset.
            while index < keyframes.count, keyframes[index].time <= time {
                try reveal.scroll(to: keyframes[index].offset, at: keyframes[index].time)
                index += 1
            }
            let offset = Self.offset(at: time, keyframes: keyframes)
            if time >= (keyframes.first?.time ?? 0) { try reveal.scroll(to: offset, at: time) }
            end = max(end, PreviewLength.shownEnd(through: reveal.settleTime, lastEvent: lastKey))
            try reveal.sample(at: time, into: &frame)
            let opacity = frame.values(ofTrack: "opacity")!, offsetY = frame.values(ofTrack: "offsetY")!
            sampled.append([offset] + (0..<count).flatMap { [rounded(opacity[$0]), rounded(offsetY[$0])] })
            time = start + Double(sampled.count) / Double(fps)
        }
        let contentHeight = Double(count) * Self.rowHeight
        let mapScale = min(1, 560 / max(contentHeight, 1))
        let layout = Layout(
            canvasWidth: 760, canvasHeight: 660, viewportX: 40, viewportY: 60, viewportWidth: Self.rowWidth,
            viewportHeight: Self.viewportLength, rowHeight: Self.rowHeight, mapX: 440, mapY: 60, mapScale: mapScale)
        let payload = Payload(
            title: title, fps: fps, frameCount: sampled.count, count: count, frames: sampled, layout: layout)
        return PreviewControls.page(Self.template, title: title, payload: payload)
    }

    static let template = """
        @HEAD@
        @CONTROLS@
        @SETUP@
        function draw(frame) {
          clear();
          const f = data.frames[frame], offset = f[0];
          ctx.fillText(data.title + "  (offset " + offset.toFixed(0) + ")", 24, 24);
          // The viewport: rows at their place less the offset, moved by their offsetY,
          // at their opacity, clipped to the box.
          ctx.save();
          ctx.beginPath();
          ctx.rect(L.viewportX, L.viewportY, L.viewportWidth, L.viewportHeight);
          ctx.clip();
          for (let i = 0; i < data.count; i++) {
            const y = L.viewportY + i * L.rowHeight - offset + f[2 + 2 * i];
            if (y > L.viewportY + L.viewportHeight || y + L.rowHeight < L.viewportY) continue;
            ctx.globalAlpha = f[1 + 2 * i];
            ctx.fillStyle = "rgb(51,102,204)";
            ctx.fillRect(L.viewportX, y + 2, L.viewportWidth, L.rowHeight - 4);
          }
          ctx.restore();
          ctx.globalAlpha = 1;
          ctx.strokeStyle = "#888";
          ctx.strokeRect(L.viewportX - 0.5, L.viewportY - 0.5, L.viewportWidth + 1, L.viewportHeight + 1);
          // The map: every row at its opacity, and the viewport's place.
          const s = L.mapScale;
          for (let i = 0; i < data.count; i++) {
            ctx.globalAlpha = f[1 + 2 * i];
            ctx.fillStyle = "rgb(51,102,204)";
            ctx.fillRect(L.mapX, L.mapY + i * L.rowHeight * s, 80, Math.max(L.rowHeight * s - 1, 1));
          }
          ctx.globalAlpha = 1;
          ctx.strokeStyle = "rgb(221,51,51)";
          ctx.strokeRect(L.mapX - 4.5, L.mapY + offset * s - 0.5, 89, L.viewportHeight * s + 1);
        }
        @PLAYER@
        </script>
        </body>
        </html>
        """
}
