#!/usr/bin/env bash
# exploreAll over whole schedule spaces, fewest deviations first (this tree) against depth-first
# (REV, by default 4b727c7, the last depth-first commit): the same bodies (three busy bodies and the
# correct twins of the ordering-bug corpus, five times) explored exhaustively by each joined mock,
# release builds, alternated seven times; prints each pair and the ratio of the medians.
# Usage: scripts/bench-exploreall-order.sh [REV]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-4b727c7}
work=.build/exploreall-order
rm -rf "$work/Sources"
for side in fewest depthfirst; do
    mkdir -p "$work/Sources/$side"
    cp scripts/exploreall-order/main.swift Tests/DispatchableTests/Support/OrderingBugs.swift \
        Tests/DispatchableTests/Support/LockedValue.swift "$work/Sources/$side/"
done
cp Mocks/MockDispatchable.swift "$work/Sources/fewest/"
git show "$rev:Mocks/MockDispatchable.swift" > "$work/Sources/depthfirst/MockDispatchable.swift"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.2
import PackageDescription
let package = Package(
    name: "ExploreAllOrder", platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$PWD")],
    targets: ["fewest", "depthfirst"].map {
        .executableTarget(name: \$0, dependencies: [.product(name: "Dispatchable", package: "$(basename "$PWD")")])
    })
MANIFEST
(cd "$work" && swift build -c release >/dev/null)
fewest=() depthfirst=()
for round in 1 2 3 4 5 6 7; do
    f=$("$work/.build/release/fewest") d=$("$work/.build/release/depthfirst")
    echo "round $round: fewest-first ${f% *} s, depth-first ${d% *} s (${f#* } schedules each)"
    fewest+=("${f% *}") depthfirst+=("${d% *}")
done
median() { printf '%s\n' "$@" | sort -g | sed -n 4p; }
f=$(median "${fewest[@]}") d=$(median "${depthfirst[@]}")
echo "exploreAll, whole spaces: fewest-first $f s, depth-first $d s, ratio $(awk -v f="$f" -v d="$d" 'BEGIN { printf "%.2f", f / d }')x"
