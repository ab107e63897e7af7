#!/usr/bin/env bash
# Runs BugBench/ (historical concurrency bugs of public Swift packages): builds the
# package twice — the buggy twin and the fixed twin of every case — and runs each case's test in a
# process of its own under each capture (the default, and DISPATCHABLE_ASYNC_CAPTURE=public), under
# a time limit. Each test prints a BUG-BENCH|key=value|… line (BugBench/Sources/BugBenchSupport);
# this script prints them as one table and, last, `bug-bench: N cases from P packages, F found,
# M false alarms`. Exits non-zero when a fixed twin fails a schedule (a false alarm) or a process
# dies without its line.
#
#   CASE=Name[,Name…]   only these cases (folders of BugBench/Cases)
#   BUGBENCH_SCHEDULES, BUGBENCH_PLAIN_RUNS, BUGBENCH_PLAIN_SECONDS: see BugBenchTrait.swift
#   BUGBENCH_LIMIT      seconds a case's process may take (default 600)
set -uo pipefail
cd "$(dirname "$0")/../BugBench"
SWIFT=${SWIFT:-swift}
RESULTS=${BUGBENCH_RESULTS:-/tmp/bug-bench-results.txt}
export BUGBENCH_DETAILS=${BUGBENCH_DETAILS:-/tmp/bug-bench-details.txt}
LIMIT=${BUGBENCH_LIMIT:-600}
rm -f "$RESULTS" "$BUGBENCH_DETAILS"
touch "$RESULTS"
export BUGBENCH_RESULTS=$RESULTS
if [ -n "${CASE:-}" ]; then export BUGBENCH_CASES=$CASE; fi

