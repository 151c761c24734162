import ArgumentParser
import Foundation
import Stagger

/// The layout changes `preview --layout` draws.
enum LayoutScene: String, ExpressibleByArgument, CaseIterable {
    /// A row of `--items` cards reversed.
    case reverse
    /// A grid of four columns becoming one of two.
    case columns
    /// A grid filtered: every third card leaves, and new cards arrive at the end.
    case filter

    /// The old and new layouts of `count` cards (IDs are the cards' numbers).
    func layouts(count: Int) throws -> (old: [(id: Int, frame: LayoutRect)], new: [(id: Int, frame: LayoutRect)]) {
        let cell = { (column: Int, row: Int) in
            try LayoutRect(x: Double(column) * 70, y: Double(row) * 70, width: 60, height: 60)
        }
        switch self {
        case .reverse:
            return (
                try (0..<count).map { ($0, try cell($0, 0)) }, try (0..<count).map { ($0, try cell(count - 1 - $0, 0)) }
            )
        case .columns:
            return (
                try (0..<count).map { ($0, try cell($0 % 4, $0 / 4)) },
                try (0..<count).map { ($0, try cell($0 % 2, $0 / 2)) }
            )
        case .filter:
            let kept = (0..<count).filter { $0 % 3 != 2 }
            let added = (count..<count + count / 3)
            return (
                try (0..<count).map { ($0, try cell($0 % 4, $0 / 4)) },
                try (kept + added).enumerated().map { ($1, try cell($0 % 4, $0 / 4)) }
            )
        }
    }
}

/// `staggerbench preview --layout`: cards flying from one layout to another with a
/// ``LayoutTransition``, every frame's frames and opacities decoded from the group's
/// kernel pass; the old layout's cells outlined.
struct PreviewLayoutPage {
    let scene: LayoutScene
    let curve: Curve
    let config: StaggerConfig?
    let order: LayoutTransition<Int>.Order
    let count: Int
    let fps: Int
    let title: String

    /// Where the cards are drawn, in CSS pixels, for the script and the tests.
    struct Layout: Encodable {
        let canvasWidth: Double, canvasHeight: Double
        /// The canvas position of the layouts' (0, 0).
        let originX: Double, originY: Double
    }

    private struct Payload: Encodable {
        let title: String
        let fps: Int
        let frameCount: Int
        let count: Int
        /// The old layout's cells: x, y, width, height of each in turn.
        let cells: [Double]
        /// Per frame: x, y, width, height, opacity of every card in turn.
        let frames: [[Double]]
        let layout: Layout
    }

    /// - Throws: ``AnimatableError`` from the transition.
    func render() throws -> String {
        let (old, new) = try scene.layouts(count: count)
        var flight = try LayoutTransition(
            from: old, to: new, curves: MatchedCurves(curve), stagger: config, order: order,
            appearing: .init(scale: 0.6), disappearing: .init(scale: 0.6))
        try flight.start(at: 0)
        let frameCount = PreviewLength.frameCount(through: flight.group.settleTime, fps: fps)
        var frame = flight.group.makeFrame(recordsVelocity: false)
        var states: [MatchedPairState] = []
        var frames: [[Double]] = []
        let rounded = { (value: Double) in (value * 100).rounded() / 100 }
        for f in 0..<frameCount {
            try flight.group.sample(at: Double(f) / Double(fps), into: &frame)
            try flight.group.states(in: frame, into: &states)
            frames.append(
                states.flatMap {
                    [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height, $0.opacity].map(rounded)
                })
        }
        let all = old.map(\.frame) + new.map(\.frame)
        let width = (all.map { $0.minX + $0.width }.max() ?? 0) + 80
        let height = (all.map { $0.minY + $0.height }.max() ?? 0) + 120
        let layout = Layout(canvasWidth: max(width, 640), canvasHeight: height, originX: 40, originY: 60)
        let payload = Payload(
            title: title, fps: fps, frameCount: frameCount, count: flight.ids.count,
            cells: old.flatMap { [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height] }, frames: frames,
            layout: layout)
        return PreviewControls.page(Self.template, title: title, payload: payload)
    }

    static let template = """
        @HEAD@
        @CONTROLS@
        @SETUP@
        function draw(frame) {
          clear();
          ctx.fillText(data.title, 24, 24);
          ctx.save();
          ctx.translate(L.originX, L.originY);
          ctx.strokeStyle = "#dddddd";
          for (let i = 0; i < data.cells.length; i += 4) {
            ctx.strokeRect(data.cells[i] + 0.5, data.cells[i + 1] + 0.5, data.cells[i + 2] - 1, data.cells[i + 3] - 1);
          }
          const f = data.frames[frame];
          for (let i = 0; i < data.count; i++) {
            ctx.globalAlpha = Math.min(1, Math.max(0, f[5 * i + 4]));
            ctx.fillStyle = "rgb(51,102,204)";
            ctx.fillRect(f[5 * i], f[5 * i + 1], f[5 * i + 2], f[5 * i + 3]);
          }
          ctx.restore();
        }
        @PLAYER@
        </script>
        </body>
        </html>
        """
}
