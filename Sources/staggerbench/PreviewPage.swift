import Foundation
import Stagger

/// The HTML page of `staggerbench preview`: one file with the sampled frames embedded
/// and a small script that only draws them.
struct PreviewPage {
    let scene: PreviewScene
    let title: String

    /// The page's geometry, in CSS pixels: panels side by side (the items in each
    /// variant, then the heat map of their delays), each item in a cell of the same
    /// layout.
    struct Layout: Encodable {
        let canvasWidth: Double, canvasHeight: Double
        /// Left edge of each variant's items panel and of the heat map; the panels' top
        /// and size.
        let variantX: [Double], heatX: Double, panelY: Double, panelWidth: Double, panelHeight: Double
        /// Each item's cell within a panel: left, top (relative to the panel), size.
        let cellX: [Double], cellY: [Double]
        let itemWidth: Double, itemHeight: Double
        /// CSS pixels drawn per point of the offset track (1, or less in small cells).
        let pointScale: Double
    }

    /// Grid cells keep the grid's shape; a list is bars in columns, top to bottom.
    static func layout(count: Int, grid: StaggerConfig.Grid?, variants: Int) -> Layout {
        let panel = variants > 1 ? 360.0 : 480.0, margin = 24.0, gap = 48.0
        var cellX = [Double](repeating: 0, count: count), cellY = cellX
        let itemWidth: Double, itemHeight: Double
        if let grid {
            let cell = (panel / Double(max(grid.columns, grid.rows))).rounded(.down)
            let spacing = max(1, (cell / 6).rounded(.down))
            itemWidth = cell - spacing
            itemHeight = cell - spacing
            for i in 0..<count {
                cellX[i] = Double(i % grid.columns) * cell
                cellY[i] = Double(i / grid.columns) * cell
            }
        } else {
            // One column up to 24 items; beyond, columns four times as wide as tall.
            let columns = count <= 24 ? 1 : Int((Double(count) / 4).squareRoot().rounded(.up))
            let rows = (count + columns - 1) / columns
            let cellHeight = min(28, (panel / Double(rows)).rounded(.down))
            let cellWidth = count <= 24 ? (panel / 2).rounded(.down) : (panel / Double(columns)).rounded(.down)
            let spacing = max(1, (cellHeight / 5).rounded(.down))
            itemWidth = cellWidth - spacing
            itemHeight = cellHeight - spacing
            for i in 0..<count {
                cellX[i] = Double(i / rows) * cellWidth
                cellY[i] = Double(i % rows) * cellHeight
            }
        }
        // As tall as the items, plus room for the offset track's first 20 points.
        let panelHeight = (cellY.max() ?? 0) + itemHeight + 20
        let variantX = (0..<variants).map { margin + Double($0) * (panel + gap) }
        return Layout(
            canvasWidth: margin * 2 + panel * Double(variants + 1) + gap * Double(variants),
            canvasHeight: margin * 2 + 32 + panelHeight + 40,
            variantX: variantX, heatX: margin + Double(variants) * (panel + gap), panelY: margin + 32,
            panelWidth: panel,
            panelHeight: panelHeight,
            cellX: cellX, cellY: cellY, itemWidth: itemWidth, itemHeight: itemHeight,
            pointScale: min(1, itemHeight / 20))
    }

    /// What the script reads: the layout, the delays, and the frames as 16-bit integers
    /// (each track with its own quantum, at most 1/32767 of its largest value).
    struct Payload: Encodable {
        let title: String
        let fps: Int
        let frameCount: Int
        let count: Int
        let trackNames: [String]
        let quanta: [Double]
        /// Each variant's title and frames.
        let variants: [[String: String]]
        let delays: [Float]
        let events: [[String: Double]]
        let layout: Layout
    }

    func render() -> String {
        let trackCount = scene.trackNames.count
        // A quantum per track, shared by the variants so that they draw alike.
        var quanta = [Double](repeating: 1, count: trackCount)
        for k in 0..<trackCount {
            var largest: Float = 0
            for variant in scene.variants {
                for f in 0..<scene.frameCount {
                    let base = (f * trackCount + k) * scene.count
                    for i in 0..<scene.count { largest = max(largest, abs(variant.tracks[base + i])) }
                }
            }
            if largest > 0 { quanta[k] = Double(largest) / 32_767 }
        }
        let variants = scene.variants.map { variant -> [String: String] in
            var bytes = [UInt8]()
            bytes.reserveCapacity(variant.tracks.count * 2)
            for f in 0..<scene.frameCount {
                for k in 0..<trackCount {
                    let base = (f * trackCount + k) * scene.count
                    for i in 0..<scene.count {
                        let q = Int16(clamping: Int((Double(variant.tracks[base + i]) / quanta[k]).rounded()))
                        let bits = UInt16(bitPattern: q)
                        bytes.append(UInt8(bits & 0xFF))
                        bytes.append(UInt8(bits >> 8))
                    }
                }
            }
            return ["title": variant.title, "frames": Data(bytes).base64EncodedString()]
        }
        let payload = Payload(
            title: title, fps: scene.fps, frameCount: scene.frameCount, count: scene.count,
            trackNames: scene.trackNames, quanta: quanta, variants: variants,
            delays: scene.delays,
            events: scene.events.map { ["time": $0.time, "shows": $0.shows ? 1 : 0] },
            layout: Self.layout(count: scene.count, grid: scene.config.grid, variants: scene.variants.count))
        return PreviewControls.page(Self.template, title: title, payload: payload)
    }

