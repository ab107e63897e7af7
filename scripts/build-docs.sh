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
# The mock's parts document internal types with ``links`` the public catalog never resolves: convert
# a symbol graph that includes internal symbols too, and fail on any link there that does not
# resolve. (Overloaded public names are disambiguated for the public graph, checked above; parameter
# documentation of internal symbols is not required.)
internal="$out/internal"
mkdir -p "$internal/symbol-graphs" "$internal/Empty.docc"
swift build --target Dispatchable --scratch-path "$out" -Xswiftc -warnings-as-errors \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$internal/symbol-graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc internal >/dev/null
broken=$(docc convert "$internal/Empty.docc" --additional-symbol-graph-dir "$internal/symbol-graphs" \
    --output-path "$internal/Internal.doccarchive" --fallback-display-name Dispatchable \
    --fallback-bundle-identifier org.dispatchable.Internal 2>&1 |
    grep "warning:" | grep -v "is missing documentation\|is ambiguous at\|isn't a disambiguation for\|)-(" || true)
if [ -n "$broken" ]; then
    echo "docs: links in internal documentation that do not resolve:" >&2
    echo "$broken" >&2
    exit 1
fi
links=$(find Sources/Dispatchable/Mock -name '*.swift' -exec cat {} + | grep '^ *///' | grep -o '``[^`]*``' | wc -l)
echo "docs: the mock's $links internal \`\`links\`\` resolve"
python3 scripts/check-doc-snippets.py
