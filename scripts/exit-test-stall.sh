#!/usr/bin/env bash
# A minimal reproduction, without Dispatchable (#24, item 4): does a Swift Testing exit test stall
# the parent's other tasks while its child runs? STALL_CHILDREN 3 s children (default: as many as
# cores) run beside a 500 ms `Task.sleep`, first observing the child's standard error, then not.
#
# What Swift Testing does (swiftlang/swift-testing, Sources/Testing/ExitTests/ExitTest.swift): the
# parent reads the child's back channel with a blocking read on a thread of the cooperative pool
# until the child ends, and each observed stream with a blocking `readToEnd()` (#1782 reads the back
# channel a line at a time and yields between lines, but still blocks while the child is quiet).
# Measured here on 2 cores (Swift 6.3.1): 0.500 s with 2, 8 and 16 children, observing or not —
# on Linux libdispatch adds worker threads when its workers block, so nothing stalls. Apple's
# cooperative pool is as wide as the machine has cores and does not grow, so there the same
# parked threads starve every other task once as many exit tests run as there are cores; that
# cannot be run here. The project's own exit tests therefore run one at a time (the serialized
# `ChildProcessTests` suite in Tests/DispatchableTests/Support/ChildProcess.swift).
set -euo pipefail
cd "$(dirname "$0")/exit-test-stall"
scratch=../../.build-exit-test-stall
swift build --build-tests --scratch-path "$scratch" >/dev/null
for observe in 1 0; do
    STALL_OBSERVE=$observe swift test --skip-build --scratch-path "$scratch" 2>&1 | grep "exit-test-stall:"
done
