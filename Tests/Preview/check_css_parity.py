#!/usr/bin/env python3
"""CSS easings, Chromium's Web Animations engine against the kernel on every backend.

Chromium computes each easing itself: a page (file://, no network) runs a
KeyframeEffect with the easing as its timing function at 1,001 times over a 1 s
duration and writes `getComputedTiming().progress`, Blink's eased progress, into the
page; `--dump-dom` reads it back. `staggerbench eval` gives the kernel's value at the
same inputs on each backend this machine runs. They must agree within the README's
bound, 2e-6 plus |slope| * 2^-23, where the slope is Blink's own between neighbouring
inputs, widened on cubic-bezier curves by Blink's solver tolerance (1e-7 of x, so
|slope| * 1e-7 of y). Steps agree exactly away from their jumps; at a jump each side's
input is compared on its own side (the inputs i / 1000 are exact in double but not in
float32, so an input within 2^-24 of a jump is skipped).

    check_css_parity.py STAGGERBENCH CHROMIUM WORKDIR
"""
import json
import os
import re
import struct
import subprocess
import sys

from check_preview import browser_flags

INPUTS = [i / 1000 for i in range(1001)]

# Cubic-bezier with CSS's keywords, overshooting and extreme control points and a
# vertical tangent; every steps() position; linear() with overlapping and
# out-of-order stops, which CSS clamps to the largest position before them.
EASINGS = [
    "ease", "ease-in", "ease-out", "ease-in-out", "linear",
    "cubic-bezier(0.68, -0.6, 0.32, 1.6)", "cubic-bezier(0.1, 0.7, 1, 0.1)",
    "cubic-bezier(0, 1, 1, 0)", "cubic-bezier(1, 0, 0, 1)", "cubic-bezier(0, 0, 1, 1)",
    "cubic-bezier(0.5, -2, 0.5, 3)", "cubic-bezier(0, 1.5, 0, -0.5)", "cubic-bezier(1, 0.01, 0.99, 1)",
    "cubic-bezier(0.01, 0.99, 0, 1)", "cubic-bezier(0.3, 0, 0.7, 1)",
    "step-start", "step-end", "steps(1)", "steps(4)", "steps(4, jump-start)", "steps(4, jump-end)",
    "steps(5, jump-both)", "steps(2, jump-none)", "steps(7, start)", "steps(7, end)", "steps(10, jump-none)",
    "linear(0, 0.25, 1)", "linear(0, 0.25 75%, 1)", "linear(0, 0.5 25% 75%, 1)",
    "linear(0, 1 50%, 0.2 30%, 1)", "linear(0 20%, 1 10%, 0.5)", "linear(-0.2, 1.3 40%, 0.8 60%, 1)",
    "linear(0, 0.1 10%, 0.1 10%, 0.9 90%, 1)",
]

PAGE = """<!doctype html><meta charset="utf-8"><title>css parity</title><pre id="out"></pre>
<script>
const easings = %s, inputs = %s, result = {};
for (const easing of easings) {
  const effect = new KeyframeEffect(null, null, {duration: 1000, easing: easing, fill: "both"});
  const animation = new Animation(effect, document.timeline);
  result[easing] = inputs.map(x => { animation.currentTime = x * 1000; return effect.getComputedTiming().progress; });
}
document.getElementById("out").textContent = JSON.stringify(result);
document.title = "css parity (ready)";
</script>"""


def blink_values(chromium, workdir):
    page = os.path.join(workdir, "css-parity.html")
    with open(page, "w") as f:
        f.write(PAGE % (json.dumps(EASINGS), json.dumps(INPUTS)))
    dom = subprocess.run(browser_flags(chromium) + ["--dump-dom", "file://" + os.path.abspath(page)],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    match = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if not match or not match.group(1):
        sys.exit("css parity: the page's script did not run")
    return json.loads(match.group(1).replace("&quot;", '"'))


def kernel_values(staggerbench, easing, backend):
    out = subprocess.run([staggerbench, "eval", easing, "--backend", backend, "--duration", "1",
                          "--at", ",".join(repr(x) for x in INPUTS)],
                         check=True, capture_output=True, text=True).stdout
    return [float(line.split(",")[1]) for line in out.strip().splitlines()[-len(INPUTS):]]


def backends(staggerbench):
    out = subprocess.run([staggerbench, "backends"], check=True, capture_output=True, text=True).stdout
    names = []
    for line in out.splitlines()[1:]:
        # backend [*] lanes built runs-here native; the star marks the automatic choice.
        fields = [field for field in line.split() if field != "*"]
        if len(fields) == 5 and fields[3] == "yes":
            names.append(fields[0])
    return names


def main():
    staggerbench, chromium, workdir = sys.argv[1:4]
    os.makedirs(workdir, exist_ok=True)
    blink = blink_values(chromium, workdir)
    failures, compared = [], 0
    for backend in backends(staggerbench):
        for easing in EASINGS:
            ours = kernel_values(staggerbench, easing, backend)
            theirs = blink[easing]
            is_steps = easing.startswith("step")
            worst = (0.0, None)
            for i, x in enumerate(INPUTS):
                left = theirs[max(i - 1, 0)]
                right = theirs[min(i + 1, len(INPUTS) - 1)]
                slope = max(abs(theirs[i] - left), abs(right - theirs[i])) / 0.001
                if is_steps:
                    # Next to a jump the side depends on the input's rounding to float32,
                    # unless the input is exact there (0.125, 0.25, ...): compare those.
                    if slope > 0 and struct.unpack("f", struct.pack("f", x))[0] != x:
                        continue
                    slope = 0
                solver = slope * 1e-7 if "bezier" in easing or easing.startswith("ease") else 0
                bound = 2e-6 + slope * 2**-23 + solver
                excess = abs(ours[i] - theirs[i]) - bound
                compared += 1
                if excess > worst[0]:
                    worst = (excess, f"{backend} {easing} at {x}: kernel {ours[i]!r}, Blink {theirs[i]!r}")
            if worst[1]:
                failures.append(worst[1])
    for failure in failures:
        print("FAIL", failure)
    print(f"css parity: {len(EASINGS)} easings x {len(INPUTS)} inputs on {', '.join(backends(staggerbench))}: "
          f"{compared} values compared, {len(failures)} easings beyond the bound")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
