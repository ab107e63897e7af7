#!/usr/bin/env bash
# A minimal reproduction, without Dispatchable (#24, item 4): does a Swift Testing exit test whose
# `#expect(processExitsWith:observing:)` observes the child's standard error stall the parent's
# cooperative pool while the child runs? As many 3 s children as cores run beside a 500 ms
# `Task.sleep`, first observing, then not. Measured here on 2 cores (Swift 6.3.1): 0.500 s both
# ways — no stall in this form, so the stall once seen in the project's test run (a parallel sleep
# waited for a child) is not shown to be Swift Testing's alone. The project's exit tests observe
# nothing anyway (but the one that reads a warning): a child's reason for failing reaches the
# parent through a log file (Tests/DispatchableTests/Support/ChildProcess.swift).
set -euo pipefail
cd "$(dirname "$0")/exit-test-stall"
scratch=../../.build-exit-test-stall
swift build --build-tests --scratch-path "$scratch" >/dev/null
for observe in 1 0; do
    STALL_OBSERVE=$observe swift test --skip-build --scratch-path "$scratch" 2>&1 | grep "exit-test-stall:"
done
