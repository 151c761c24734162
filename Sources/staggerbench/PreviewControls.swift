import Foundation

/// What every preview page shares: the head and the canvas (`@HEAD@`), the HTML of the
/// controls (play, scrubber,
/// time, speed, loop) and the script that drives them. A page defines `data` (with
/// `fps`, `frameCount` and `title`) and `draw(frame)` before the script.
enum PreviewControls {
    /// A page: `template` with its markers replaced, `payload` as the page's `data`
    /// (JSON; it must carry `layout.canvasWidth` and `canvasHeight`, which `@SETUP@`
    /// sizes the canvas from) and `title` as its title.
    static func page<Payload: Encodable>(_ template: String, title: String, payload: Payload) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: (try? encoder.encode(payload)) ?? Data("{}".utf8), as: UTF8.self)
            // Inside <script>, "</" would end the element.
            .replacingOccurrences(of: "</", with: "<\\/")
        let escapedTitle = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<", with: "&lt;")
        return template.replacingOccurrences(of: "@HEAD@", with: head).replacingOccurrences(
            of: "@CONTROLS@", with: html
        )
        .replacingOccurrences(of: "@SETUP@", with: setup).replacingOccurrences(of: "@PLAYER@", with: script)
        .replacingOccurrences(of: "@TITLE@", with: escapedTitle).replacingOccurrences(of: "@DATA@", with: json)
    }

    /// The page's data, then a canvas `ctx` of the layout's size in CSS pixels, sharp
    /// at any device scale, and `clear()` to start a frame.
    static let setup = """
        <script type="application/json" id="stagger-data">@DATA@</script>
        <script>
        "use strict";
        const data = JSON.parse(document.getElementById("stagger-data").textContent);
        const L = data.layout;
        const canvas = document.getElementById("stage"), ctx = canvas.getContext("2d");
        const ratio = window.devicePixelRatio || 1;
        canvas.width = L.canvasWidth * ratio; canvas.height = L.canvasHeight * ratio;
        canvas.style.width = L.canvasWidth + "px"; canvas.style.height = L.canvasHeight + "px";
        // Starts a frame: the background, and the pen for text.
        function clear() {
          ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
          ctx.globalAlpha = 1;
          ctx.fillStyle = "#fafafa";
          ctx.fillRect(0, 0, L.canvasWidth, L.canvasHeight);
          ctx.fillStyle = "#333";
          ctx.font = "13px system-ui, sans-serif";
        }
        """

    static let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>@TITLE@</title>
        <style>
          body { margin: 0; font: 13px system-ui, sans-serif; color: #222; background: #fafafa; }
          canvas { display: block; }
          .controls { display: flex; gap: 12px; align-items: center; padding: 0 24px 16px; }
          .controls input[type=range] { flex: 1; }
          .time { font-variant-numeric: tabular-nums; min-width: 7em; }
          .keys { color: #666; padding: 0 24px; }
        </style>
        </head>
        <body>
        <canvas id="stage"></canvas>
        """

    static let html = """
        <div class="controls">
          <button id="play" type="button">Play</button>
          <input id="scrub" type="range" min="0" value="0" aria-label="time">
          <span class="time" id="time"></span>
          <label>speed <select id="speed">
            <option value="0.1">0.1x</option><option value="0.25">0.25x</option>
            <option value="1" selected>1x</option></select></label>
          <label><input id="loop" type="checkbox" checked> loop</label>
        </div>
        """

    /// Play and pause, the scrubber, 0.1x / 0.25x / 1x, loop, the keyboard (space,
    /// arrows, 1 2 3, L), and #t=SECONDS to open paused at a time; sets the title to
    /// "... (ready)" once it has drawn, for tests.
    static let script = """
        const play = document.getElementById("play"), scrub = document.getElementById("scrub");
        const timeLabel = document.getElementById("time"), speed = document.getElementById("speed");
        const loop = document.getElementById("loop");
        scrub.max = data.frameCount - 1;
        let frame = 0, playing = false, clock = 0, last = null;
        function show(f) {
          frame = Math.max(0, Math.min(data.frameCount - 1, f));
          scrub.value = frame;
          timeLabel.textContent = (frame / data.fps).toFixed(3) + " s";
          draw(frame);
        }
        function setPlaying(on) {
          playing = on; play.textContent = on ? "Pause" : "Play"; last = null;
          if (on) { if (frame >= data.frameCount - 1) frame = 0; clock = frame / data.fps; requestAnimationFrame(tick); }
        }
        function tick(now) {
          if (!playing) return;
          if (last !== null) clock += (now - last) / 1000 * Number(speed.value);
          last = now;
          let f = Math.round(clock * data.fps);
          if (f >= data.frameCount) {
            if (loop.checked) { clock = 0; f = 0; } else { show(data.frameCount - 1); setPlaying(false); return; }
          }
          show(f);
          requestAnimationFrame(tick);
        }
        play.addEventListener("click", () => setPlaying(!playing));
        scrub.addEventListener("input", () => { setPlaying(false); show(Number(scrub.value)); });
        document.addEventListener("keydown", (e) => {
          if (e.key === " ") { setPlaying(!playing); e.preventDefault(); }
          else if (e.key === "ArrowRight") { setPlaying(false); show(frame + 1); }
          else if (e.key === "ArrowLeft") { setPlaying(false); show(frame - 1); }
          else if (e.key === "1" || e.key === "2" || e.key === "3") { speed.selectedIndex = Number(e.key) - 1; }
          else if (e.key === "l" || e.key === "L") { loop.checked = !loop.checked; }
        });
        function seekFromAddress() {
          const match = /[#&?]t=([0-9.]+)/.exec(location.hash + location.search);
          if (!match) return false;
          setPlaying(false);
          show(Math.round(Number(match[1]) * data.fps));
          return true;
        }
        window.addEventListener("hashchange", seekFromAddress);
        if (!seekFromAddress()) { show(0); setPlaying(true); }
        document.title = data.title + " (ready)";
        """
}
