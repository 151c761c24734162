# to-mca.awk: the addresses hot-path.awk picked (second file), as assembly llvm-mca reads
# (text from llvm-objdump of the harness, first file) into the file `out`; prints the
# bytes that the region stores. Branches all go to one label: llvm-mca ignores control
# flow and takes the region as a straight run. Stores based on sp or x29 are spills and
# do not count; arrays kept on the stack through another register (bezier's lanes) do,
# so the script uses these bytes only for the sampling loop.

NR == FNR {
    if ($1 ~ /^[0-9a-f]+:$/) { a = $1; sub(/:$/, "", a); $1 = ""; text[a] = $0 }
    next
}
FNR == 1 { print ".Lt:" > out; next } # hot-path.awk's summary line
{
    t = text[$1]
    sub(/ *<[^>]*>$/, "", t)
    if (t ~ /^ *(b|b\.[a-z]+|cbn?z|tbn?z|bl) /) sub(/0x[0-9a-f]+$/, ".Lt", t)
    print t > out
    split(t, w, /[ ,]+/) # w[1] is empty: t starts with a space
    m = w[2]
    if (m !~ /^st(r|ur|p|np|1)[bh]?$/ || t ~ /\[(sp|x29)[],]/) next
    if (m == "st1") {
        r = t
        bytes += gsub(/v[0-9]+\./, "", r) * (t ~ /\.(4s|2d|8h|16b)/ ? 16 : 8)
        next
    }
    c = substr(w[3], 1, 1)
    size = c == "q" ? 16 : c ~ /[dx]/ ? 8 : c ~ /[sw]/ ? 4 : c == "h" ? 2 : 1
    if (m ~ /b$/) size = 1
    if (m ~ /h$/) size = 2
    bytes += (m ~ /p$/ ? 2 : 1) * size
}
END { print bytes + 0 }
