#!/usr/bin/env bash
# Compares this tree's benchmarks with another revision's, in one session, alternating the two
# builds so that machine noise hits both: `scripts/bench-compare.sh REV [SECTION...]`
# (default sections: immediate manual). Prints each run's lines, labelled.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: scripts/bench-compare.sh REV [SECTION...]}
shift
sections=${*:-immediate manual}
old=$(mktemp -d /tmp/dispatchable-bench-XXXXXX)
trap 'git worktree remove --force "$old/tree" >/dev/null 2>&1 || true; rm -rf "$old"' EXIT
git worktree add --detach "$old/tree" "$rev" >/dev/null
(cd "$old/tree/Benchmarks" && swift build -c release --product DispatchableBenchmarks >/dev/null)
(cd Benchmarks && swift build -c release --product DispatchableBenchmarks >/dev/null)
for round in 1 2 3; do
    for section in $sections; do
        for side in before after; do
            if [ "$side" = before ]; then binary="$old/tree/Benchmarks/.build/release/DispatchableBenchmarks"
            else binary="Benchmarks/.build/release/DispatchableBenchmarks"; fi
            "$binary" --only "$section" | grep -E "ns|×|/" | grep -v "^Dispatchable" | sed "s/^/$side $round: /"
        done
    done
done
