import Foundation
import Stagger

/// `staggerbench preview --path`: items travelling an SVG path one after another, each
/// drawn as an arrowhead at the point and angle the kernel computed at every frame
/// (`MotionPath.points(atProgress:into:backend:)` fed by a staggered list's track that
/// runs 0 → 1), over the path itself.
struct PreviewPathPage {
    let path: MotionPath
    let config: StaggerConfig
    let count: Int
    let fps: Int
    let title: String

    /// Where the path is drawn, in CSS pixels (one per path unit), for the script and tests.
    struct Layout: Encodable {
        let canvasWidth: Double, canvasHeight: Double
        /// The canvas position of the path's (0, 0).
        let originX: Double, originY: Double
    }

    private struct Payload: Encodable {
        let title: String
        let fps: Int
        let frameCount: Int
        let count: Int
        let pathData: String
        /// Per frame: x, y, angle of every item in turn.
        let frames: [[Double]]
        let layout: Layout
    }

    /// - Throws: ``StaggerError`` from the list, ``MotionPathError`` from the path.
    func render() throws -> String {
        var list = try StaggeredList(count: count, config: config, tracks: [StaggerTrack("progress", from: 0, to: 1)])
        try list.show(at: 0)
        let frameCount = PreviewLength.frameCount(through: list.settleTime, fps: fps)
        var frame = list.makeFrame(recordsAppearance: false)
        var points = MotionPathPoints()
        var frames: [[Double]] = []
        let rounded = { (value: Float) in (Double(value) * 100).rounded() / 100 }
        for f in 0..<frameCount {
            try list.sample(at: Double(f) / Double(fps), into: &frame)
            try path.points(atProgress: frame.values(ofTrack: 0), into: &points)
            frames.append(
                (0..<count).flatMap { [rounded(points.x[$0]), rounded(points.y[$0]), rounded(points.angle[$0])] })
        }
        // The path's extent, from the reference at 512 points along it.
        var low = SIMD2<Double>(repeating: .infinity), high = -low
        for k in 0...512 {
            let point = try path.point(atProgress: Double(k) / 512)
            low = pointwiseMin(low, SIMD2(point.x, point.y))
            high = pointwiseMax(high, SIMD2(point.x, point.y))
        }
        let margin = 40.0
        let layout = Layout(
            canvasWidth: max(high.x - low.x + 2 * margin, 640), canvasHeight: high.y - low.y + 2 * margin + 40,
            originX: margin - low.x, originY: 40 + margin - low.y)
        let payload = Payload(
            title: title, fps: fps, frameCount: frameCount, count: count, pathData: path.pathData, frames: frames,
            layout: layout)
        return PreviewControls.page(Self.template, title: title, payload: payload)
    }

    static let template = """
        @HEAD@
        @CONTROLS@
        @SETUP@
        const track = new Path2D(data.pathData);
        function draw(frame) {
          clear();
          ctx.fillText(data.title, 24, 24);
          ctx.save();
          ctx.translate(L.originX, L.originY);
          ctx.strokeStyle = "#bbbbbb";
          ctx.lineWidth = 2;
          ctx.stroke(track);
          ctx.fillStyle = "rgb(221,51,51)";
          const f = data.frames[frame];
          for (let i = 0; i < data.count; i++) {
            const x = f[3 * i], y = f[3 * i + 1], a = f[3 * i + 2] * Math.PI / 180;
            // An arrowhead: its tip 8 ahead along the path, its base 6 behind, 10 wide.
            const c = Math.cos(a), s = Math.sin(a);
            ctx.beginPath();
            ctx.moveTo(x + 8 * c, y + 8 * s);
            ctx.lineTo(x - 6 * c - 5 * s, y - 6 * s + 5 * c);
            ctx.lineTo(x - 6 * c + 5 * s, y - 6 * s - 5 * c);
            ctx.closePath();
            ctx.fill();
          }
          ctx.restore();
        }
        @PLAYER@
        </script>
        </body>
        </html>
        """
}
