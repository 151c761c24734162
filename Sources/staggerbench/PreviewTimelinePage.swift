import Foundation
import Stagger

/// `staggerbench preview --timeline NAME`: a timeline as an animated Gantt chart.
///
/// One row per step, in start order: a grey bar for its delay, a blue bar while it
/// runs, beneath it a sparkline of its eased value over that time, and orange ticks
/// where its events fire. The values come from `Timeline.sample(at:into:)` (the kernel)
/// at every frame; the page draws them with a cursor at the current time.
struct PreviewTimelinePage {
    let timeline: Timeline
    let title: String
    let fps: Int

    /// The chart's geometry, in CSS pixels, for the script and for tests.
    struct Layout: Encodable {
        let canvasWidth: Double, canvasHeight: Double
        /// Where time 0 is, pixels per second, the top of the first row, a row's height
        /// and the bar's top and height within it.
        let chartX: Double, pixelsPerSecond: Double, top: Double, rowHeight: Double
        let barTop: Double, barHeight: Double
    }

    private struct Row: Encodable {
        let id: String
        let start: Double
        let end: Double
        /// The eased value at every frame.
        let values: [Double]
        /// Times of this step's events (started, completed), seconds.
        let events: [Double]
    }

    private struct Payload: Encodable {
        let title: String
        let fps: Int
        let frameCount: Int
        let duration: Double
        let rows: [Row]
        let layout: Layout
    }

    /// - Throws: ``TimelineError`` from sampling or from the events query.
    func render() throws -> String {
        let steps = timeline.scheduledSteps
        let end = timeline.duration + 0.25
        let frameCount = PreviewLength.frameCount(through: timeline.duration, fps: fps)
        var values = [Float](repeating: 0, count: steps.count)
        var perStep = [[Double]](repeating: [], count: steps.count)
        for f in 0..<frameCount {
            try timeline.sample(at: Double(f) / Double(fps), into: &values)
            for k in steps.indices { perStep[k].append((Double(values[k]) * 1000).rounded() / 1000) }
        }
        let events = try timeline.events(from: -.infinity, to: timeline.duration)
        let order = steps.indices.sorted { (steps[$0].start, $0) < (steps[$1].start, $1) }
        let rows = order.map { k in
            Row(
                id: steps[k].id, start: steps[k].start, end: steps[k].end, values: perStep[k],
                events: events.filter { $0.child == steps[k].id }.map(\.time))
        }
        let chartWidth = 720.0, rowHeight = 30.0
        let layout = Layout(
            canvasWidth: 24 + 150 + chartWidth + 60, canvasHeight: 56 + rowHeight * Double(rows.count) + 24,
            chartX: 24 + 150, pixelsPerSecond: chartWidth / max(end, 1e-3), top: 56, rowHeight: rowHeight,
            barTop: 2, barHeight: 10)
        let payload = Payload(
            title: title, fps: fps, frameCount: frameCount, duration: timeline.duration, rows: rows, layout: layout)
        return PreviewControls.page(Self.template, title: title, payload: payload)
    }

    /// The page: the same controls as the list preview, drawing a chart instead.
    static let template = """
        @HEAD@
        @CONTROLS@
        @SETUP@
        const x = (t) => L.chartX + t * L.pixelsPerSecond;
        function draw(frame) {
          const now = frame / data.fps;
          clear();
          ctx.fillText(data.title + " (" + data.duration.toFixed(3) + " s)", 24, 24);
          // Seconds along the top.
          ctx.fillStyle = "#666";
          for (let t = 0; t <= data.duration + 0.25 + 1e-9; t += 0.1) {
            ctx.fillRect(x(t), L.top - 10, 1, 4);
            if (Math.round(t * 10) % 5 === 0) ctx.fillText(t.toFixed(1), x(t) - 8, L.top - 14);
          }
          data.rows.forEach((row, r) => {
            const top = L.top + r * L.rowHeight;
            ctx.fillStyle = "#333";
            ctx.fillText(row.id, 24, top + L.barTop + L.barHeight);
            ctx.fillStyle = "#dddddd";  // waiting for its start
            ctx.fillRect(x(0), top + L.barTop, x(row.start) - x(0), L.barHeight);
            ctx.fillStyle = "#8fb4f0";  // running
            ctx.fillRect(x(row.start), top + L.barTop, Math.max(1, x(row.end) - x(row.start)), L.barHeight);
            // The eased value over the whole run, beneath the bar; solid up to now.
            const base = top + L.barTop + L.barHeight + 14, height = 12;
            ctx.strokeStyle = "#1d4fb8";
            ctx.lineWidth = 1.5;
            ctx.beginPath();
            for (let f = 0; f < data.frameCount; f++) {
              const t = f / data.fps, v = row.values[f];
              const px = x(t), py = base - Math.max(-0.3, Math.min(1.3, v)) * height;
              if (f === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
              if (f === frame) { ctx.stroke(); ctx.strokeStyle = "#b9c9e8"; ctx.beginPath(); ctx.moveTo(px, py); }
            }
            ctx.stroke();
            ctx.fillStyle = "#e4572e";
            for (const t of row.events) ctx.fillRect(x(t) - 1, top, 2, L.barTop);
            ctx.fillStyle = "#333";
            ctx.fillText(row.values[frame].toFixed(2), x(data.duration + 0.25) + 6, top + L.barTop + L.barHeight);
          });
          ctx.fillStyle = "#d11";
          ctx.fillRect(x(now), L.top - 6, 1, L.canvasHeight - L.top - 12);
        }
        @PLAYER@
        </script>
        </body>
        </html>
        """
}
