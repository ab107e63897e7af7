#!/usr/bin/env bash
# Regenerates RealWorld/Tests from the packages' own test files: each test function is extracted
# verbatim from `git show VERSION:path` of the machine's offline copy of its package
# (/opt/swift-packages, or PACKAGES=…) and written with its `.corpus(…)` attribute; test-support
# files are copied with only their XCTest import replaced. `git diff` afterwards shows any change.
# The attributes (schedules, limits, maximumStall, expected verdicts) live in the three
# configuration scripts beside this one; the Swift Testing suites explored as written, in
# explored_config.py (explored.py writes them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tests=$(dirname "$here")/Tests
packages=${PACKAGES:-/opt/swift-packages}
export PORT_SRC=$(mktemp -d) PORT_WORK=$(mktemp -d)
trap 'rm -rf "$PORT_SRC" "$PORT_WORK"' EXIT

show() { git -C "$packages/$1.git" show "$2:$3"; }

aa=apple/swift-async-algorithms; aav=1.1.4
for f in TestChannel TestThrowingChannel TestMerge TestZip TestBuffer TestShare TestFlatMapLatest; do
    show $aa $aav Tests/AsyncAlgorithmsTests/$f.swift >"$PORT_SRC/$f.swift"
done
mkdir -p "$tests/AsyncAlgorithmsCorpus/Support"
for f in Gate GatedSequence Indefinite Failure; do
    {
        echo "// Ported verbatim from swift-async-algorithms $aav, Tests/AsyncAlgorithmsTests/Support/$f.swift (test support)."
        echo "// \`@testable import AsyncAlgorithms\`: the package's test target reaches its internal ManagedCriticalState."
        echo
        show $aa $aav Tests/AsyncAlgorithmsTests/Support/$f.swift | sed 's/^import AsyncAlgorithms$/@testable import AsyncAlgorithms/'
    } >"$tests/AsyncAlgorithmsCorpus/Support/$f.swift"
done
python3 "$here/swift_async_algorithms.py"

sl=swift-server/swift-service-lifecycle; slv=2.13.0
for f in GracefulShutdownTests ServiceGroupTests; do
    show $sl $slv Tests/ServiceLifecycleTests/$f.swift >"$PORT_SRC/$f.swift"
done
for f in MockService XCTest+Async; do
    {
        echo "// Ported verbatim from swift-service-lifecycle $slv, Tests/ServiceLifecycleTests/$f.swift (test support)."
        [ $f = XCTest+Async ] && echo "// \`import CorpusSupport\` in place of \`import XCTest\`: its assertion shims fail the schedule they happen in."
        echo
        show $sl $slv Tests/ServiceLifecycleTests/$f.swift | sed 's/^import XCTest$/import CorpusSupport/'
    } >"$tests/ServiceLifecycleCorpus/$f.swift"
done
python3 "$here/swift_service_lifecycle.py"

ce=pointfreeco/swift-concurrency-extras; cev=1.4.3
for f in ActorIsolatedTests MainSerialExecutorTests; do
    show $ce $cev Tests/ConcurrencyExtrasTests/$f.swift >"$PORT_SRC/$f.swift"
done
python3 "$here/swift_concurrency_extras.py"

# Swift Testing suites explored as written: upstream's files with one trait added to each @Test.
for t in LoggingTests TracingTests InMemoryTracingTests InstrumentationTests ServiceContextTests FlyingSocksTests MCPTests \
    ConfigurationTestingInternal ConfigurationTests; do
    rm -rf "${tests:?}/$t"
done
PACKAGES=$packages python3 "$here/explored.py"
echo "port: regenerated $tests"
