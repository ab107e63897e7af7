#!/usr/bin/env bash
# Builds the DocC catalog with the toolchain's docc (no package dependency), warnings as errors,
# after compiling every ```swift block of README.md and the articles (docs are code).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-docs
rm -rf "$out"  # a clean build, so the symbol graph is always emitted anew
mkdir -p "$out/symbol-graphs"
swift build --target Dispatchable --scratch-path "$out" -Xswiftc -warnings-as-errors \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$out/symbol-graphs"
docc convert Sources/Dispatchable/Dispatchable.docc \
    --additional-symbol-graph-dir "$out/symbol-graphs" \
    --output-path "$out/Dispatchable.doccarchive" \
    --fallback-display-name Dispatchable \
    --fallback-bundle-identifier org.dispatchable.Dispatchable \
    --warnings-as-errors --analyze
echo "docs: $out/Dispatchable.doccarchive"
python3 scripts/check-doc-snippets.py
