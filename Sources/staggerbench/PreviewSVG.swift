import Foundation
import Stagger

/// `staggerbench preview --format svg`: the items of a preview as an animated SVG.
///
/// SMIL animations only, no script, so it plays wherever SVG does (a browser, a README
/// on a code host). Each item is a rectangle whose opacity and vertical offset step
/// through the kernel's frames (`values` at evenly spaced `keyTimes`, looping); the
/// browser interpolates linearly between frames. Scale is left out: SMIL scales about
/// the origin, and 0.95 -> 1 is too subtle to be worth a transform per item.
struct PreviewSVG {
    let scene: PreviewScene
    let title: String

    /// What a test needs to find the items: the layout and the timing.
    private struct Metadata: Encodable {
        let fps: Int
        let frameCount: Int
        let delays: [Float]
        let layout: PreviewPage.Layout
    }

    func render() -> String {
        let layout = PreviewPage.layout(count: scene.count, grid: scene.config.grid, variants: 1)
        let width = layout.variantX[0] * 2 + (layout.cellX.max() ?? 0) + layout.itemWidth
        let height = layout.panelY + layout.panelHeight + 8
        let trackCount = scene.trackNames.count
        let opacity = scene.trackNames.firstIndex(of: "opacity")
        let offset = scene.trackNames.firstIndex(of: "offsetY")
        let tracks = scene.variants[0].tracks
        let duration = Double(scene.frameCount - 1) / Double(scene.fps)
        let keyTimes = (0..<scene.frameCount).map { format(Double($0) / Double(scene.frameCount - 1), 4) }
            .joined(separator: ";")
        func values(track k: Int, item i: Int, _ text: (Float) -> String) -> String {
            (0..<scene.frameCount).map { f in text(tracks[(f * trackCount + k) * scene.count + i]) }
                .joined(separator: ";")
        }
        let metadata = Metadata(fps: scene.fps, frameCount: scene.frameCount, delays: scene.delays, layout: layout)
        let json = String(decoding: (try? JSONEncoder().encode(metadata)) ?? Data("{}".utf8), as: UTF8.self)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width, 0))" height="\(format(height, 0))" \
            viewBox="0 0 \(format(width, 0)) \(format(height, 0))">
            <title>\(escapeXML(title))</title>
            <metadata id="stagger-layout">\(escapeXML(json))</metadata>
            <rect width="100%" height="100%" fill="#fafafa"/>

            """
        let timing = "dur=\"\(format(duration, 4))s\" keyTimes=\"\(keyTimes)\" repeatCount=\"indefinite\""
        for i in 0..<scene.count {
            let x = layout.variantX[0] + layout.cellX[i], y = layout.panelY + layout.cellY[i]
            svg +=
                "<rect x=\"\(format(x, 2))\" y=\"\(format(y, 2))\" width=\"\(format(layout.itemWidth, 2))\" "
                + "height=\"\(format(layout.itemHeight, 2))\" fill=\"#2f6fde\">\n"
            if let opacity {
                let list = values(track: opacity, item: i) { format(Double(min(max($0, 0), 1)), 3) }
                svg += "<animate attributeName=\"opacity\" values=\"\(list)\" \(timing)/>\n"
            }
            if let offset {
                let list = values(track: offset, item: i) { "0 " + format(Double($0) * layout.pointScale, 2) }
                svg +=
                    "<animateTransform attributeName=\"transform\" type=\"translate\" values=\"\(list)\" \(timing)/>\n"
            }
            svg += "</rect>\n"
        }
        return svg + "</svg>\n"
    }

    private func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