    /// The page. The canvas sits at the top-left corner of the page (no margin), so
    /// that a screenshot's pixels are the layout's CSS pixels at a device scale of 1.
    static let template = """
        @HEAD@
        @CONTROLS@
        <p class="keys">Space: play or pause &middot; &larr; &rarr;: one frame &middot;
          1 2 3: 0.1x 0.25x 1x &middot; L: loop &middot; #t=SECONDS in the address opens it there.
          Every frame was computed by Stagger's kernel (StaggeredList.sample); this page only draws.</p>
        @SETUP@
        const n = data.count, tracks = data.trackNames.length;
        function decode(text) {
          const raw = atob(text), words = new Int16Array(raw.length / 2);
          for (let j = 0; j < words.length; j++) {
            const v = raw.charCodeAt(2 * j) | (raw.charCodeAt(2 * j + 1) << 8);
            words[j] = v > 32767 ? v - 65536 : v;
          }
          return words;
        }
        const variants = data.variants.map((v) => ({ title: v.title, words: decode(v.frames) }));
        const track = (name) => data.trackNames.indexOf(name);
        const opacity = track("opacity"), offsetY = track("offsetY"), scale = track("scale");
        const ripple = track("ripple");
        function value(words, frame, k, i) {
          return k < 0 ? null : words[(frame * tracks + k) * n + i] * data.quanta[k];
        }
        const maxDelay = Math.max(1e-9, ...data.delays);
        function heat(u) {
          // Light yellow (no delay) to deep violet (the longest).
          const a = [253, 230, 138], b = [76, 29, 149];
          return "rgb(" + a.map((c, j) => Math.round(c + (b[j] - c) * u)).join(",") + ")";
        }
        function draw(frame) {
          clear();
          ctx.fillText("start delay of each item", L.heatX, L.panelY - 20);
          variants.forEach((variant, v) => {
            const left = L.variantX[v];
            ctx.globalAlpha = 1;
            ctx.fillStyle = "#333";
            ctx.fillText(variant.title, left, L.panelY - 20);
            // Each items panel is clipped so that an item's offset cannot draw over the next panel.
            ctx.save();
            ctx.beginPath();
            // (12 points above the panel leave room for a ripple's upward offsets.)
            ctx.rect(left - 4, L.panelY - 12, L.panelWidth + 8, L.panelHeight + 16);
            ctx.clip();
            ctx.fillStyle = "#2f6fde";
            for (let i = 0; i < n; i++) {
              const a = opacity < 0 ? 1 : value(variant.words, frame, opacity, i);
              const s = scale < 0 ? 1 : value(variant.words, frame, scale, i);
              const dy = ((offsetY < 0 ? 0 : value(variant.words, frame, offsetY, i))
                + (ripple < 0 ? 0 : value(variant.words, frame, ripple, i))) * L.pointScale;
              const w = L.itemWidth * s, h = L.itemHeight * s;
              const x = left + L.cellX[i] + (L.itemWidth - w) / 2;
              const y = L.panelY + L.cellY[i] + (L.itemHeight - h) / 2 + dy;
              ctx.globalAlpha = Math.min(1, Math.max(0, a));
              ctx.fillRect(x, y, w, h);
            }
            ctx.restore();
          });
          ctx.globalAlpha = 1;
          for (let i = 0; i < n; i++) {
            ctx.fillStyle = heat(data.delays[i] / maxDelay);
            ctx.fillRect(L.heatX + L.cellX[i], L.panelY + L.cellY[i], L.itemWidth, L.itemHeight);
          }
          const legendY = L.panelY + L.panelHeight + 4;
          for (let x = 0; x < 160; x++) { ctx.fillStyle = heat(x / 159); ctx.fillRect(L.heatX + x, legendY, 1, 10); }
          ctx.fillStyle = "#333";
          ctx.fillText("0 s", L.heatX, legendY + 24);
          ctx.fillText(maxDelay.toFixed(3) + " s", L.heatX + 130, legendY + 24);
        }
        @PLAYER@
        </script>
        </body>
        </html>
        """
}
