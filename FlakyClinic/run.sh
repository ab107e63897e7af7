#!/usr/bin/env bash
# The flaky test clinic's harness. For every case under Cases/, runs the flaky form
# (Tests/Flaky.swift) and the deterministic form (Tests/Deterministic.swift) RUNS times each (default
# 1000) with Swift Testing's `--repetitions`, beside two busy loops (`while :; do :; done`, killed at
# the end), and prints per case and form
#
#   FLAKY-CLINIC|case=…|form=flaky|runs=…|failed=…|seconds=…
#
# then a FLAKY-CLINIC-COST line per form (the mean of Swift Testing's duration of each run) and the
# summary line. Settings:
#   CASE=, SKIP=   extended regular expressions: keep the cases whose name matches CASE, drop those
#                  that match SKIP;
#   FAILING_RUNS=  runs of the deterministic form of a case marked `deterministicFails` in its
#                  case.json (default RUNS): such a form fails every run, at seconds a run under load,
#                  and is counted apart from the summary's deterministic figures;
#   PLAIN=1        also runs the `plain` form (Tests/Plain.swift) of the cases that have one: the
#                  deterministic form's body without the trait, the cost baseline;
#   LOAD=0         runs without the busy loops.
#
# `swift test` has no `--repetitions` option on this toolchain (SwiftPM 6.3.1); the test binary it
# builds takes Swift Testing's own options, so the harness builds once with `swift build
# --build-tests` and runs the binary: `<binary> --testing-library swift-testing --repetitions N
# --filter '^<Case><Form>\.'`. A run is one iteration; it failed when its test failed (an issue
# recorded, or an error thrown).
set -u
cd "$(dirname "$0")"

RUNS=${RUNS:-1000}
CASE=${CASE:-}
SKIP=${SKIP:-}
FAILING_RUNS=${FAILING_RUNS:-$RUNS}
PLAIN=${PLAIN:-0}
LOAD=${LOAD:-1}
SCRATCH=.build-clinic
LOGS=$SCRATCH/clinic-logs

# Each form is a test target whose directory holds links to the case's Code/ and one test file
# (SwiftPM refuses one source file in two targets).
link() {
    local name=$1 form=$2 dir="Targets/$1$2"
    mkdir -p "$dir"
    ln -sfn "../../Cases/$name/Code" "$dir/Code"
    ln -sfn "../../Cases/$name/Tests/$form.swift" "$dir/$form.swift"
}
cases=()
for dir in Cases/*/; do
    name=$(basename "$dir")
    [ -f "Cases/$name/case.json" ] || continue
    link "$name" Flaky
    link "$name" Deterministic
    [ -f "Cases/$name/Tests/Plain.swift" ] && link "$name" Plain
    if [[ $name =~ $CASE ]] && { [ -z "$SKIP" ] || ! [[ $name =~ $SKIP ]]; }; then cases+=("$name"); fi
done
if [ ${#cases[@]} -eq 0 ]; then
    echo "flaky-clinic: no case matches CASE=$CASE" >&2
    exit 2
fi

mkdir -p "$SCRATCH"
echo "flaky-clinic: building (scratch path $SCRATCH)" >&2
if ! nice -n 5 swift build --build-tests --scratch-path "$SCRATCH" --manifest-cache none >"$SCRATCH/clinic-build.log" 2>&1; then
    tail -40 "$SCRATCH/clinic-build.log" >&2
    echo "flaky-clinic: the build failed (log: $SCRATCH/clinic-build.log)" >&2
    exit 1
fi
binary=$(ls -d "$SCRATCH"/debug/*PackageTests.xctest | head -1)
mkdir -p "$LOGS"
: >"$LOGS/cost.txt"

loops=()
stop_loops() {
    for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
    loops=()
}
trap stop_loops EXIT
if [ "$LOAD" = 1 ]; then
    for _ in 1 2; do
        (while :; do :; done) &
        loops+=($!)
    done
fi

# Runs one form RUNS times (FAILING_RUNS for the deterministic form of a `deterministicFails` case);
# prints its line and adds to the totals.
flaky_runs=0 flaky_failed=0 det_runs=0 det_failed=0 limit_runs=0 limit_failed=0
run_form() {
    local name=$1 form=$2 lower log start end seconds failed passed runs=$RUNS
    if [ "$form" = Deterministic ] && grep -q '"deterministicFails"' "Cases/$name/case.json"; then runs=$FAILING_RUNS; fi
    lower=$(echo "$form" | tr '[:upper:]' '[:lower:]')
    log="$LOGS/$name-$lower.log"
    start=$(date +%s.%N)
    "$binary" --testing-library swift-testing --repetitions "$runs" --filter "^$name$form\." >"$log" 2>&1
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
    # One line per iteration of the test: "✔ Test … passed after" or "✘ Test … failed after".
    passed=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -vE '^. Test run ' | grep -cE '^. Test .* passed after [0-9.]+ seconds')
    failed=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -vE '^. Test run ' | grep -cE '^. Test .* failed after [0-9.]+ seconds')
    if [ $((passed + failed)) -ne "$runs" ]; then
        echo "flaky-clinic: $name $form: $((passed + failed)) results for $runs runs (log: $log)" >&2
        failed=$((runs - passed))
    fi
    printf 'FLAKY-CLINIC|case=%s|form=%s|runs=%d|failed=%d|seconds=%.1f\n' "$name" "$lower" "$runs" "$failed" "$seconds"
    # The mean of Swift Testing's own duration of each run (the test alone, without the process).
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -vE '^. Test run ' |
        sed -nE 's/^. Test .* (passed|failed) after ([0-9.]+) seconds.*/\2/p' |
        awk -v c="$name" -v f="$lower" '{ s += $1; n += 1 } END { if (n) printf "FLAKY-CLINIC-COST|case=%s|form=%s|runs=%d|mean_ms=%.3f\n", c, f, n, 1000 * s / n }' >>"$LOGS/cost.txt"
    case "$form" in
    Flaky) flaky_runs=$((flaky_runs + runs)) flaky_failed=$((flaky_failed + failed)) ;;
    Deterministic)
        if grep -q '"deterministicFails"' "Cases/$name/case.json"; then
            limit_runs=$((limit_runs + runs)) limit_failed=$((limit_failed + failed))
        else
            det_runs=$((det_runs + runs)) det_failed=$((det_failed + failed))
        fi
        ;;
    esac
}

for name in "${cases[@]}"; do
    run_form "$name" Flaky
    run_form "$name" Deterministic
    if [ "$PLAIN" = 1 ] && [ -f "Cases/$name/Tests/Plain.swift" ]; then run_form "$name" Plain; fi
done
stop_loops

cat "$LOGS/cost.txt"
echo "flaky-clinic: ${#cases[@]} cases, flaky forms failed $flaky_failed of $flaky_runs runs, deterministic forms failed $det_failed of $det_runs runs"
if [ "$limit_runs" -gt 0 ]; then
    echo "flaky-clinic: deterministic forms of the cases marked deterministicFails (outside the figures above) failed $limit_failed of $limit_runs runs"
fi
