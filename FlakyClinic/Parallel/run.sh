#!/usr/bin/env bash
# 100 `.deterministic` tests at Swift Testing's default parallelism, beside two busy loops and a
# test that hops to the main actor every 10 ms: RUNS runs in a row (default 10) of the test binary.
# Prints each run's verdict and the probe's CLINIC-PARALLEL line, then a summary:
#   clinic-parallel: R runs, F failed; main-actor hops: N, p99 X ms, max Y ms (all runs)
set -uo pipefail
cd "$(dirname "$0")"
SWIFT=${SWIFT:-swift}
RUNS=${RUNS:-10}
SCRATCH=.build-parallel
nice -n 5 $SWIFT build --build-tests --scratch-path "$SCRATCH" 2>&1 | tail -2 || exit 1
binary=$($SWIFT build --scratch-path "$SCRATCH" --show-bin-path)/ClinicParallelPackageTests.xctest
loops=()
if [ "${LOAD:-1}" != 0 ]; then
    for _ in 1 2; do (while :; do :; done) & loops+=($!); done
fi
trap '[ ${#loops[@]} -gt 0 ] && kill "${loops[@]}" 2>/dev/null' EXIT
failed=0
: >/tmp/clinic-parallel-hops.txt
for run in $(seq 1 "$RUNS"); do
    log=/tmp/clinic-parallel-$run.log
    if "$binary" --testing-library swift-testing >"$log" 2>&1; then verdict=passed; else verdict=FAILED; failed=$((failed + 1)); fi
    line=$(grep -o 'CLINIC-PARALLEL|.*' "$log" | head -1)
    echo "run $run: $verdict ${line:-no probe line} ($(grep -o 'Test run with .*' "$log" | head -1))"
    echo "$line" >>/tmp/clinic-parallel-hops.txt
done
echo "clinic-parallel: $RUNS runs, $failed failed; $(python3 - <<'PY'
import re
p99s, maxes, hops = [], [], 0
for line in open("/tmp/clinic-parallel-hops.txt"):
    f = dict(kv.split("=") for kv in line.strip().split("|")[1:] if "=" in kv)
    if not f: continue
    hops += int(f["hops"]); p99s.append(float(f["p99_ms"])); maxes.append(float(f["max_ms"]))
print("main-actor hops: %d, p99 per run %s ms, worst p99 %.2f ms, max %.2f ms" % (
    hops, "/".join("%.1f" % p for p in p99s), max(p99s or [0]), max(maxes or [0])))
PY
)"
[ "$failed" -eq 0 ]
