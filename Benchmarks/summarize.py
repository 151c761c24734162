#!/usr/bin/env python3
"""Summarize a stagger-benchmarks JSON file (--benchmark_out) as Markdown tables.

Times are CPU time per item: the median over repetitions when the run had repetitions
(scripts/benchmarks interleaves them at random, so that a shared machine's drift falls
on ours and the peers' alike), else the single run. Tables: ours against the peers at 16k items (ratio
peer time / ours on the same vector width, > 1: ours is faster); every operation on every
backend at 16k and 4M items, with the memory floors; then the ratios to compare runs by,
for each AVX width the run measured: cubic-bezier against the scalar solver, each peer
operation against the fastest peer, at 4M items the widest backend against the memory
floor of the same bytes, and the most heap allocations any kernel benchmark made per pass.

usage: summarize.py RESULTS.json [--cpu "model name"]
"""
import json
import sys

PEERS = ["libmvec", "sleef", "hwy"]
WIDTHS = [("avx512", "AVX-512 (16 lanes)"), ("avx2", "AVX2 (8 lanes)")]
PEER_OPS = ["spring_under", "sine_inout", "expo_inout", "elastic_inout"]


def load(path):
    with open(path) as f:
        doc = json.load(f)
    best, single, allocs = {}, {}, {}
    for b in doc["benchmarks"]:
        name = b.get("run_name", b["name"])
        parts = name.split("/")
        if len(parts) != 3 or not parts[0].startswith("BM_"):
            continue
        op, impl, count = parts[0][3:], parts[1], int(parts[2])
        scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
        ns_per_item = b["cpu_time"] * scale / count
        key = (op, impl, count)
        if "allocs" in b and b.get("run_type") != "aggregate":
            allocs[key] = max(allocs.get(key, 0.0), b["allocs"])
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                best[key] = ns_per_item
        else:
            single[key] = min(single.get(key, float("inf")), ns_per_item)
    for key, value in single.items():
        best.setdefault(key, value)
    return doc.get("context", {}), best, allocs


def fmt(x):
    return "n/a" if x is None else ("%.2f" % x if x < 100 else "%.0f" % x)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    cpu = None
    if "--cpu" in args:
        i = args.index("--cpu")
        cpu = args[i + 1]
        del args[i:i + 2]
    context, t, allocs = load(args[0])
    get = lambda op, impl, n=16384: t.get((op, impl, n))

    out = []
    reps = context.get("repetitions") or "1"
    out.append("CPU: %s, %s x %.0f MHz (as Google Benchmark reads it)" % (
        cpu or "?", context.get("num_cpus", "?"), context.get("mhz_per_cpu", 0)))
    out.append("")
    out.append("### Ours vs peers, 16k items (in cache), ns/item (peer / ours)")
    out.append("")
    out.append("| operation | width | ours | " + " | ".join(PEERS) + " |")
    out.append("|---|---|---:|" + "---:|" * len(PEERS))
    for op in PEER_OPS:
        for width, label in WIDTHS:
            ours = get(op, width)
            if ours is None:
                continue
            cells = []
            for peer in PEERS:
                p = get(op, "%s-%s" % (peer, width))
                cells.append("n/a" if p is None else "%s (%.2fx)" % (fmt(p), p / ours))
            out.append("| %s | %s | %s | %s |" % (op, label, fmt(ours), " | ".join(cells)))
        ours, libm = get(op, "scalar"), get(op, "libm")
        if ours is not None and libm is not None:
            out.append("| %s | scalar | %s | libm %s (%.2fx) |%s" % (
                op, fmt(ours), fmt(libm), libm / ours, " |" * (len(PEERS) - 1)))
    out.append("")

    ops = []
    backends = []
    for (op, impl, n) in t:
        if op in ("store", "store3", "copy") or "-" in impl or impl == "libm":
            continue
        if op not in ops:
            ops.append(op)
        if impl not in backends:
            backends.append(impl)
    order = ["scalar", "portable", "sse2", "neon", "avx2", "avx512"]
    backends.sort(key=lambda b: order.index(b) if b in order else 99)
    for n, label in ((16384, "16k items"), (4194304, "4M items")):
        out.append("### Every operation and backend, %s, ns/item" % label)
        out.append("")
        out.append("| operation | " + " | ".join(backends) + " |")
        out.append("|---|" + "---:|" * len(backends))
        for op in ops:
            out.append("| %s | %s |" % (op, " | ".join(fmt(get(op, b, n)) for b in backends)))
        for op in ("copy", "store", "store3"):
            impls = sorted({i for (o, i, c) in t if o == op and c == n})
            if impls:
                out.append("| floor: %s | %s |" % (op, ", ".join(
                    "%s %s" % (i, fmt(get(op, i, n))) for i in impls)) + " |" * (len(backends) - 1))
        out.append("")

    # ---- ratios: the figures to compare runs and machines by ---------------------------
    rows = []

    def ratio(text, figure):
        rows.append("| %s | %s |" % (text, figure))

    widths = [w for w, _ in WIDTHS if any(k[1] == w for k in t)]
    scalar_solver = get("bezier_ease", "libm")
    for width in widths:
        # The scalar solver: a browser's per-value cubic-bezier (Newton, then bisection) in C.
        ours = get("bezier_ease", width)
        if ours is not None and scalar_solver is not None:
            ratio("bezier_ease %s vs scalar solver (libm peer), 16k" % width,
                  "%.1fx" % (scalar_solver / ours))
        for op in PEER_OPS:
            ours = get(op, width)
            peers = [(get(op, "%s-%s" % (p, width)), p) for p in PEERS]
            peers = [(v, p) for v, p in peers if v is not None]
            if ours is None or not peers:
                continue
            v, p = min(peers)
            ratio("%s %s vs best peer (%s), 16k" % (op, width, p), "%.2fx" % (v / ours))

    # At 4M items (beyond the caches) the widest backend against the fastest memory floor
    # of the same bytes, and against the floor of its own width when that is another.
    big = 4194304
    widest = widths[0] if widths else None
    copy = {i: get("copy", i, big) for i in ("avx512", "avx2", "memcpy")}
    store = {i: get("store", i, big) for i in ("avx512", "avx2", "memset")}
    store3 = {i: get("store3", i, big) for i in ("avx512", "avx2")}

    def floor_ratio(op, floors, what):
        ours = get(op, widest, big)
        floors = {k: v for k, v in floors.items() if v is not None}
        if ours is None or not floors:
            return
        name, f = min(floors.items(), key=lambda kv: kv[1])
        same = floors.get(widest)
        text = "%.2fx of %s %s" % (ours / f, what, name)
        if same is not None and name != widest:
            text += " (%.2fx of %s %s)" % (ours / same, what, widest)
        ratio("%s %s, 4M (%s ns) vs fastest floor" % (op, widest, fmt(ours)), text)

    if widest is not None:
        for op in ("linear", "cubic_inout", "back_inout", "bounce_inout"):
            floor_ratio(op, copy, "copy")
        floor_ratio("stagger_progress_cubic", store, "store")
        floor_ratio("sample_3tracks_cubic", store3, "store3")
    ours = [k for k in allocs if k[0] not in ("store", "store3", "copy")
            and "-" not in k[1] and k[1] != "libm"]
    worst = max((allocs[k] for k in ours), default=None)
    if worst is not None:
        ratio("heap allocations per pass, most of any kernel benchmark", "%g" % worst)
    if rows:
        out.append("### Ratios and allocations")
        out.append("")
        out.append("| measure | figure |")
        out.append("|---|---:|")
        out.extend(rows)
    print("\n".join(out))


if __name__ == "__main__":
    main()
