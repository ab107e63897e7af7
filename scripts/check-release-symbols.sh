#!/usr/bin/env bash
# A release build of the library must contain no MockDispatchable symbol; a debug build must
# (the positive control that proves this check can fail).
set -euo pipefail
cd "$(dirname "$0")/.."

count_symbols() { # $1: configuration, $2: scratch path
    local objects
    objects=$(find "$2/$1/Dispatchable.build" -name '*.o')
    [ -n "$objects" ] || { echo "no object files under $2/$1/Dispatchable.build" >&2; exit 1; }
    # shellcheck disable=SC2086
    nm $objects 2>/dev/null | grep -v ':$' | swift demangle | grep -c 'MockDispatchable' || true
}

swift build -c release --target Dispatchable --scratch-path .build-release -Xswiftc -warnings-as-errors
swift build -c debug --target Dispatchable --scratch-path .build-release -Xswiftc -warnings-as-errors

release=$(count_symbols release .build-release)
debug=$(count_symbols debug .build-release)
echo "MockDispatchable symbols: release build $release, debug build $debug"
if [ "$debug" -eq 0 ]; then
    echo "error: the debug build has no MockDispatchable symbol, so this check proves nothing" >&2
    exit 1
fi
if [ "$release" -ne 0 ]; then
    echo "error: the release build contains MockDispatchable symbols:" >&2
    find .build-release/release/Dispatchable.build -name '*.o' -exec nm {} + | grep -v ':$' | swift demangle | grep MockDispatchable | head >&2
    exit 1
fi
echo "ok: the release build contains no MockDispatchable symbol"
