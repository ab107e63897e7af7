#!/usr/bin/env bash
# The Apple type-check (`make apple-check`, part of `make test`): type-checks, on Linux, everything
# a user's Xcode compiles — the library (debug and release), the copied Mocks/MockDispatchable.swift
# (Swift 6, Swift 5, default isolation MainActor, the Approachable Concurrency features),
# DispatchableTesting, the tests,
# Examples/ and Benchmarks/ — for macOS 10.15 and the iOS 13 simulator, against a stand-in SDK
# (scripts/apple-typecheck/make-sdk.sh) whose standard library keeps Apple's `@available` numbers
# and whose `_Concurrency` is the public interface only, as Apple's SDKs ship it. Warnings count as
# errors, as in CI.
#
# What it does not model (say so when you read a green result): Foundation, Dispatch, Darwin,
# XCTest and swift-clocks are hand-written stand-ins without availability; nothing is linked or
# run; `#if` branches for tvOS, watchOS and visionOS are not compiled (tvOS's and watchOS's numbers
# are spelled beside iOS's in every `@available` of the package, and `make apple-check` greps for
# that); other compilers than the one installed (6.2, 6.4) are not run — their fences are `#if
# compiler(...)` lines that this one evaluates for its own version only.
#
# Usage: scripts/apple-typecheck.sh [-v]   (-v prints every command)
set -uo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = -v ] && set -x

TC=$(cd "$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift" && pwd)
TRIPLES=(x86_64-apple-macosx10.15 x86_64-apple-ios13.0-simulator)

