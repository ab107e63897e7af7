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
#   EXPLORED=      1 (the default) also runs the `explored` form (Tests/Explored.swift: the flaky test
#                  as it is, with `.explored(schedules: 300, seed: 1)`) of the cases that have one,
#                  ONCE (an exploration is one run of its 300 schedules, always the same ones), and
#                  prints what the explorer reported:
#
#                    FLAKY-CLINIC-EXPLORED|case=…|verdict=…|schedule=…|words=…|seconds=…
#
#                  verdict: pass, warning (it passes under the default 0.1 s stall bound, and the
#                  search past the bound found slow work that breaks it), fail or deadlock (a
#                  schedule broke it), refused:<kind> (`.unsupported`, `.nondeterministicBody`: no
#                  schedule ran), or error (the log holds none of these); schedule: the `.replayed("…")`
#                  string of the failure or warning (empty: ordinary order); words: the report's
#                  deviations from ordinary order, its longest stall and what broke, or the refusal's
#                  first words. EXPLORED=0 leaves the explored forms out; EXPLORED=only runs them
#                  alone (no flaky, deterministic or plain form);
#   CAPTURE=       a value for DISPATCHABLE_ASYNC_CAPTURE (`public`: the public capture, which Apple's
#                  systems get, forced on Linux), in the environment of the deterministic and explored
#                  forms only; their lines then end in `|capture=…`. A deterministic form whose runs
#                  the trait refused also prints
#                  FLAKY-CLINIC-REFUSAL|case=…|form=deterministic|refused=N|kind=…|words=…;
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
EXPLORED=${EXPLORED:-1}
CAPTURE=${CAPTURE:-}
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
    [ -f "Cases/$name/Tests/Explored.swift" ] && link "$name" Explored
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
    if [ "$form" = Deterministic ] && [ -n "$CAPTURE" ]; then
        DISPATCHABLE_ASYNC_CAPTURE=$CAPTURE "$binary" --testing-library swift-testing --repetitions "$runs" --filter "^$name$form\." >"$log" 2>&1
    else
        "$binary" --testing-library swift-testing --repetitions "$runs" --filter "^$name$form\." >"$log" 2>&1
    fi
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
    # One line per iteration of the test: "✔ Test … passed after" or "✘ Test … failed after".
    passed=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -vE '^. Test run ' | grep -cE '^. Test .* passed after [0-9.]+ seconds')
    failed=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -vE '^. Test run ' | grep -cE '^. Test .* failed after [0-9.]+ seconds')
    if [ $((passed + failed)) -ne "$runs" ]; then
        echo "flaky-clinic: $name $form: $((passed + failed)) results for $runs runs (log: $log)" >&2
        failed=$((runs - passed))
    fi
    local captured=""
    if [ "$form" = Deterministic ] && [ -n "$CAPTURE" ]; then captured="|capture=$CAPTURE"; fi
    printf 'FLAKY-CLINIC|case=%s|form=%s|runs=%d|failed=%d|seconds=%.1f%s\n' "$name" "$lower" "$runs" "$failed" "$seconds" "$captured"
    # Runs the trait refused (`.unsupported`, `.nondeterministicBody`): how many, and the first one's words.
    local refused
    refused=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -c 'could not explore this test (')
    if [ "$refused" -gt 0 ]; then
        printf 'FLAKY-CLINIC-REFUSAL|case=%s|form=%s|refused=%d|kind=%s|words=%s%s\n' "$name" "$lower" "$refused" \
            "$(refusal_kind "$log")" "$(refusal_words "$log")" "$captured"
    fi
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

# The kind of the first refusal in a log (`unsupported`, `nondeterministicBody`), and its first words: the
# message up to "the run stopped there" or its first sentence's end.
refusal_kind() {
    sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -o 'could not explore this test ([A-Za-z]*)' | head -1 | sed -E 's/.*\((.*)\)/\1/'
}
refusal_words() {
    sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -o 'could not explore this test ([A-Za-z]*): .*' | head -1 |
        sed -E 's/^could not explore this test \([A-Za-z]*\): //; s/: the run stopped there.*//; s/\. [A-Z].*//; s/\|/\//g'
}

