#!/usr/bin/awk -f
# cost_rows.awk — the rows of src/job_cost_samples.h from bench_bandscan's
# printed groups (--band1 LIST mode: band1 local items s/group ...).
#
# usage: awk -v prefix=k16 -f tests/bench/cost_rows.awk OUTPUT...
# Every line of the outputs with 10 fields, a band-1 index in 1..416 first
# and seconds in the fourth, is a group; its seconds become units of
# 0.1 ms (rounded). The groups of one index, in the order of the files
# and lines, make its row: SAMPLE_ROW(prefix_B, n, ...), 20 to a line.
NF == 10 && $1 ~ /^[0-9]+$/ && $1 >= 1 && $1 <= 416 && $4 ~ /^[0-9]+\.[0-9]+$/ {
    b = $1 + 0
    v[b, n[b]++] = int($4 * 10000 + 0.5)
}
END {
    for (b = 1; b <= 416; b++) {
        if (!n[b]) continue
        printf "SAMPLE_ROW(%s_%d, %d,", prefix, b, n[b]
        for (k = 0; k < n[b]; k++) printf "%s%d%s", k % 20 ? " " : "\n          ", v[b, k], k + 1 < n[b] ? "," : ");\n"
    }
}
