#!/usr/bin/env python3
"""Checks `staggerbench preview` pages in a real headless browser.

For each scene it writes a preview, opens it from file:// in Chromium with networking
disabled at chosen times (#t=SECONDS), takes a screenshot, and checks the pixels
against values computed here from the published definitions (DefinitionsAndSources.md sections 2
and 3), not from Stagger's output:
  - each item's drawn opacity (its colour over the background at its centre),
  - each visible item's top edge (its offset and scale),
  - each heat-map cell's colour (its start delay),
and that the page's script ran to the end (its title says "ready"). A preview whose
script breaks draws nothing and fails every check.

    check_preview.py STAGGERBENCH CHROMIUM WORKDIR
"""
import json
import math
import os
import re
import struct
import subprocess
import sys
import zlib

BACKGROUND_R = 0xFA  # #fafafa
ITEM_R = 0x2F  # #2f6fde
OPACITY_TOLERANCE = 0.02  # 1/203 per level of red, plus the screenshot's rounding
EDGE_TOLERANCE = 0.75  # CSS pixels (device scale 1)


def read_png(path):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG: (width, height, rows of
    (r, g, b) tuples)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        filter_type = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            up_left = previous[x - channels] if x >= channels else 0
            if filter_type == 1:
                line[x] = (line[x] + left) & 0xFF
            elif filter_type == 2:
                line[x] = (line[x] + up) & 0xFF
            elif filter_type == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif filter_type == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else up_left)
                line[x] = (line[x] + predictor) & 0xFF
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


# ---- the published definitions ------------------------------------------------------

def ease_out_cubic(p):
    """Penner's easeOutCubic, 1 - (1 - p)^3 (DefinitionsAndSources.md 2)."""
    return 1 - (1 - p) ** 3


def linear(p):
    return p


def appearance(curve, duration, delay, time):
    p = min(max((time - delay) / duration, 0.0), 1.0)
    return curve(p)


def ease_in_out(p):
    """CSS easeInOut, cubic-bezier(0.42, 0, 0.58, 1), x(t) = p solved by bisection."""
    p = min(max(p, 0.0), 1.0)

    def bezier(a, b, t):
        u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    low, high = 0.0, 1.0
    for _ in range(60):
        mid = (low + high) / 2
        if bezier(0.42, 0.58, mid) < p:
            low = mid
        else:
            high = mid
    return bezier(0, 1, (low + high) / 2)


def full_motion(curve, duration, delays):
    """An item's tracks in full motion: (opacity, scale, offset in points)."""
    def tracks(i, time):
        a = appearance(curve, duration, delays[i], time)
        return a, 0.95 + 0.05 * a, 20 * (1 - a)
    return tracks


def reduced_motion(delays):
    """Reduced motion (ReducedMotion's rules): the stagger scaled to 0.1 s, opacity an
    easeInOut fade of 0.2 s, offset and scale at their end once the item starts."""
    scale = min(1.0, 0.1 / max(delays)) if max(delays) > 0 else 1.0

    def tracks(i, time):
        start = delays[i] * scale
        started = time > start
        return ease_in_out((time - start) / 0.2), 1.0 if started else 0.95, 0.0 if started else 20.0
    return tracks


def heat(u):
    """The page's legend colour for a delay at fraction u of the longest."""
    a, b = (253, 230, 138), (76, 29, 149)
    return tuple(round(c + (d - c) * u) for c, d in zip(a, b))


# ---- the browser ---------------------------------------------------------------------

def browser_flags(chromium):
    return [
        chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--force-device-scale-factor=1", "--force-color-profile=srgb",
        "--no-first-run", "--disable-extensions", "--disable-background-networking",
        # No network: any request other than file:// fails at once.
        "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--virtual-time-budget=4000",
    ]