# Runs the explored form once and prints what the explorer reported (see EXPLORED above).
run_explored() {
    local name=$1 log="$LOGS/$1-explored.log" start end seconds clean verdict schedule words captured=""
    start=$(date +%s.%N)
    if [ -n "$CAPTURE" ]; then
        DISPATCHABLE_ASYNC_CAPTURE=$CAPTURE "$binary" --testing-library swift-testing --filter "^${name}Explored\." >"$log" 2>&1
        captured="|capture=$CAPTURE"
    else
        "$binary" --testing-library swift-testing --filter "^${name}Explored\." >"$log" 2>&1
    fi
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
    clean=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
    schedule="" words=""
    # The report's words: how it differs from ordinary order, each deviation, the longest stall, what broke.
    report_words() {
        local differs steps stall threw
        differs=$(grep -E '^ +(It differs from ordinary|It is ordinary)' <<<"$clean" | head -1 | sed -E 's/^ +//; s/:$//')
        steps=$(grep -E '^ +- step [0-9]+: ' <<<"$clean" | sed -E 's/^ +- //' | paste -sd ';' - | sed 's/;/; /g')
        stall=$(grep -E '^ +Longest stall: ' <<<"$clean" | head -1 | sed -E 's/^ +//; s/ \((work that could run|no work).*//')
        threw=$(grep -E '^ +The body threw: ' <<<"$clean" | head -1 | sed -E 's/^ +The body threw: //; s/ ?UserInfo=.*//' | cut -c1-240)
        echo "$differs${steps:+: $steps}. $stall. Then: $threw" | sed 's/\.\././g; s/|/\//g'
    }
    if grep -q 'could not explore this test (' <<<"$clean"; then
        verdict="refused:$(refusal_kind "$log")"
        words=$(refusal_words "$log")
    elif grep -qE 'DispatchableTesting: a schedule (failed|deadlocked)' <<<"$clean"; then
        if grep -q 'DispatchableTesting: a schedule deadlocked' <<<"$clean"; then verdict=deadlock; else verdict=fail; fi
        schedule=$(grep -oE 'Run it again with the trait \.replayed\("[^"]*"' <<<"$clean" | head -1 | sed -E 's/.*replayed\("//; s/"$//')
        words=$(report_words)
    elif grep -q 'DispatchableTesting: warning: slow work breaks this test' <<<"$clean"; then
        verdict=warning
        schedule=$(grep -oE 'slow work breaks this test\. Run it with the trait \.replayed\("[^"]*"' <<<"$clean" | head -1 |
            sed -E 's/.*replayed\("//; s/"$//')
        words="$(grep -oE 'fails if .* overtakes it' <<<"$clean" | head -1 | sed 's/|/\//g'). $(report_words)"
    elif grep -qE '^. Test .* passed after [0-9.]+ seconds' <<<"$clean"; then
        verdict=pass
    else
        verdict=error
        words=$(grep -E '^. Test .* recorded an issue' <<<"$clean" | head -1 | cut -c1-240 | sed 's/|/\//g')
    fi
    printf 'FLAKY-CLINIC-EXPLORED|case=%s|verdict=%s|schedule=%s|words=%s|seconds=%.1f%s\n' \
        "$name" "$verdict" "$schedule" "$words" "$seconds" "$captured"
    explored_verdicts+=("${verdict%%:*}")
}
explored_verdicts=()

for name in "${cases[@]}"; do
    if [ "$EXPLORED" != only ]; then
        run_form "$name" Flaky
        run_form "$name" Deterministic
        if [ "$PLAIN" = 1 ] && [ -f "Cases/$name/Tests/Plain.swift" ]; then run_form "$name" Plain; fi
    fi
    if [ "$EXPLORED" != 0 ] && [ -f "Cases/$name/Tests/Explored.swift" ]; then run_explored "$name"; fi
done
stop_loops

cat "$LOGS/cost.txt"
if [ "$EXPLORED" != only ]; then
    echo "flaky-clinic: ${#cases[@]} cases, flaky forms failed $flaky_failed of $flaky_runs runs, deterministic forms failed $det_failed of $det_runs runs"
fi
if [ "$limit_runs" -gt 0 ]; then
    echo "flaky-clinic: deterministic forms of the cases marked deterministicFails (outside the figures above) failed $limit_failed of $limit_runs runs"
fi
if [ ${#explored_verdicts[@]} -gt 0 ]; then
    counts=$(printf '%s\n' "${explored_verdicts[@]}" | sort | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }')
    echo "flaky-clinic: explored forms (one exploration each${CAPTURE:+, capture $CAPTURE}): $counts"
fi
