# hot-path.awk: from a `qemu-aarch64 -d in_asm,exec,nochain` log of the harness, the
# instruction addresses of K consecutive iterations of the hot loop of function `fn` as
# executed (the paths the data took through its branches, inner loops unrolled), one per
# line, after a line
#   # iterations=K visits=V paths=P call_insns=C
# V: visits of the loop's cut point in the call (its iterations, or one fewer where the
# first runs in the TB of the code before the loop), P: distinct paths among them (as
# cut there), C: instructions executed by the whole traced call (every function). Only
# the second call is read (estimate_mark brackets each call): translation and first-call
# work are left out.
#
# Every TB of fn visited >= 16 times is a cut point (one per distinct visit count: TBs of
# one path share it); the stretch between two visits is an iteration unless it is over
# twice the shortest (it then spans the code between two runs of the loop). The hot loop
# is the cut point whose iterations cover the most instructions: an outer loop's hold
# its inner loops, so the loop that advances the items wins over the bisection steps
# inside it. K consecutive iterations from the middle of the call (up to 16, about 10000
# instructions) average over the paths the data takes.

function strip(h) { sub(/^0x/, "", h); sub(/:$/, "", h); sub(/^0+/, "", h); return h }

/^IN:/ { tb = ""; next }
/^0x[0-9a-f]+:/ {
    a = strip($1)
    if (tb == "") { tb = a; size[tb] = 0; body[tb] = "" }
    size[tb]++
    body[tb] = body[tb] " " a
    next
}
/^Trace / {
    split($4, f, "/")
    pc = strip(f[2])
    if ($NF == "estimate_mark") { marks++; next }
    if (marks != 2) next
    call_insns += size[pc]
    if ($NF != fn) next
    seq[++m] = pc
    visits[pc]++
}
END {
    if (m == 0) { print "hot-path.awk: no TB of " fn " in the traced call" > "/dev/stderr"; exit 1 }
    for (i = 1; i <= m; i++) {
        cum[i] = cum[i - 1] + size[seq[i]]
        if (!(seq[i] in id)) id[seq[i]] = ++ids
    }
    cum[m + 1] = cum[m]
    for (pc in visits) if (visits[pc] >= 16 && !(visits[pc] in cut)) cut[visits[pc]] = pc
    best = 0
    for (v in cut) {
        ns = stretches(cut[v])
        w = 0; r = 0
        for (j = 1; j < ns; j++) if (L[j] <= 2 * shortest) { w += L[j]; r++ }
        if (r >= 8 && w > best) { best = w; best_pc = cut[v] }
    }
    if (best == 0) { print "hot-path.awk: no loop in " fn > "/dev/stderr"; exit 1 }
    ns = stretches(best_pc)
    for (j = 1; j < ns; j++) {
        h = 0
        for (i = S[j]; i < S[j + 1]; i++) h = (h * 31 + id[seq[i]]) % 1000000007
        if (L[j] <= 2 * shortest && !((h ":" L[j]) in path)) { path[h ":" L[j]] = 1; paths++ }
    }
    j = int(ns / 2)
    while (j < ns - 1 && L[j] > 2 * shortest) j++
    for (k = 1; k < 16 && j + k < ns && L[j + k] <= 2 * shortest &&
                cum[S[j + k + 1]] - cum[S[j]] <= 10000; k++) ;
    printf "# iterations=%d visits=%d paths=%d call_insns=%d\n", k, ns, paths, call_insns
    for (i = S[j]; i < S[j + k]; i++) {
        n = split(body[seq[i]], list, " ")
        for (t = 1; t <= n; t++) print list[t]
    }
}

# The visits of pc (S, returned count) and the stretches between them (L, shortest).
function stretches(pc,    i, j, ns) {
    ns = 0
    for (i = 1; i <= m; i++) if (seq[i] == pc) S[++ns] = i
    shortest = -1
    for (j = 1; j < ns; j++) {
        L[j] = cum[S[j + 1]] - cum[S[j]]
        if (shortest < 0 || L[j] < shortest) shortest = L[j]
    }
    return ns
}