cases=()
for dir in Cases/*/; do
    name=$(basename "$dir")
    [ -f "$dir/case.json" ] || continue
    if [ -n "${CASE:-}" ] && [[ ",$CASE," != *",$name,"* ]]; then continue; fi
    cases+=("$name")
done
[ ${#cases[@]} -gt 0 ] || { echo "bug-bench: no case matches '${CASE:-}'"; exit 1; }

status=0
for twin in buggy fixed; do
    start=$(date +%s)
    BUGBENCH_TWIN=$twin $SWIFT build --build-tests --scratch-path ".build-bench-$twin" >"/tmp/bug-bench-build-$twin.log" 2>&1 || {
        grep -E "error:" "/tmp/bug-bench-build-$twin.log" | sort -u | head -20
        echo "bug-bench: the $twin twin does not build (/tmp/bug-bench-build-$twin.log)"
        exit 1
    }
    echo "bug-bench: built the $twin twin in $(( $(date +%s) - start ))s"
    binary=$(BUGBENCH_TWIN=$twin $SWIFT build --scratch-path ".build-bench-$twin" --show-bin-path)/BugBenchPackageTests.xctest
    for name in "${cases[@]}"; do
        for capture in default public; do
            if [ "$capture" = public ]; then export DISPATCHABLE_ASYNC_CAPTURE=public; else unset DISPATCHABLE_ASYNC_CAPTURE; fi
            # A process that dies (a data race's crash) loses its line: it is reported with the phase
            # it died in, and the phases after that one run in a process of their own.
            phases="mixed,pct,all,replay,plain"
            while [ -n "$phases" ]; do
                log="/tmp/bug-bench-$name-$twin-$capture-${phases%%,*}.log"
                key="|twin=$twin|capture=$capture|case=$name|"
                before=$(grep -c "^BUG-BENCH$key" "$RESULTS" 2>/dev/null || true)
                BUGBENCH_TWIN=$twin BUGBENCH_PHASES=$phases timeout -s KILL "$LIMIT" "$binary" --testing-library swift-testing \
                    --filter "^$name\." >"$log" 2>&1
                code=$?
                after=$(grep -c "^BUG-BENCH$key" "$RESULTS" 2>/dev/null || true)
                [ "$after" = "$before" ] || break
                phase=$(grep "^BUG-BENCH-PHASE$key" "$RESULTS" 2>/dev/null | tail -1 | sed 's/.*|phase=//')
                # A crash inside an explored run: the explorer's crash trail names the run's schedule.
                trail=$(grep -o 'the process crashed ([A-Z]*) in a run of .*The run.s schedule so far: "[^"]*"' "$log" | tail -1 |
                    sed -E 's/the process crashed \(([A-Z]*)\).*schedule so far: "([^"]*)"/\1 at schedule "\2"/')
                echo "BUG-BENCH$key""test=?|died=exit $code in ${phase:-start}${trail:+ (crash trail: $trail)}|phases=$phases" >>"$RESULTS"
                [ -n "$phase" ] || break
                phases=$(echo "$phases" | sed "s/^.*$phase,\{0,1\}//")
            done
        done
    done
done
unset DISPATCHABLE_ASYNC_CAPTURE

python3 - "$RESULTS" <<'PY' || status=1
import json, os, sys
# One row per twin, capture and case: the lines of its processes merged (a process that died is
# followed by one running the phases after the one it died in).
merged = {}
for line in open(sys.argv[1]):
    if line.startswith("BUG-BENCH|"):
        fields = dict(f.split("=", 1) for f in line.rstrip("\n").split("|")[1:] if "=" in f)
        row = merged.setdefault((fields["twin"], fields["capture"], fields["case"]), {})
        if "died" in fields:
            row.setdefault("deaths", []).append(fields["died"])
        for key, value in fields.items():
            if key not in ("died", "phases") and not (key == "test" and value == "?" and "test" in row):
                row.setdefault(key, value)
rows = list(merged.values())
def manifest(name):
    return json.load(open(os.path.join("Cases", name, "case.json")))
def first(row):
    """The strategy that found it, schedules to first failure, seconds."""
    if "first" not in row: return None
    text = row[row["first"]]  # "<kind> at <n> in <s>s"
    words = text.split()
    return row["first"], words[2], words[4].rstrip("s"), words[0]
names = sorted({r["case"] for r in rows})
header = ["case", "package", "class", "default: found by", "at", "s", "dev", "replayed", "public: found by", "at",
          "fixed twin (both)", "plain failures"]
table = [header]
found = alarms = 0
races = []
packages = set()
for name in names:
    m = manifest(name)
    packages.add(m["package"])
    def row(twin, capture):
        return next((r for r in rows if r["case"] == name and r["twin"] == twin and r["capture"] == capture), {})
    bd, bp = row("buggy", "default"), row("buggy", "public")
    fd, fp = row("fixed", "default"), row("fixed", "public")
    fd_first, fp_first = first(fd), first(fp)
    def trail(r):
        """The first exploration phase a process crashed in with the explorer's crash trail."""
        for death in r.get("deaths", []):
            phase = death.split(" in ")[1].split(" ")[0]
            if "crash trail" in death and phase in ("mixed", "pct", "all"):
                return phase, death.split("crash trail: ")[1].rstrip(")")
        return None
    def describe(r):
        f = first(r)
        if f: return f"{f[0]} ({f[3]})", f[1], f[2]
        t = trail(r)
        if t: return f"{t[0]} (crash {t[1]})", "?", "-"
        if r.get("deaths"): return "crashed " + "; ".join(r["deaths"]), "-", "-"
        if "refusal" in r: return "refused", "-", "-"
        warn = next((r[s] for s in ("mixed", "pct", "all") if "warning" in r.get(s, "")), None)
        return ("missed (warning)" if warn else "missed"), "-", "-"
    d_by, d_at, d_s = describe(bd)
    p_by, p_at, _ = describe(bp)
    if first(bd) or first(bp) or trail(bd) or trail(bp): found += 1
    false = [c for c, r in (("default", fd), ("public", fp)) if first(r) or r.get("deaths")]
    # A fixed twin whose failure the case's README shows to be a race of upstream's own test (an
    # ordering reachable in real runs that the test does not tolerate), named in case.json: shown,
    # counted apart, not taken for the engine's false alarm.
    race = m.get("fixedTwinTestRace")
    if false and race:
        races.append(name)
        fixed = "fails: upstream's test race (" + race + ") " + ",".join(false)
    else:
        alarms += len(false)
        fixed = "FALSE ALARM " + ",".join(false) if false else "passes"
    if any("refusal" in r for r in (fd, fp)) and not false: fixed += " (refused: " + ",".join(c for c, r in (("default", fd), ("public", fp)) if "refusal" in r) + ")"
    table.append([name, m["package"].split("/")[1], m["class"], d_by, d_at, d_s, bd.get("deviations", "-"),
                  bd.get("replayed", "-"), p_by, p_at, fixed,
                  bd.get("plain", "crashed" if any("in plain" in d for d in bd.get("deaths", [])) else "-")])
widths = [max(len(r[i]) for r in table) for i in range(len(header))]
for r in table:
    print("  ".join(c.ljust(w) for c, w in zip(r, widths)))
if races:
    print(f"bug-bench: fixed twins failing on a race of upstream's own test (see their README): {', '.join(races)}")
print(f"bug-bench: {len(names)} cases from {len(packages)} packages, {found} found, {alarms} false alarms")
sys.exit(1 if alarms else 0)
PY
exit $status
