import json, os, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ["PORT_SRC"]  # the package's test files, exported by port.sh
OUT = os.path.join(os.path.dirname(HERE), "Tests")
WORK = os.environ["PORT_WORK"]  # a scratch folder for the configurations
LIC = "Copyright (c) 2023 Apple Inc. and the SwiftServiceLifecycle project authors. Licensed under Apache License v2.0 (SPDX-License-Identifier: Apache-2.0)."
base = os.path.join(OUT, "ServiceLifecycleCorpus") + "/"
SLEEP = 'refusedByPublicCapture: "Task.sleep"'
STALL = "maximumStall: 1"
def cfg(file, suites, imports, notes=None, extra=None, prelude=None):
    c = {"package": "swift-service-lifecycle", "version": "2.13.0", "file": "Tests/ServiceLifecycleTests/%s.swift" % file,
         "local": os.path.join(SRC, "%s.swift" % file), "license": LIC, "output": base + file + ".swift",
         "imports": imports, "suites": suites, "notes": notes or [], "extra": extra or [], "prelude": prelude or []}
    json.dump(c, open(os.path.join(WORK, "%s.json" % file), "w"))
    subprocess.check_call(["python3", os.path.join(HERE, "gen.py"), os.path.join(WORK, "%s.json" % file)])
cfg("GracefulShutdownTests", [{"name": "GracefulShutdownTests", "tests": [
    {"name": "testWithGracefulShutdownHandler", "trait": "limit: 5_000"},
    {"name": "testWithGracefulShutdownHandler_whenAlreadyShuttingDown", "trait": "limit: 5_000"},
    {"name": "testWithGracefulShutdownHandler_whenNested", "trait": "schedules: 300, " + SLEEP + ", maximumStall: 0.1",
     "comment": ["maximumStall: 0.1 — the test triggers the shutdown while two operations sleep 500 ms; a schedule that", "stalls the test for 0.5 s lets them return first, and it then waits for handlers that are gone (README: finding 4)."]},
    {"name": "testWithGracefulShutdownHandler_cleansUpHandlerAfterScopeExit", "trait": "limit: 5_000"},
    {"name": "testTaskShutdownGracefully", "trait": "limit: 5_000"},
    {"name": "testTaskGroupShutdownGracefully", "trait": "limit: 5_000"},
    {"name": "testThrowingTaskGroupShutdownGracefully", "trait": "limit: 5_000"},
    {"name": "testCancelWhenGracefulShutdown", "trait": "limit: 5_000, " + SLEEP + ", " + STALL,
     "comment": ["maximumStall: 1 — unbounded, the task's 1,000 s sleep ends before a stalled test triggers the shutdown (README: finding 4)."]},
    {"name": "testResumesCancelWhenGracefulShutdownWithResult", "trait": "limit: 5_000"},
    {"name": "testWaitForGracefulShutdown", "trait": "limit: 5_000, " + SLEEP},
    {"name": "testWithTaskCancellationOrGracefulShutdownHandler_GracefulShutdown", "trait": "limit: 5_000"},
    {"name": "testWithTaskCancellationOrGracefulShutdownHandler_TaskCancellation", "trait": "limit: 5_000"},
]}], ["import CorpusSupport", "import ServiceLifecycle", "import ServiceLifecycleTestKit", "import Testing"])
cfg("ServiceGroupTests", [{"name": "ServiceGroupTests", "tests": [
    {"name": "testRun_whenAlreadyRunning", "trait": "limit: 5_000, " + STALL},
    {"name": "testRun_whenAlreadyFinished", "trait": "limit: 5_000, " + STALL},
    {"name": "testTriggerGracefulShutdown_beforeRun", "trait": "limit: 5_000, " + STALL},
    {"name": "testRun_whenNoService_andNoSignal", "trait": "limit: 5_000, " + STALL},
    {"name": "testRun_whenNoSignal", "trait": "limit: 5_000, " + STALL},
    {"name": "testRun_whenServiceExitsEarly_andShutdownGracefully", "trait": "schedules: 300, " + STALL},
    {"name": "testTriggerGracefulShutdown", "trait": "schedules: 300, " + STALL},
    {"name": "testGracefulShutdownEscalation", "trait": "schedules: 300, expecting: .outOfScope(.nondeterministicBody, why: SIGNALS), " + SLEEP + ", maximumStall: 0.1",
     "comment": ["gracefulShutdownSignals: [.sigalrm] makes a DispatchSourceSignal on UnixSignals' own queue, which resumes", "a task of the run from real GCD: outside any run, refused as the explorer's documentation says.", "maximumStall: 0.1 — the test resumes its service 0.3 s into a 0.6 s budget (0.1 s graceful, 0.5 s", "cancellation); a schedule that stalls it longer reaches ServiceGroup's fatalError (README: finding 4)."]},
], "helpers": ["makeServiceGroup"]}], ["import CorpusSupport", "import Logging", "import ServiceLifecycle", "import Testing", "import UnixSignals"],
    prelude=["private struct ExampleError: Error, Hashable {}", "", "/// Why testGracefulShutdownEscalation is out of a run's scope.", 'private let SIGNALS = "UnixSignals resumes the run from its own DispatchQueue"'],
    notes=["The suite's own helper `makeServiceGroup` is below its tests, verbatim.",
           "maximumStall: 1 — the helper gives every group maximumCancellationDuration: .seconds(5), and a",
           "ServiceGroup whose cancellation takes longer calls fatalError (ServiceGroup.swift:878): a schedule that",
           "stalls the test's own work for 5 s of virtual time crashes the process. Bounded, no schedule stalls a",
           "job for a second (README: finding 4)."])
