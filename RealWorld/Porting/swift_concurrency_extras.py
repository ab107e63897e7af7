import json, os, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ["PORT_SRC"]  # the package's test files, exported by port.sh
OUT = os.path.join(os.path.dirname(HERE), "Tests")
WORK = os.environ["PORT_WORK"]  # a scratch folder for the configurations
LIC = "Copyright (c) 2023 Point-Free. MIT License."
base = os.path.join(OUT, "ConcurrencyExtrasCorpus") + "/"
MAIN = 'expecting: .outOfScope(.unsupported, why: HOOK), refusedByPublicCapture: "a @MainActor hop (withMainSerialExecutor is @MainActor)"'
def cfg(file, suites, imports, notes=None, extra=None, prelude=None):
    c = {"package": "swift-concurrency-extras", "version": "1.4.3", "file": "Tests/ConcurrencyExtrasTests/%s.swift" % file,
         "local": os.path.join(SRC, "%s.swift" % file), "license": LIC, "output": base + file + ".swift",
         "imports": imports, "suites": suites, "notes": notes or [], "extra": extra or [], "prelude": prelude or []}
    json.dump(c, open(os.path.join(WORK, "%s.json" % file), "w"))
    subprocess.check_call(["python3", os.path.join(HERE, "gen.py"), os.path.join(WORK, "%s.json" % file)])
cfg("ActorIsolatedTests", [{"name": "ActorIsolatedTests", "tests": [
    {"name": "testAsyncWithValue", "trait": "limit: 5_000"},
]}], ["import ConcurrencyExtras", "import CorpusSupport", "import Testing"])
cfg("MainSerialExecutorTests", [{"name": "MainSerialExecutorTests", "tests": [
    {"name": "testSerializedExecution", "trait": "schedules: 20, " + MAIN},
    {"name": "testSerializedExecution_YieldEveryOtherValue", "trait": "schedules: 20, " + MAIN},
    {"name": "testSerializedExecution_UnstructuredTasks", "trait": "schedules: 20, " + MAIN},
]}, {"name": "MainSerialExecutorTestsUnexplored", "source_class": "MainSerialExecutorTests", "tests": [
    {"name": "testSerializedExecution", "plain": True},
    {"name": "testSerializedExecution_YieldEveryOtherValue", "plain": True},
    {"name": "testSerializedExecution_UnstructuredTasks", "plain": True},
]}], ["import ConcurrencyExtras", "import CorpusSupport", "import Testing"],
    prelude=["/// Why the explored withMainSerialExecutor tests are refused (issue #33, class C).",
             'private let HOOK = "withMainSerialExecutor replaces the global-enqueue hook the explorer captures Task {}s through"'],
    notes=["Issue #33 class C: withMainSerialExecutor installs swift_task_enqueueGlobal_hook process-wide, inside the",
           "explored body: the explorer refuses such a run with .unsupported naming the hook. MainSerialExecutorTestsUnexplored",
           "runs the same tests as upstream does, unexplored, in parallel with the rest of the corpus: the hook they",
           "install process-wide must not change the verdict of any exploration running beside them. The source's tests that assert Thread.current.isMainThread are not ported: Swift Testing on",
           "Linux drains the main queue off the main thread (SPEC, Linux facts), so they fail there unexplored."])
