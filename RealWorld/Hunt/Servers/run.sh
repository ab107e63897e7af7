#!/usr/bin/env bash
# Builds the hunt package (five server-side packages' own test suites, explored as written) and runs
# it with both captures: the default, and DISPATCHABLE_ASYNC_CAPTURE=public (what Apple's systems get).
# One process per package and capture (a trap or a hang loses that package's results only), killed
# after $HUNT_LIMIT seconds (default 900). Prints per package and capture:
#   HUNT|package=…|version=…|tests=…|async=…|capture=…|pass=…|fail=…|refused=…|skipped=…
# tests = the tests written (tests-index.txt), async = of which `async`; pass/fail/refused count
# explored tests from the xunit output (refused: every issue is the explorer's "could not explore
# this test" refusal); skipped = the `.disabled` ones (real sockets). A test missing from the xunit
# output (its process trapped or was killed) is counted in fail and named.
# Each failing test's first issue goes to /tmp/hunt-srv-failures-CAPTURE.txt.
#
# usage: RealWorld/Hunt/Servers/run.sh [package…]   (default: all five; HUNT_CAPTURES="default" or "public" runs one)
set -uo pipefail
cd "$(dirname "$0")"
SCRATCH=.build-hunt-srv
LIMIT=${HUNT_LIMIT:-900}
OUTDIR=${HUNT_OUT:-/tmp}
mkdir -p "$OUTDIR"

