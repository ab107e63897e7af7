#!/usr/bin/env bash
# One seed, one report (#41): runs ReportedIssuesTests' @MainActor trait test, which explores a
# view-model bug with `.explored(schedules: 300, seed: 1)` and checks the schedule it names, in
# SAME_SEED_PROCESSES separate test processes (20 by default) — first on the machine as it is, then
# with every core kept busy by a spinning loop — and prints how many distinct schedules were named.
set -euo pipefail
cd "$(dirname "$0")/.."
processes=${SAME_SEED_PROCESSES:-20}
swift build --build-tests -Xswiftc -warnings-as-errors >/dev/null
run() {
    local named=()
    for _ in $(seq 1 "$processes"); do
        named+=("$(DISPATCHABLE_SAME_SEED_RUNS=1 swift test --skip-build --filter aSeedNamesTheSameScheduleInEveryExplorationOfAMainActorTest 2>&1 |
            sed -n 's/^same seed, 1 explorations: \[\(.*\)\]$/\1/p')")
    done
    printf '%s\n' "${named[@]}" | sort | uniq -c | sed "s/^/  $1: /"
}
run unloaded
spinners=()
for _ in $(seq 1 "$(nproc)"); do (while :; do :; done) & spinners+=($!); done
trap 'kill "${spinners[@]}" 2>/dev/null || true' EXIT
run "every core busy"
