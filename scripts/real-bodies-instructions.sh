#!/usr/bin/env bash
# Instructions a debug build executes per explored schedule of each real body of
# `RealBodiesBenchmark` (or of those whose name contains one of the arguments), counted by
# callgrind: repeatable where wall-clock figures on a shared machine scatter by ±15 %, and what the
# debug-build speed work of issue #39 was judged by. Beside them, the calls of `swift_retain` and
# `swift_release` per schedule: each is an atomic operation, which instructions undercount (in
# `perf`, they were a third of an explored run's cycles before #39's sixth pass). Per schedule =
# (count at 600 schedules − at 200) / 400, explored only, so that start-up and the unexplored runs
# cancel. valgrind 3.19 cannot read Swift 6.3's DWARF, so the binary is measured stripped of it.
# Installs valgrind from Debian's packages if it is missing.
#
#   scripts/real-bodies-instructions.sh                   every body
#   scripts/real-bodies-instructions.sh AsyncChannel merge   those whose names contain either
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
if ! command -v valgrind >/dev/null 2>&1; then
    (apt-get update -qq && apt-get install -y -qq valgrind) >/dev/null 2>&1 ||
        { echo "real-bodies-instructions: valgrind is not available; skipped"; exit 0; }
fi
swift build --scratch-path .build-bench-debug --product RealBodiesBenchmark -Xswiftc -warnings-as-errors >/dev/null
binary=$(mktemp)
profile=$(mktemp)
trap 'rm -f "$binary" "$profile"' EXIT
strip -g -o "$binary" .build-bench-debug/debug/RealBodiesBenchmark
# Instructions, retains and releases of `--schedules $2` explored schedules of body $1.
count() {
    local instructions
    instructions=$(valgrind --tool=callgrind --compress-strings=no --callgrind-out-file="$profile" "$binary" \
        --only "$1" --explored-only --schedules "$2" --rounds 1 2>&1 | awk '/Collected/ {print $NF}')
    # Each `calls=` line follows the `cfn=` line naming the function called.
    awk -v instructions="$instructions" '
        /^cfn=/ { callee = substr($0, 5) }
        /^calls=/ {
            split(substr($1, 7), n, " ")
            if (callee ~ /^swift_retain/) retains += n[1]
            else if (callee ~ /^swift_release/) releases += n[1]
            callee = ""
        }
        END { print instructions, retains + 0, releases + 0 }' "$profile"
}
bodies=("$@")
if [ ${#bodies[@]} -eq 0 ]; then
    bodies=("AsyncChannel" "share()" "merge" "3 services" "1 service" "MCP" "4 empty" "12 empty")
fi
for body in "${bodies[@]}"; do
    read -r low lowRetains lowReleases < <(count "$body" 200)
    read -r high highRetains highReleases < <(count "$body" 600)
    echo "$body: $(( (high - low) / 400 )) instructions, $(( (highRetains - lowRetains) / 400 )) retains and" \
        "$(( (highReleases - lowReleases) / 400 )) releases per explored schedule (debug build)"
done
