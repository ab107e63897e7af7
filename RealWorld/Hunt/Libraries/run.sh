#!/usr/bin/env bash
# Builds Hunt/Libraries (five libraries' own tests, explored as written: generate.py) and runs
# every test target under both captures — the default (the executor factory on Linux) and
# DISPATCHABLE_ASYNC_CAPTURE=public (what Apple's systems get) — one process per target and
# capture, the test binary run directly under a time limit that kills it, with --xunit-output.
# Prints one line per package and capture:
#   HUNT|package=…|version=…|tests=…|async=…|capture=…|pass=…|fail=…|refused=…
# refused = tests whose every issue is a documented refusal: `.unsupported` (e.g. a Task.sleep
# under the public capture), or `.nondeterministicBody` for work resumed from outside the run
# (a real thread: NIO's event loops, real GCD), named in the issue text. fail = any other issue.
# Per-test verdicts: $HUNT_RESULTS (default /tmp/hunt-lib-results.txt), one line each:
#   capture|package|Suite.test|verdict|first issue
set -uo pipefail
cd "$(dirname "$0")"
SWIFT=${SWIFT:-swift}
SCRATCH=${SCRATCH:-.build-hunt-lib}
RESULTS=${HUNT_RESULTS:-/tmp/hunt-lib-results.txt}
LIMIT=${HUNT_LIMIT:-900}
rm -f "$RESULTS"

start=$(date +%s)
nice -n 5 $SWIFT build --build-tests --scratch-path "$SCRATCH" || exit 1
echo "hunt: built in $(( $(date +%s) - start ))s"
binary=$($SWIFT build --scratch-path "$SCRATCH" --show-bin-path)/HuntLibrariesPackageTests.xctest

# package|version|test target|tests run in a process of their own (a regex of names, or -)
# swift-prometheus's two tests of 100,000 child tasks each end the exploration in
# `.stepLimitExceeded`, and the trait then ends its process with status 1, losing every other
# result of the process (FINDINGS.md, false alarm 2): they run alone, one process each.
TARGETS="swift-openapi-runtime|1.13.4|OpenAPIRuntimeTests|-
GraphQL|4.3.0|GraphQLTests|-
async-kit|1.22.0|AsyncKitTests|-
swift-metrics|2.13.0|MetricsTests|-
swift-prometheus|2.4.1|PrometheusTests|GaugeTests/testGaugeSetToFromMultipleTasks GaugeTests/testIncByFromMultipleTasks"

# judge XML CAPTURE PKG TARGET RC [EXPECTED-TEST]: per-test lines from one process's xunit file;
# with EXPECTED-TEST, a process that left no result fails that test ("no result").
judge() {
    python3 - "$@" >>"$RESULTS" <<'PY'
import sys, xml.etree.ElementTree as ET
path, capture, pkg, target, rc = sys.argv[1:6]
expected = sys.argv[6] if len(sys.argv) > 6 else None
def refusal(m):
    if "could not explore this test (unsupported)" in m:
        return True
    return "could not explore this test (nondeterministicBody)" in m and "resumed from outside it" in m
try:
    cases = list(ET.parse(path).getroot().iter("testcase"))
except (OSError, ET.ParseError) as e:
    cases = []
seen = False
for case in cases:
    if not case.get("classname", "").startswith(target + "."):
        continue
    seen = True
    name = "%s.%s" % (case.get("classname").split(".", 1)[1], case.get("name").removesuffix("()"))
    failures = [(f.get("message") or f.text or "") for f in case.iter("failure")]
    if not failures:
        verdict = "pass"
    elif all(refusal(m) for m in failures):
        verdict = "refused"
    else:
        verdict = "fail"
    first = failures[0].replace("|", "/").replace("\n", " ")[:400] if failures else ""
    print("|".join([capture, pkg, name, verdict, first]))
if not seen:
    print("|".join([capture, pkg, expected or "-", "fail" if expected else "NO RESULTS",
                    "the process (exit %s) left no result: see its log" % rc]))
PY
}

for capture in default public; do
    if [ "$capture" = public ]; then export DISPATCHABLE_ASYNC_CAPTURE=public; else unset DISPATCHABLE_ASYNC_CAPTURE; fi
    while IFS='|' read -r pkg version target alone; do
        skip=()
        [ "$alone" != - ] && skip=(--skip "$(tr ' ' '|' <<<"$alone")")
        for run in main $( [ "$alone" != - ] && echo $alone ); do
            if [ "$run" = main ]; then args=(--filter "^$target\." "${skip[@]}"); else args=(--filter "^$target\.$run\(\)"); fi
            xml=/tmp/hunt-lib-$target-${run#*/}-$capture.xml log=/tmp/hunt-lib-$target-${run#*/}-$capture.log
            rm -f "$xml"
            t0=$(date +%s)
            timeout -s KILL "$LIMIT" nice -n 5 "$binary" --testing-library swift-testing "${args[@]}" --xunit-output "$xml" >"$log" 2>&1
            rc=$?
            echo "hunt: $target ($run), $capture capture: exit $rc after $(( $(date +%s) - t0 ))s (log: $log)"
            if [ "$run" = main ]; then judge "$xml" "$capture" "$pkg" "$target" "$rc"; else judge "$xml" "$capture" "$pkg" "$target" "$rc" "${run/\//.}"; fi
        done
    done <<<"$TARGETS"
done
echo "hunt: ran in $(( $(date +%s) - start ))s; per-test verdicts: $RESULTS"

while IFS= read -r line; do
    pkg=${line%% *}; rest=${line#* }; version=${rest%% *}
    tests=$(sed -n 's/.*tests=\([0-9]*\).*/\1/p' <<<"$line"); async=$(sed -n 's/.*async=\([0-9]*\).*/\1/p' <<<"$line")
    for capture in default public; do
        count() { grep -c "^$capture|$pkg|[^|]*|$1|" "$RESULTS"; }
        echo "HUNT|package=$pkg|version=$version|tests=$tests|async=$async|capture=$capture|pass=$(count pass)|fail=$(count fail)|refused=$(count refused)"
    done
done <counts.txt
grep -q '|NO RESULTS' "$RESULTS" && echo "hunt: a process left no results (see $RESULTS)"
exit 0