declare -A FILTER=(
    [swift-nio]='^(NIOCoreTests|NIOEmbeddedTests)\.'
    [grpc-swift-2]='^(GRPCCoreTests|GRPCInProcessTransportTests)\.'
    [hummingbird]='^(HummingbirdTests|HummingbirdRouterTests|HummingbirdCoreTests)\.'
    [swift-websocket]='^WebSocketTests\.'
    [swift-nio-http2]='^NIOHTTP2Tests\.'
)
# Tests run in a process of their own (--skip in the package's process): a run the trait must keep
# open stops its process (the trait's documented answer to work it cannot end), losing the other
# tests' results. swift-websocket's autoPing: a refused run (NIO's event loop resumed it) whose
# cancelled tasks never return.
declare -A ISOLATE=(
    [swift-websocket]='autoPing'
)
PKGS=("$@")
[ ${#PKGS[@]} -eq 0 ] && PKGS=(swift-nio grpc-swift-2 hummingbird swift-websocket swift-nio-http2)

start=$(date +%s)
nice -n 5 swift build --build-tests --scratch-path "$SCRATCH" 2>&1 | tail -3 || exit 1
echo "hunt: built in $(( $(date +%s) - start ))s"
binary=$(swift build --scratch-path "$SCRATCH" --show-bin-path)/HuntServersPackageTests.xctest

# runone CAPTURE XML LOG ARGS…: one test process, killed after $LIMIT s; sets rc and took.
runone() {
    local capture=$1 xml=$2 log=$3
    shift 3
    local t0=$(date +%s)
    # hummingbird's file tests write files into the current folder (left behind when refused): run in a scratch one.
    mkdir -p "$OUTDIR/hunt-srv-cwd" && pushd "$OUTDIR/hunt-srv-cwd" >/dev/null
    if [ "$capture" = public ]; then
        env DISPATCHABLE_ASYNC_CAPTURE=public timeout -s KILL "$LIMIT" nice -n 5 "$binary" --testing-library swift-testing \
            --xunit-output "$xml" "$@" >"$log" 2>&1
    else
        env -u DISPATCHABLE_ASYNC_CAPTURE timeout -s KILL "$LIMIT" nice -n 5 "$binary" --testing-library swift-testing \
            --xunit-output "$xml" "$@" >"$log" 2>&1
    fi
    rc=$?
    popd >/dev/null
    took=$(( $(date +%s) - t0 ))
}

for capture in ${HUNT_CAPTURES:-default public}; do
    : >"$OUTDIR/hunt-srv-failures-$capture.txt"
    for pkg in "${PKGS[@]}"; do
        xml="$OUTDIR/hunt-srv-$pkg-$capture.xml"
        log="$OUTDIR/hunt-srv-$pkg-$capture.log"
        xmls=("$xml")
        rm -f "$OUTDIR"/hunt-srv-$pkg-$capture*.xml
        args=(--filter "${FILTER[$pkg]}")
        [ -n "${ISOLATE[$pkg]:-}" ] && args+=(--skip "${ISOLATE[$pkg]}")
        runone "$capture" "$xml" "$log" "${args[@]}"
        echo "hunt: $pkg, $capture capture: exit $rc after ${took}s (log: $log)"
        if [ -n "${ISOLATE[$pkg]:-}" ]; then
            for t in ${ISOLATE[$pkg]//|/ }; do
                runone "$capture" "$OUTDIR/hunt-srv-$pkg-$capture-$t.xml" "$OUTDIR/hunt-srv-$pkg-$capture-$t.log" \
                    --filter "${FILTER[$pkg]}.*$t"
                echo "hunt: $pkg $t alone, $capture capture: exit $rc after ${took}s (log: $OUTDIR/hunt-srv-$pkg-$capture-$t.log)"
                xmls+=("$OUTDIR/hunt-srv-$pkg-$capture-$t.xml")
            done
        fi
        python3 - "$pkg" "$capture" "$(IFS=,; echo "${xmls[*]}")" "$log" "$OUTDIR/hunt-srv-failures-$capture.txt" <<'PY'
import re, sys, xml.etree.ElementTree as ET
pkg, capture, xmls, log, failures_path = sys.argv[1:]
index = [l.rstrip("\n").split("|") for l in open("tests-index.txt") if not l.startswith("#")]
rows = [r for r in index if r[0] == pkg]
version = rows[0][1]
explored = {(r[2], r[4]) for r in rows if r[5].startswith(".explored")}
skipped = sum(1 for r in rows if r[5].startswith(".disabled"))
seen, passed, failed, refused, out = set(), 0, 0, 0, []
cases = []
for xml in xmls.split(","):
    try:
        cases += list(ET.parse(xml).getroot().iter("testcase"))
    except (OSError, ET.ParseError) as e:
        out.append("%s|-|no xunit output in %s (%s): see its log" % (pkg, xml, e))
for case in cases:
    module, _, suite = case.get("classname").partition(".")
    name = re.sub(r"\(.*\)$", "", case.get("name"))
    if (module, name) not in explored:
        continue  # a `.disabled` test (Swift Testing lists it as skipped)
    if case.find("skipped") is not None:
        continue
    seen.add((module, name))
    msgs = [f.get("message", "") for f in case.iter("failure")]
    if not msgs:
        passed += 1
    elif all("could not explore this test" in m for m in msgs):
        refused += 1
        out.append("%s|%s.%s|REFUSED|%s" % (pkg, suite, name, msgs[0].replace("\n", " ")[:400]))
    else:
        failed += 1
        out.append("%s|%s.%s|FAIL|%s" % (pkg, suite, name, " // ".join(m.replace("\n", " ")[:300] for m in msgs[:3])))
missing = sorted(explored - seen)
for module, name in missing:
    failed += 1
    out.append("%s|%s.%s|FAIL|no result (the process trapped or was killed: %s)" % (pkg, module, name, log))
with open(failures_path, "a") as f:
    for l in out:
        f.write(l + "\n")
print("HUNT|package=%s|version=%s|tests=%d|async=%d|capture=%s|pass=%d|fail=%d|refused=%d|skipped=%d" % (
    pkg, version, len(rows), sum(1 for r in rows if r[6] == "True"), capture, passed, failed, refused, skipped))
PY
    done
done
echo "hunt: done in $(( $(date +%s) - start ))s; failures and refusals: $OUTDIR/hunt-srv-failures-{default,public}.txt"