# The stand-in SDK, rebuilt when the toolchain or the builder changes (about 30 s; cached in .build).
key=$( (swiftc --version 2>&1; cat scripts/apple-typecheck/make-sdk.sh scripts/apple-typecheck/stand-ins/*.swift scripts/apple-typecheck/stand-ins/DarwinSignal/*) |
    sha1sum | cut -c1-12)
SDKROOT=$PWD/.build/apple-sdk-$key
if [ ! -f "$SDKROOT/.complete" ]; then
    rm -rf .build/apple-sdk-*
    echo "apple-check: building the stand-in SDK into $SDKROOT"
    bash scripts/apple-typecheck/make-sdk.sh "$SDKROOT" "${TRIPLES[@]}"
    touch "$SDKROOT/.complete"
fi
SDK=$SDKROOT/usr/lib/swift
OUT=$PWD/.build/apple-typecheck
rm -rf "$OUT"

failed=0
# run LABEL TRIPLE ARGS...: one compiler invocation; any error or warning fails the check.
run() {
    local label=$1 triple=$2
    shift 2
    local log mode=-typecheck
    case " $* " in *" -emit-module "*) mode= ;; esac
    # The stand-in standard library, built from a textual interface, lacks the intrinsics of `&x`
    # passed as a pointer: the compiler reports them as "broken standard library", which only this
    # set-up can cause, so those lines are dropped and modules are written in spite of them.
    log=$(swiftc $mode -continue-building-after-errors -target "$triple" -sdk "$SDKROOT" -resource-dir "$TC" -module-cache-path "$SDKROOT/module-cache" \
        -Xcc -fmodule-map-file="$TC/shims/module.modulemap" -Xfrontend -experimental-allow-module-with-compiler-errors \
        -I "$SDK" -plugin-path "$TC/host/plugins" -plugin-path "$TC/host/plugins/testing" "$@" 2>&1 |
        grep -v -e 'SDKSettings' -e 'broken standard library' || true)
    local diagnostics
    diagnostics=$(grep -E '^([^ |]+:[0-9]+:[0-9]+: |<unknown>:0: |)(error|warning):' <<<"$log" | sort -u)
    if [ -n "$diagnostics" ]; then
        echo "apple-check: FAIL  $label ($triple)"
        sed 's/^/    /' <<<"$diagnostics" | head -60
        failed=$((failed + 1))
    else
        echo "apple-check: ok    $label ($triple)"
    fi
}

library=($(find Sources/Dispatchable -name '*.swift' -not -path '*.docc/*' | sort))
mock=Mocks/MockDispatchable.swift
# Xcode 26's "Approachable Concurrency" setting: the upcoming features Swift 6 mode does not already have.
approachable=(-enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances)
approachable5=("${approachable[@]}" -enable-upcoming-feature InferSendableFromCaptures
    -enable-upcoming-feature GlobalActorIsolatedTypesUsability -enable-upcoming-feature DisableOutwardActorInference)
swift_files() { find "$@" -name '*.swift' | sort; }

for triple in "${TRIPLES[@]}"; do
    debug=$OUT/$triple/debug
    release=$OUT/$triple/release
    examples=$OUT/$triple/examples
    mkdir -p "$debug" "$release" "$examples"
    common=(-swift-version 6 -warnings-as-errors)

    # The library, as `swift build` (debug, with the mock for `@testable import`) and `-c release`.
    run "library, debug" "$triple" "${common[@]}" -parse-as-library -D DEBUG -enable-testing -Onone \
        -module-name Dispatchable -emit-module -emit-module-path "$debug/Dispatchable.swiftmodule" "${library[@]}"
    run "library, release" "$triple" "${common[@]}" -parse-as-library -O -module-name Dispatchable \
        -emit-module -emit-module-path "$release/Dispatchable.swiftmodule" "${library[@]}"

    # The copied mock beside a plain `import Dispatchable`, in the settings users' test targets have.
    copied=("$mock" Tests/CopiedMockTests/CopiedMockTests.swift)
    run "copied mock, Swift 6" "$triple" "${common[@]}" -parse-as-library -D DEBUG -I "$release" \
        -module-name CopiedMockTests "${copied[@]}"
    run "copied mock, Swift 5" "$triple" -swift-version 5 -warnings-as-errors -parse-as-library -D DEBUG -I "$release" \
        -module-name CopiedMockTests "${copied[@]}"
    # Default isolation MainActor (Xcode 26's default for new app targets): the mock file alone, since
    # an XCTestCase subclass in such a target needs `nonisolated` on its own.
    run "copied mock, Swift 6, default isolation MainActor" "$triple" "${common[@]}" -default-isolation MainActor \
        -parse-as-library -D DEBUG -I "$release" -module-name CopiedMockTests "$mock"
    run "copied mock, Swift 5, default isolation MainActor, Approachable Concurrency" "$triple" -swift-version 5 \
        -warnings-as-errors -default-isolation MainActor "${approachable5[@]}" -parse-as-library -D DEBUG \
        -I "$release" -module-name CopiedMockTests "$mock"
    run "copied mock, Swift 6, Approachable Concurrency" "$triple" "${common[@]}" "${approachable[@]}" \
        -parse-as-library -D DEBUG -I "$release" -module-name CopiedMockTests "${copied[@]}"

    # The package's tests.
    # shellcheck disable=SC2046
    run "tests (DispatchableTests)" "$triple" "${common[@]}" -parse-as-library -D DEBUG -I "$debug" \
        -module-name DispatchableTests $(swift_files Tests/DispatchableTests)
    run "tests (DispatchableSwift5Tests)" "$triple" -swift-version 5 -warnings-as-errors -parse-as-library -D DEBUG \
        -I "$debug" -module-name DispatchableSwift5Tests $(swift_files Tests/DispatchableSwift5Tests)

    # DispatchableTesting (debug only: it reaches the mock through `@testable import`; Testing is
    # the toolchain's interface, XCTest the stand-in) and its tests.
    run "DispatchableTesting" "$triple" "${common[@]}" -parse-as-library -D DEBUG -enable-testing -Onone -I "$debug" \
        -module-name DispatchableTesting -emit-module -emit-module-path "$debug/DispatchableTesting.swiftmodule" \
        $(swift_files Sources/DispatchableTesting)
    run "tests (DispatchableTestingTests)" "$triple" "${common[@]}" -parse-as-library -D DEBUG -I "$debug" \
        -module-name DispatchableTestingTests $(swift_files Tests/DispatchableTestingTests)

    # Examples/: the app code, the demo (the copied mock), and both routes' tests.
    run "example app" "$triple" "${common[@]}" -parse-as-library -D DEBUG -I "$debug" -module-name PhotoSearch \
        -emit-module -emit-module-path "$examples/PhotoSearch.swiftmodule" $(swift_files Examples/Sources/PhotoSearch)
    run "example demo" "$triple" "${common[@]}" -D DEBUG -I "$release" -I "$examples" -module-name PhotoSearchDemo \
        $(swift_files Examples/Sources/PhotoSearchDemo)
    run "example tests" "$triple" "${common[@]}" -parse-as-library -D DEBUG -I "$debug" -I "$examples" \
        -module-name PhotoSearchTests $(swift_files Examples/Tests/PhotoSearchTests)
    run "example tests, copied mock" "$triple" "${common[@]}" -parse-as-library -D DEBUG -I "$release" \
        -I "$examples" -module-name PhotoSearchCopiedMockTests $(swift_files Examples/Tests/PhotoSearchCopiedMockTests)
done

# Benchmarks/ declares macOS 13 and iOS 16; it is built in release (the mock is its copied file).
for triple in x86_64-apple-macosx13.0 x86_64-apple-ios16.0-simulator; do
    release=$OUT/$triple/release
    mkdir -p "$release"
    run "library, release" "$triple" -swift-version 6 -parse-as-library -O -module-name Dispatchable \
        -emit-module -emit-module-path "$release/Dispatchable.swiftmodule" "${library[@]}"
    for probe in DispatchableBenchmarks GCDOverheadProbe ExplorationProbe; do
        run "benchmarks ($probe)" "$triple" -swift-version 6 -warnings-as-errors -O -I "$release" \
            -module-name "$probe" $(swift_files "Benchmarks/Sources/$probe")
    done
done

# tvOS and watchOS are not compiled here: every availability attribute that names iOS must name
# them too, so that what the iOS check shows holds for them (visionOS follows iOS through `*`).
# The joined mock's copies under Benchmarks/ are symlinks to Mocks/, read once.
incomplete=$(grep -RnE --include='*.swift' '[@#]available\(.*iOS [0-9]' Sources Mocks Tests Examples/Sources \
    Examples/Tests Benchmarks/Sources | grep -v '/MockDispatchable.swift:' | grep -v -e 'tvOS.*watchOS' || true)
if [ -n "$incomplete" ]; then
    echo "apple-check: FAIL  availability that names iOS but not tvOS and watchOS:"
    echo "$incomplete" | sed 's/^/    /' | head -20
    failed=$((failed + 1))
fi

if [ "$failed" -gt 0 ]; then
    echo "apple-check: $failed check(s) failed: the package would not build in Xcode as it stands" >&2
    exit 1
fi
echo "apple-check: every check passed"