def screenshot(chromium, page, time, out):
    url = "file://" + os.path.abspath(page) + f"#t={time}"
    subprocess.run(browser_flags(chromium) + ["--window-size=1100,700", f"--screenshot={out}", url],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    return read_png(out)


def title_after_scripts(chromium, page):
    url = "file://" + os.path.abspath(page) + "#t=0"
    dom = subprocess.run(browser_flags(chromium) + ["--dump-dom", url], check=True,
                         capture_output=True, text=True, timeout=120).stdout
    match = re.search(r"<title>(.*?)</title>", dom, re.S)
    return match.group(1) if match else ""


def layout_of(page):
    with open(page, encoding="utf-8") as f:
        html = f.read()
    for address in re.findall(r"(?:src|href)\s*=\s*[\"']([^\"']+)", html):
        raise AssertionError(f"{page}: loads {address}: a preview must be self-contained")
    if re.search(r"https?://", html):
        raise AssertionError(f"{page}: names a network address")
    data = json.loads(re.search(r'<script type="application/json" id="stagger-data">(.*?)</script>',
                                html, re.S).group(1).replace("<\\/", "</"))
    return data


# ---- the checks ---------------------------------------------------------------------

class Checker:
    def __init__(self):
        self.failures = []
        self.checked = 0

    def expect(self, condition, message):
        self.checked += 1
        if not condition:
            self.failures.append(message)


def check_scene(check, staggerbench, chromium, workdir, name, arguments, delays, variants, times):
    """`variants`: for each items panel, a function (item, time) -> (opacity, scale,
    offset in points) from the definitions."""
    page = os.path.join(workdir, name + ".html")
    subprocess.run([staggerbench, "preview", *arguments, "-o", page], check=True, stdout=subprocess.DEVNULL)
    data = layout_of(page)
    L = data["layout"]
    check.expect(len(L["variantX"]) == len(variants), f"{name}: {len(L['variantX'])} panels, expected {len(variants)}")
    check.expect(data["count"] == len(delays), f"{name}: {data['count']} items, expected {len(delays)}")
    check.expect(title_after_scripts(chromium, page).endswith("(ready)"), f"{name}: the page's script did not finish")
    size = os.path.getsize(page)
    longest = max(delays)
    for time in times:
        _, _, rows = screenshot(chromium, page, time, os.path.join(workdir, f"{name}-{time}.png"))

        for v, tracks in enumerate(variants):
            check_items(check, f"{name} panel {v}", rows, L, L["variantX"][v], len(delays), tracks, time)
        for i in range(len(delays)):
            # The heat map: the delay's colour at the cell's centre.
            hx = L["heatX"] + L["cellX"][i] + L["itemWidth"] / 2
            hy = L["panelY"] + L["cellY"][i] + L["itemHeight"] / 2
            expected = heat(delays[i] / longest)
            got = rows[int(hy)][int(hx)]
            check.expect(all(abs(g - e) <= 2 for g, e in zip(got, expected)),
                         f"{name} t={time} heat cell {i}: {got}, expected {expected}")
    return size


def check_items(check, name, rows, L, panel_x, count, tracks, time, scaled=True):
    """Checks every item of one panel at `time` against `tracks` (see check_scene): its
    drawn opacity at its centre, and the top edge of each clearly visible item."""
    def red(x, y):
        return rows[int(y)][int(x)][0]

    # Every item's rectangle (left, top, width, height) and opacity, from the definitions.
    items = []
    for i in range(count):
        a, s, offset = tracks(i, time)
        if not scaled:
            s = 1.0
        dy = offset * L["pointScale"]
        w, h = L["itemWidth"] * s, L["itemHeight"] * s
        left = panel_x + L["cellX"][i] + (L["itemWidth"] - w) / 2
        top = L["panelY"] + L["cellY"][i] + (L["itemHeight"] - h) / 2 + dy
        items.append((left, top, w, h, a))

    def covered_by_another(i, x, y0, y1):
        """Whether an item other than i draws anywhere in column x between y0 and y1
        (offsets let an item slide over its neighbour)."""
        for j, (left, top, w, h, a) in enumerate(items):
            if j != i and a > 0 and left - 1 <= x <= left + w + 1 and top - 1 <= y1 and y0 <= top + h + 1:
                return True
        return False

    for i, (left, top, w, h, a) in enumerate(items):
        cx, cy = left + w / 2, top + h / 2
        if not covered_by_another(i, cx, cy, cy):
            drawn = (BACKGROUND_R - red(cx, cy)) / (BACKGROUND_R - ITEM_R)
            check.expect(abs(drawn - a) <= OPACITY_TOLERANCE,
                         f"{name} t={time} item {i}: drawn opacity {drawn:.3f}, expected {a:.3f}")
        if a > 0.25 and not covered_by_another(i, cx, top - 3, top + 4):
            # The first row the item covers, from the coverage of its top edge.
            edge = None
            for y in range(int(top) - 3, int(top) + 4):
                coverage = (BACKGROUND_R - red(cx, y)) / ((BACKGROUND_R - ITEM_R) * a)
                if coverage > 0.05:
                    edge = y + 1 - min(coverage, 1)
                    break
            check.expect(edge is not None and abs(edge - top) <= EDGE_TOLERANCE,
                         f"{name} t={time} item {i}: top edge at {edge}, expected {top:.2f}")


def check_svg(check, staggerbench, chromium, workdir, name, arguments, tracks, times):
    """An animated SVG (SMIL, no script of its own): opened in a wrapper page that
    pauses it at `time`, then checked as an items panel without scale."""
    svg_path = os.path.join(workdir, name + ".svg")
    subprocess.run([staggerbench, "preview", *arguments, "--format", "svg", "-o", svg_path],
                   check=True, stdout=subprocess.DEVNULL)
    with open(svg_path, encoding="utf-8") as f:
        svg = f.read()
    check.expect("<script" not in svg and not re.search(r"(?:src|href)\s*=", svg),
                 f"{name}: the SVG must be script-free and self-contained")
    meta = json.loads(re.search(r'<metadata id="stagger-layout">(.*?)</metadata>', svg, re.S).group(1)
                      .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
    L = meta["layout"]
    wrapper = os.path.join(workdir, name + "-wrapper.html")
    with open(wrapper, "w", encoding="utf-8") as f:
        f.write('<!DOCTYPE html><html><body style="margin:0">' + svg + '<script>'
                'const svg = document.querySelector("svg"); svg.pauseAnimations();'
                'svg.setCurrentTime(Number(/t=([0-9.]+)/.exec(location.hash)[1]));'
                'document.title = "ready";</script></body></html>')
    for time in times:
        _, _, rows = screenshot(chromium, wrapper, time, os.path.join(workdir, f"{name}-{time}.png"))
        check_items(check, f"{name} (svg) t={time}", rows, L, L["variantX"][0], len(meta["delays"]), tracks, time,
                    scaled=False)
    return os.path.getsize(svg_path)


def main():
    staggerbench, chromium, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    check = Checker()
    # A list: 12 items 0.05 s apart from the first (DefinitionsAndSources.md 3), easeOutCubic over 0.5 s.
    list_delays = [0.05 * i for i in range(12)]
    size = check_scene(check, staggerbench, chromium, workdir, "list",
                       ["--stagger", "each:0.05,curve:easeOutCubic", "--duration", "0.5", "--items", "12"],
                       list_delays, [full_motion(ease_out_cubic, 0.5, list_delays)], [0.2, 0.4, 0.75])
    # The same list beside itself under reduced motion.
    check_scene(check, staggerbench, chromium, workdir, "reduced",
                ["--stagger", "each:0.05,curve:easeOutCubic", "--duration", "0.5", "--items", "12",
                 "--reduced-motion"],
                list_delays, [full_motion(ease_out_cubic, 0.5, list_delays), reduced_motion(list_delays)],
                [0.05, 0.1, 0.2])
    # The animated SVG of 8 rows, sampled at 30 fps: checked at frame times.
    svg_delays = [0.06 * i for i in range(8)]
    svg_size = check_svg(check, staggerbench, chromium, workdir, "rows",
                         ["--stagger", "each:0.06,curve:easeOutCubic", "--duration", "0.5", "--items", "8"],
                         full_motion(ease_out_cubic, 0.5, svg_delays), [0.2, 0.5])
    # A 6 x 4 grid from its centre: each 0.04 s per unit of euclidean distance from the
    # centre point (2.5, 1.5), as anime.js's grid (DefinitionsAndSources.md 3), linear over 0.4 s.
    grid_delays = [0.04 * math.hypot(i % 6 - 2.5, i // 6 - 1.5) for i in range(24)]
    check_scene(check, staggerbench, chromium, workdir, "grid",
                ["--stagger", "each:0.04,grid:6x4,from:center,curve:linear", "--duration", "0.4"],
                grid_delays, [full_motion(linear, 0.4, grid_delays)], [0.1, 0.25])
    # A ripple from cell 14 of the 6 x 4 grid once the items have settled: 8 exp(-tau / 0.8)
    # sin(2 pi (2 t - 0.5 u)) points for u cells from the tapped cell, tau = t - 0.25 u
    # (the front travels at 4 cells per second), zero before the front.
    def rippled(i, time):
        u = math.hypot(i % 6 - 14 % 6, i // 6 - 14 // 6)
        tau = time - 0.25 * u
        wave = 8 * math.exp(-tau / 0.8) * math.sin(2 * math.pi * (2 * time - 0.5 * u)) if tau > 0 else 0.0
        return 1.0, 1.0, wave
    check_scene(check, staggerbench, chromium, workdir, "ripple",
                ["--stagger", "each:0.04,grid:6x4,from:center,curve:linear", "--duration", "0.4", "--ripple", "14"],
                grid_delays, [rippled], [0.9, 1.15])
    # A timeline as a Gantt chart: AnimationSequence.rowByRow(count: 8, each: 0.05,
    # duration: 0.3) has row[i] from 0.05 i to 0.05 i + 0.3 s (its definition). Each bar
    # is grey before its start, blue from it to its end, background after.
    page = os.path.join(workdir, "gantt.html")
    subprocess.run([staggerbench, "preview", "--timeline", "rowByRow", "-o", page], check=True,
                   stdout=subprocess.DEVNULL)
    data = layout_of(page)
    G = data["layout"]
    check.expect(title_after_scripts(chromium, page).endswith("(ready)"), "gantt: the page's script did not finish")
    check.expect([r["id"] for r in data["rows"]] == [f"row[{i}]" for i in range(8)], f"gantt rows: {data['rows']}")
    _, _, rows = screenshot(chromium, page, 0.2, os.path.join(workdir, "gantt-0.2.png"))

    def x(t):
        return G["chartX"] + t * G["pixelsPerSecond"]
    for r in range(8):
        start, end = 0.05 * r, 0.05 * r + 0.3
        y = int(G["top"] + r * G["rowHeight"] + G["barTop"] + G["barHeight"] / 2)
        probes = [(x(start) + 2, 0x8F, "running just after its start"), (x(end) - 2, 0x8F, "running just before its end"),
                  (x(end) + 3, BACKGROUND_R, "empty after its end")]
        if r > 0:
            probes.append((x(start) - 2, 0xDD, "waiting just before its start"))
        for px, red, what in probes:
            got = rows[y][int(px)][0]
            check.expect(abs(got - red) <= 3, f"gantt row {r}: {what} (x {px:.1f}): red {got}, expected {red}")
    # A matched pair on a linear easing of 0.5 s, sent back at 0.25 s: interrupted easings
    # in a pair group are additive (the motion in flight runs on, a motion of the change
    # is added), so the fraction of the way from the cell to the screen is
    # t/0.5 - (t - 0.25)/0.5, each clamped to [0, 1]; the frame is the cell and screen
    # interpolated by it (anchor and size both linear).
    page = os.path.join(workdir, "matched.html")
    subprocess.run([staggerbench, "preview", "--matched", "--curve", "linear", "--duration", "0.5",
                    "--reverse-at", "0.25", "--reduced-motion", "-o", page], check=True, stdout=subprocess.DEVNULL)
    M = layout_of(page)["layout"]
    cell, screen = (16, 400, 160, 100), (0, 0, 390, 600)

    def clamp01(v):
        return min(max(v, 0.0), 1.0)
    for time in [0.2, 0.4, 0.6, 0.9]:
        f = clamp01(time / 0.5) - (clamp01((time - 0.25) / 0.5) if time > 0.25 else 0.0)
        # Beside it, reduced motion: the frame jumps to the screen at the start and
        # back to the cell when sent back (ReducedMotion's rules).
        reduced = 1.0 if time < 0.25 else 0.0
        _, _, rows = screenshot(chromium, page, time, os.path.join(workdir, f"matched-{time}.png"))
        for s, fraction in enumerate([f, reduced]):
            left = M["screenX"][s]
            x, y, w, h = (c + (s_ - c) * fraction for c, s_ in zip(cell, screen))

            def is_card(px, py):
                return max(abs(ch - BACKGROUND_R) for ch in rows[int(py)][int(px)]) > 60
            mid_y, mid_x = M["screenY"] + y + h / 2, left + x + w / 2
            xs = [px for px in range(int(left) + 1, int(left) + 390) if is_card(px, mid_y)]
            ys = [py for py in range(int(M["screenY"]) + 1, int(M["screenY"]) + 600) if is_card(mid_x, py)]
            edges = (xs[0], xs[-1] + 1, ys[0], ys[-1] + 1) if xs and ys else None
            expected = (left + x, left + x + w, M["screenY"] + y, M["screenY"] + y + h)
            check.expect(edges is not None and all(abs(a - b) <= 1.5 for a, b in zip(edges, expected)),
                         f"matched screen {s} t={time}: card edges {edges}, expected {tuple(round(e, 1) for e in expected)}")
    # Three items travelling the path M0 0 L300 0 L300 200 (length 500), 0.1 s apart,
    # each linear over 1 s: item i is 500 * clamp(t - 0.1 i, 0, 1) along it, on the
    # first leg heading right (0 degrees) up to 300, then down the second heading 90.
    # Each is an arrowhead: red at its point and just behind it, red 6 ahead along its
    # heading, not red 6 ahead and 4 to the side (the tip is narrow).
    page = os.path.join(workdir, "path.html")
    subprocess.run([staggerbench, "preview", "--path", "M0 0 L300 0 L300 200", "--stagger", "each:0.1,curve:linear",
                    "--duration", "1", "--items", "3", "-o", page], check=True, stdout=subprocess.DEVNULL)
    P = layout_of(page)["layout"]
    check.expect(title_after_scripts(chromium, page).endswith("(ready)"), "path: the page's script did not finish")
    for time in [0.5, 0.9]:
        _, _, rows = screenshot(chromium, page, time, os.path.join(workdir, f"path-{time}.png"))

        def is_red(px, py):
            r, g, b = rows[int(round(py))][int(round(px))][:3]
            return r > 180 and g < 120 and b < 120
        for i in range(3):
            d = 500 * min(max(time - 0.1 * i, 0.0), 1.0)
            (x, y), (cx, cy) = ((d, 0.0), (1.0, 0.0)) if d <= 300 else ((300.0, d - 300), (0.0, 1.0))
            x, y = P["originX"] + x, P["originY"] + y
            probes = [((x, y), True, "its point"), ((x - 4 * cx, y - 4 * cy), True, "behind its point"),
                      ((x + 6 * cx, y + 6 * cy), True, "6 ahead"),
                      ((x + 6 * cx - 4 * cy, y + 6 * cy + 4 * cx), False, "6 ahead, 4 to the side")]
            for (px, py), red, what in probes:
                check.expect(is_red(px, py) == red,
                             f"path t={time} item {i} at ({x - P['originX']:.0f}, {y - P['originY']:.0f}): "
                             f"{what} ({px:.0f}, {py:.0f}) {'not ' if red else ''}red")
    # Rows staggering in on scroll (`--viewport`), rows 50 tall in a 400-point viewport,
    # linear over 0.3 s, 0.05 s apart: a row at opacity a is drawn a of the way from the
    # background (250) to rgb(51, 102, 204), moved down 20 (1 - a). Opened at 2,000: at
    # 0.2 s rows 40 and 41 are 2/3 and 1/2 in, row 44 not yet; the map shows rows 0-39
    # shown at once and row 50 hidden. Held at 0 until 1 s, then a jump to 200: rows
    # 8-11 start at 1.1, 1.15, ... (the 0.1-s batch), so at 1.2 s row 8 is 1/3 in, row
    # 10 not yet, row 5 (started at 0.25) fully in.
    def blend(a):
        return tuple(250 + (c - 250) * a for c in (51, 102, 204))
    for name, script, items, time, probes in [
        ("scroll-restored", "2000@0", 60, 0.2, [("view", 40, 2 / 3), ("view", 41, 0.5), ("view", 44, 0.0),
                                                ("map", 10, 1.0), ("map", 39, 1.0), ("map", 50, 0.0)]),
        ("scroll-jump", "0@0,0@1,200@1", 30, 1.2, [("view", 8, 1 / 3), ("view", 10, 0.0), ("view", 5, 1.0)]),
    ]:
        page = os.path.join(workdir, name + ".html")
        subprocess.run([staggerbench, "preview", "--viewport", script, "--stagger", "each:0.05,curve:linear",
                        "--duration", "0.3", "--items", str(items), "-o", page], check=True, stdout=subprocess.DEVNULL)
        V = layout_of(page)["layout"]
        check.expect(title_after_scripts(chromium, page).endswith("(ready)"), f"{name}: the page's script did not finish")
        _, _, rows = screenshot(chromium, page, time, os.path.join(workdir, f"{name}-{time}.png"))
        offset = float(script.split(",")[-1].split("@")[0])
        for where, row, a in probes:
            if where == "view":
                x = V["viewportX"] + V["viewportWidth"] / 2
                y = V["viewportY"] + row * 50 - offset + 20 * (1 - a) + 25
            else:
                x = V["mapX"] + 40
                y = V["mapY"] + (row * 50 + 25) * V["mapScale"]
            pixel = rows[int(y)][int(x)][:3]
            expected = blend(a)
            check.expect(all(abs(p - e) <= 12 for p, e in zip(pixel, expected)),
                         f"{name} t={time} {where} row {row}: {pixel} at ({x:.0f}, {y:.0f}), expected opacity {a:.2f} "
                         f"{tuple(round(e) for e in expected)}")
    # Cards flying to a reversed row (`--layout reverse`): four 60-point cards 70 apart,
    # linear over 0.2 s, 0.05 s apart from the first. At 0.1 s card 0 is half way 0 -> 210
    # (105), card 1 a quarter 70 -> 140 (87.5), card 2 just starting at 140, card 3
    # waiting at 210: blue from 87.5 to 200 and from 210 to 270, background between. At
    # 0.5 s all are home, with 10-point gaps at 60, 130, 200.
    page = os.path.join(workdir, "layout.html")
    subprocess.run([staggerbench, "preview", "--layout", "reverse", "--stagger", "each:0.05,curve:linear",
                    "--duration", "0.2", "--items", "4", "-o", page], check=True, stdout=subprocess.DEVNULL)
    Y = layout_of(page)["layout"]
    check.expect(title_after_scripts(chromium, page).endswith("(ready)"), "layout: the page's script did not finish")
    for time, blue, clear in [(0.1, [89, 120, 199, 211, 269], [86, 205, 272]),
                              (0.5, [1, 59, 71, 129, 141, 199, 211, 269], [65, 135, 205, 272])]:
        _, _, rows = screenshot(chromium, page, time, os.path.join(workdir, f"layout-{time}.png"))
        y = int(Y["originY"] + 30)
        for x, want in [(x, True) for x in blue] + [(x, False) for x in clear]:
            r, g, b = rows[y][int(Y["originX"] + x)][:3]
            is_blue = b > 180 and r < 90
            check.expect(is_blue == want, f"layout t={time} x={x}: ({r}, {g}, {b}) {'not ' if want else ''}a card")
    # A large preview stays small enough to open and to check in: 1,000 items, 2 s.
    big = os.path.join(workdir, "big.html")
    subprocess.run([staggerbench, "preview", "--stagger", "each:0.001,curve:easeOutCubic", "--duration", "1",
                    "--items", "1000", "-o", big], check=True, stdout=subprocess.DEVNULL)
    big_size = os.path.getsize(big)
    check.expect(big_size < 2 * 1024 * 1024, f"1,000 items x 2 s: {big_size} bytes (goal: under 2 MB)")
    for failure in check.failures[:40]:
        print("FAIL", failure)
    passed = check.checked - len(check.failures)
    print(f"preview: list page {size // 1024} KiB, 1,000 items x 2 s {big_size // 1024} KiB, svg of 8 rows {svg_size // 1024} KiB")
    print(f"{passed} passed, {len(check.failures)} failed")
    sys.exit(1 if check.failures else 0)


if __name__ == "__main__":
    main()
