import json, os, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ["PORT_SRC"]  # the package's test files, exported by port.sh
OUT = os.path.join(os.path.dirname(HERE), "Tests")
WORK = os.environ["PORT_WORK"]  # a scratch folder for the configurations
LIC = "Copyright (c) 2022 Apple Inc. and the Swift project authors. Licensed under Apache License v2.0 with Runtime Library Exception (https://swift.org/LICENSE.txt)."
base = os.path.join(OUT, "AsyncAlgorithmsCorpus") + "/"
SLEEP = 'refusedByPublicCapture: "Task.sleep"'
def cfg(file, suites, imports=None, notes=None, extra=None, prelude=None):
    c = {"package": "swift-async-algorithms", "version": "1.1.4", "file": "Tests/AsyncAlgorithmsTests/%s.swift" % file,
         "local": os.path.join(SRC, "%s.swift" % file), "license": LIC, "output": base + file + ".swift",
         "imports": imports or ["import AsyncAlgorithms", "import CorpusSupport", "import Testing"], "suites": suites, "notes": notes or [], "extra": extra or [], "prelude": prelude or []}
    json.dump(c, open(os.path.join(WORK, "%s.json" % file), "w"))
    subprocess.check_call(["python3", os.path.join(HERE, "gen.py"), os.path.join(WORK, "%s.json" % file)])
cfg("TestChannel", [{"name": "TestChannel", "tests": [
    {"name": "test_asyncChannel_delivers_elements_when_several_producers_and_several_consumers", "trait": "schedules: 200"},
    {"name": "test_asyncChannel_resumes_producers_and_discards_additional_elements_when_finish_is_called", "trait": "limit: 5_000"},
    {"name": "test_asyncChannel_resumes_consumers_when_finish_is_called", "trait": "limit: 5_000"},
    {"name": "test_asyncChannel_resumes_producer_when_task_is_cancelled", "trait": "limit: 5_000"},
    {"name": "test_asyncChannel_resumes_consumer_when_task_is_cancelled", "trait": "limit: 5_000"},
]}])
cfg("TestThrowingChannel", [{"name": "TestThrowingChannel", "tests": [
    {"name": "test_asyncThrowingChannel_resumes_consumers_when_fail_is_called", "trait": "limit: 5_000"},
    {"name": "test_asyncThrowingChannel_resumes_consumer_with_error_when_already_failed", "trait": "limit: 5_000"},
]}])
cfg("TestMerge", [{"name": "TestMerge2", "source_class": "TestMerge2", "tests": [
    {"name": "test_merge_makes_sequence_with_elements_from_sources_when_all_have_same_size", "trait": "limit: 5_000"},
    {"name": "test_merge_produces_three_elements_from_first_and_throws_when_first_is_longer_and_throws_after_three_elements", "trait": "limit: 5_000"},
    {"name": "test_merge_finishes_when_iteration_task_is_cancelled", "trait": "schedules: 300"},
]}])
cfg("TestZip", [{"name": "TestZip2", "source_class": "TestZip2", "tests": [
    {"name": "test_zip_finishes_when_iteration_task_is_cancelled", "trait": "schedules: 300"},
]}])
cfg("TestBuffer", [{"name": "TestBuffer", "tests": [
    {"name": "test_given_a_base_sequence_when_buffering_with_unbounded_then_the_buffer_is_filled_in", "trait": "limit: 5_000"},
    {"name": "test_given_a_buffered_with_unbounded_sequence_when_cancelling_consumer_then_the_iteration_finishes_and_the_base_is_cancelled", "trait": "schedules: 300, expecting: .finds(.stepLimitExceeded, why: SPINS)",
     "comment": ["Finds a job that never suspends (README, finding 5): the buffer's producer iterates Indefinite(...).async", "until cancelled, and the consumer's loop finds an element every time; run before the test's task.cancel(),", "either holds its thread for good. Unexplored, the test hung 9 runs in 10 on a cooperative pool of width 1."]},
]}], prelude=['/// Finding 5 (README): a task that never suspends starves the test\'s cancel.', 'private let SPINS = "the buffer\'s producer (and its consumer) never suspend: the test\'s task.cancel() cannot run while they do"'])
cfg("TestShare", [{"name": "TestShare", "tests": [
    {"name": "test_share_delivers_elements_to_multiple_consumers", "trait": "schedules: 300"},
    {"name": "test_share_with_single_consumer", "trait": "limit: 5_000"},
]}], imports=["import AsyncAlgorithms", "import CorpusSupport", "import Synchronization", "import Testing"])
cfg("TestFlatMapLatest", [{"name": "TestFlatMapLatest", "tests": [
    {"name": "test_simple_sequence", "trait": "limit: 5_000"},
    {"name": "test_interleaving_race_condition", "trait": "limit: 5_000, " + SLEEP},
    {"name": "test_outer_throwing", "trait": "limit: 5_000, expecting: .finds(.scheduleFailed, why: DROPPED), " + SLEEP,
     "comment": ["Finds a real bug (README, finding 1): the outer sequence's error is dropped when the consumer is not", "waiting in next() as it arrives (FlatMapLatestStateMachine.outerThrew)."]},
    {"name": "test_inner_throwing", "trait": "limit: 5_000, expecting: .finds(.scheduleFailed, why: DROPPED), " + SLEEP,
     "comment": ["Finds the same bug for an inner sequence's error (FlatMapLatestStateMachine.innerThrew)."]},
    {"name": "test_cancellation", "trait": "limit: 5_000"},
    {"name": "test_empty_outer", "trait": "limit: 5_000"},
    {"name": "test_empty_inner", "trait": "limit: 5_000"},
    {"name": "test_concurrency_crash_repro", "trait": "limit: 1_000, " + SLEEP,
     "comment": ["Issue #33 class D: an outer sequence whose elements start inner sequences that sleep 1 ms, each new", "element cancelling the inner one. Under load a 1 ms sleep's delay was read differently from run to run", "(README: finding 2), and the run's choice points changed: .nondeterministicBody. Fixed: no false alarm."]},
]}], prelude=['/// Finding 1 (README): flatMapLatest finishes instead of throwing when a failure arrives while the', '/// consumer is not waiting in next().', 'private let DROPPED = "flatMapLatest drops an error that arrives while the consumer is not waiting in next()"'], notes=["The source suite is `@available(macOS 15.0, *)`; this package's platforms are macOS 15 and later, and Swift Testing refuses the attribute on a suite."], extra=[l for l in open(os.path.join(SRC, "TestFlatMapLatest.swift")).read().split("\n")[open(os.path.join(SRC, "TestFlatMapLatest.swift")).read().split("\n").index("private struct FlatMapLatestFailure: Error, Equatable {}"):]])
