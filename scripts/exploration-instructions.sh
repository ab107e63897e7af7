#!/usr/bin/env bash
# Exploration's cost per schedule against the same body run once in plain manual mode, in
# instructions counted by callgrind: repeatable where wall-clock ratios on a shared 2-core machine
# scatter. Per-schedule figures are the difference between runs of 4,000 and 2,000, so start-up
# costs cancel. Each strategy, then `.mixed` for a body that keeps its mock past its run (whose
# queues the next run cannot reuse) against the same body run plain. Installs valgrind from
# Debian's packages if it is missing.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
if ! command -v valgrind >/dev/null 2>&1; then
    (apt-get update -qq && apt-get install -y -qq valgrind) >/dev/null 2>&1 ||
        { echo "exploration-instructions: valgrind is not available; skipped"; exit 0; }
fi
swift build -c release --product ExplorationProbe -Xswiftc -warnings-as-errors >/dev/null
probe=.build/release/ExplorationProbe
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$probe" "$1" "$2" 2>&1 | awk '/Collected/ {print $NF}'; }
perSchedule() { echo $(( ($(count "$1" 4000) - $(count "$1" 2000)) / 2000 )); }
# report MODE EXPLORED PLAIN: one line, the ratio of the two per-schedule counts.
report() {
    awk -v mode="$1" -v explored="$2" -v plain="$3" 'BEGIN {
        ratio = explored / plain
        names["explore"] = "explore (.mixed)"; names["random"] = "explore (.randomWalk)"
        names["pct"] = "explore (.pct(depth: 3))"; names["all"] = "exploreAll"
        names["kept"] = "explore (.mixed) of a body that keeps its mock (its queues not reused)"
        target = mode == "explore" ? sprintf(" (target ≤ 1.15×: %s)", ratio <= 1.15 ? "meets" : "MISSES") : ""
        printf "%s vs plain manual run, instructions per schedule: %d vs %d, ratio %.3f×%s\n",
            names[mode], explored, plain, ratio, target
    }'
}
plain=$(perSchedule plain)
for mode in explore random pct all; do report "$mode" "$(perSchedule "$mode")" "$plain"; done
# A body that keeps its mock past its run: exploration cannot reuse that run's queues.
report kept "$(perSchedule explore-kept)" "$(perSchedule plain-kept)"
