#!/usr/bin/env bash
# Builds a stand-in Apple SDK on Linux, for type-checking only (nothing is linked or run):
#
# - Swift, _Concurrency, _StringProcessing, Synchronization and Testing come from this toolchain's
#   own `.swiftinterface` files, which keep Apple's `@available` numbers. Only the public
#   interfaces are copied (`*.private.swiftinterface` is left out), as Apple's SDKs ship them: no
#   `@_spi` declaration is visible, so code that needs SPI fails here as it fails in Xcode.
#   Testing's exit-test macros are marked unavailable on iOS, tvOS, watchOS and visionOS, as in
#   Apple's SDKs.
# - Foundation, Dispatch, Darwin, XCTest and Clocks are small hand-written stand-ins (stand-ins/;
#   Darwin's signal declarations are a C module, stand-ins/DarwinSignal, as only C can declare a
#   struct and a function of one name)
#   declaring only what this repository uses. They model names, types and Sendable-ness, not
#   behaviour, and carry no availability except where noted in the file: a check that passes here
#   says nothing about Foundation's own availability numbers (the package uses nothing of
#   Foundation newer than macOS 10.15 / iOS 13 that they would hide: Date, RunLoop, NSLock,
#   Thread, ProcessInfo, FileHandle).
#
# Usage: make-sdk.sh OUT_DIR TRIPLE...   e.g. make-sdk.sh .build/apple-sdk x86_64-apple-macosx10.15
set -euo pipefail
SDKROOT=$1
shift
TC=$(cd "$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift" && pwd) # the toolchain's lib/swift
SDK=$SDKROOT/usr/lib/swift
MC=$SDKROOT/module-cache
HERE=$(cd "$(dirname "$0")" && pwd)
rm -rf "$SDKROOT"
mkdir -p "$SDK" "$MC"

# The module file name a compiler looks for, for a target triple: x86_64-apple-macosx10.15 ->
# x86_64-apple-macos, arm64-apple-ios13.0 -> arm64-apple-ios.
module_file() { echo "$1" | sed -E 's/(macosx|macos|ios|tvos|watchos|xros)[0-9.]*/\1/; s/macosx/macos/'; }

# Rewrites a Linux interface for `triple`: its target, availability checking off inside the
# interface itself (only client code is judged), and `@backDeployed` bodies that Linux interfaces
# leave out dropped with their attribute.
retarget() {
    python3 - "$1" "$2" "$3" "$4" <<'PY'
import re, sys
src, dst, triple, module = sys.argv[1:5]
text = open(src).read()
text = text.replace('-target x86_64-unknown-linux-gnu', '-target ' + triple)
text = text.replace('// swift-module-flags: ', '// swift-module-flags: -disable-availability-checking ', 1)
declaration = re.compile(r'\b(func|init|var|subscript|let)\b')
lines, out, i = text.split('\n'), [], 0
while i < len(lines):
    if lines[i].strip().startswith('@backDeployed('):
        j = i + 1
        while j < len(lines) and not declaration.search(lines[j]):
            j += 1
        if not lines[j].rstrip().endswith('{'):
            i += 1
            continue
    if module == 'Testing' and re.search(r'macro (expect|require)\(processExitsWith', lines[i]):
        out.append('@available(iOS, unavailable) @available(tvOS, unavailable) '
                   '@available(watchOS, unavailable) @available(visionOS, unavailable)')
    out.append(lines[i])
    i += 1
open(dst, 'w').write('\n'.join(out))
PY
}

for triple in "$@"; do
    file=$(module_file "$triple")
    for m in Swift _Concurrency _StringProcessing Synchronization Testing; do
        mkdir -p "$SDK/$m.swiftmodule"
        retarget "$TC/linux/$m.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" \
            "$SDK/$m.swiftmodule/$file.swiftinterface" "$triple" "$m"
    done
    mkdir -p "$SDK/SwiftOnoneSupport.swiftmodule"
    printf '// swift-interface-format-version: 1.0\n// swift-module-flags: -disable-availability-checking -target %s -parse-stdlib -module-name SwiftOnoneSupport\nimport Swift\n' \
        "$triple" >"$SDK/SwiftOnoneSupport.swiftmodule/$file.swiftinterface"
    rm -rf "$SDK/DarwinSignal"
    cp -R "$HERE/stand-ins/DarwinSignal" "$SDK/DarwinSignal"  # the C part of Darwin's stand-in
    for m in Darwin Dispatch Foundation XCTest Clocks; do
        mkdir -p "$SDK/$m.swiftmodule"
        swiftc -emit-module -parse-as-library -swift-version 6 -module-name "$m" -target "$triple" \
            -sdk "$SDKROOT" -resource-dir "$TC" -module-cache-path "$MC" -I "$SDK" \
            -emit-module-path "$SDK/$m.swiftmodule/$file.swiftmodule" "$HERE/stand-ins/$m.swift" 2>&1 |
            grep -v -e SDKSettings -e 'broken standard library' || true
        [ -f "$SDK/$m.swiftmodule/$file.swiftmodule" ] || {
            echo "apple-typecheck: the stand-in $m did not build for $triple" >&2
            exit 1
        }
    done
done
