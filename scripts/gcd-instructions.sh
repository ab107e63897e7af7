#!/usr/bin/env bash
# GCD.offload vs raw DispatchQueue.async in instructions per item, counted by callgrind:
# repeatable where wall-clock ratios on a shared 2-core machine scatter by ±5 %.
# Installs valgrind from Debian's packages if it is missing.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
if ! command -v valgrind >/dev/null 2>&1; then
    (apt-get update -qq && apt-get install -y -qq valgrind) >/dev/null 2>&1 ||
        { echo "gcd-instructions: valgrind is not available; skipped"; exit 0; }
fi
swift build -c release --product GCDOverheadProbe -Xswiftc -warnings-as-errors >/dev/null
probe=.build/release/GCDOverheadProbe
items=50000
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$probe" "$1" "$2" 2>&1 | awk '/Collected/ {print $NF}'; }
raw=$(( $(count raw $items) - $(count raw 0) ))
gcd=$(( $(count gcd $items) - $(count gcd 0) ))
awk -v raw="$raw" -v gcd="$gcd" -v n="$items" 'BEGIN {
    ratio = gcd / raw
    printf "GCD.offload vs raw DispatchQueue.async, instructions per item: raw %.1f, GCD %.1f, ratio %.3f× (target ≤ 1.05×: %s)\n",
        raw / n, gcd / n, ratio, (ratio <= 1.05 ? "meets" : "MISSES")
}'
