#!/usr/bin/env python3
"""Joins the mock's parts (Sources/Dispatchable/Mock) into the one file users copy.

    python3 scripts/join-mock.py          writes Mocks/MockDispatchable.swift
    python3 scripts/join-mock.py --check  fails if that file is not what the parts make
    python3 scripts/join-mock.py --digest prints the parts' digest, which the joined header names

SQLite's amalgamation model: develop in small parts that the module compiles (for
`@testable import`, and so that the IDE navigates them), ship one self-contained file.

The parts are the .swift files under Sources/Dispatchable/Mock, in folders by layer (Facade,
Engine, Recording, Exploration, Async, Shared). Each is compiled into the module under `#if DEBUG`
(for `@testable import`) and carries no header of its own: `ORDER` below says where each goes in
the joined file and what it holds, and this script numbers the parts and writes the joined file's
header and table of contents. A part opens with `#if DEBUG` and its imports, then its section's
`// MARK: - Title` (no number: the join writes `// MARK: - N. Title`); what follows, up to the
last `#endif`, is what the joined file holds of it, dedented by one level. What is `fileprivate`
or `private` in the joined file has to be internal across the parts' files: there, a line
`// joined: fileprivate` (or `private`) gives the next line's declaration that access.

Edit the parts, then `make mock`; `make mock-check` (part of `make test`) fails when the joined
file is stale, and every mode fails when a .swift file under the parts folder is not in `ORDER`
or `ORDER` names one that does not exist.
"""
import hashlib
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PARTS = ROOT / "Sources" / "Dispatchable" / "Mock"
OUTPUT = ROOT / "Mocks" / "MockDispatchable.swift"
VERSION = "0.2.0"

# The parts, in the order the joined file reads, each with what it holds: a file under PARTS, or a
# folder (ending in `/`) whose .swift files are joined in file-name order, so that a new strategy is
# only a new file. This list is the one place that orders the parts and the one that numbers them;
# every .swift file under PARTS is in it exactly once (the join fails otherwise).
ORDER = [
    ("Facade/MockDispatchable.swift",
     "The public surface; its doc comment is the behaviour contract. A thin\n"
     "façade: it takes the lock and calls the components below."),
    ("Facade/MockDispatchable+Stepping.swift",
     "Stepping queued work and virtual time by hand, from synchronous and async\n"
     "tests; work that blocks, on a real thread."),
    ("Facade/MockDispatchable+Running.swift",
     "Running work: entering and leaving logical threads with the hooks, queueing\n"
     "under the lock, dequeueing (the run record's pick under exploration)."),
    ("Facade/MockDispatchable+Support.swift",
     "What the façade's calls share: errors (with the timeline), argument\n"
     "checks, waiting until work is queued, immediate mode's warnings."),
    ("Facade/MockDispatchable+Exploration.swift",
     "`explore`, `exploreAll`, `replay`: one body under many orderings."),
    ("Facade/MockDispatchable+AsyncExploration.swift",
     "The same for `async` bodies: `explore`, `exploreAll`, `replay` for an\n"
     "`@MainActor` one, `exploreTasks` and the rest for one that needs no main actor."),
    ("Facade/MockDispatchable+Clock.swift",
     "`clock`: a `Clock` on virtual time, whose sleeps are timers of the mock,\n"
     "for code that injects `any Clock<Duration>`."),
    ("Facade/MockDispatchable+SlowWorkFailure.swift",
     "SlowWorkFailure: what an exploration that passed under the default stall\n"
     "bound found past it."),
    ("Facade/MockDispatchable+Values.swift",
     "WorkKind, PendingWork, MockDispatchableError, Recorder, Event,\n"
     "ExplorationReport, ExplorationStrategy."),
    ("Engine/Locking.swift",
     "A value and the lock that guards it, on a pthread mutex, by pointer."),
    ("Engine/Core.swift",
     "The mock's lock and the state it guards, which wires the components."),
    ("Engine/Hooks.swift",
     "The didEnterThread/didExitThread hooks, as the test set them."),
    ("Engine/OpenRun.swift",
     "The async run a mock is open in, as its queueing sees it."),
    ("Engine/Work.swift",
     "A queued block or task's job (`Job`), with its place in the queue (`Work`)\n"
     "and the handle that cancels it."),
    ("Engine/WorkQueue.swift",
     "Queues, virtual time, cancellation: the one place that knows what\n"
     "may run next (manual mode's first item; the candidates exploration picks among)."),
    ("Engine/WorkLane.swift",
     "One lane's queued work: the due items in order and a min-heap of timers,\n"
     "the priority queue the work queue keeps two of: its slots, due list and timers."),
    ("Engine/DueList.swift",
     "A lane's items due by its clock, in run order, as the candidates a step offers."),
    ("Engine/TimerHeap.swift",
     "A lane's timers not due yet: a binary min-heap of keys."),
    ("Engine/Frames.swift",
     "Which logical threads each OS thread is inside."),
    ("Recording/EventLog.swift",
     "The recorder's compact storage."),
    ("Engine/Suspensions.swift",
     "Tests waiting until work is queued."),
    ("Engine/StallBound.swift",
     "How long due work may wait while a timer overtakes it (`maximumStall:`),\n"
     "as the candidate list applies it, and the bound a call resolves to."),
    ("Engine/Candidate.swift",
     "A choice of a step: where a queued item waits, and its place in the order."),
    ("Engine/CandidateList.swift",
     "The choices of one step, listed off the work queue's lanes in place, and\n"
     "what a strategy reads of each (its place, its key, its step)."),
    ("Exploration/Choice.swift",
     "One choice point of a schedule, an order minimisation drops, a deviation in words."),
    ("Exploration/Scheduler.swift",
     "The `Scheduler` protocol each strategy implements, and the plan of one run."),
    ("Exploration/ChoicePolicy.swift",
     "How a run picks at a choice point past its script (`ChoicePolicy`)."),
    ("Exploration/RunRecord.swift",
     "The run record that records one run's choices."),
    ("Exploration/Stall.swift",
     "The longest stall a run made, and how a report states it."),
    ("Exploration/OfferedCandidates.swift",
     "What each choice point of an async run offered, by key: how a run that\n"
     "offered other candidates than the one before is named."),
    ("Exploration/ScheduleText.swift",
     "A schedule as text (`taken/offered` per choice point) and the replay call\n"
     "a report names."),
    ("Exploration/Strategies/",
     "One file per strategy, each a `Strategy`: depth-first, fewest\n"
     "deviations first, the one-deviation sweep, mixed, PCT, random walk,\n"
     "replay, sharded. A new strategy is a new file there."),
    ("Exploration/RunLayer.swift",
     "What the layer that makes the runs (synchronous, or async) plugs into\n"
     "the driver: endings of its own, a budget in steps, cancellation."),
    ("Exploration/RunOutcome.swift",
     "What one run chose, and how it ended (`Ending`: one case each)."),
    ("Exploration/FingerprintSet.swift",
     "The distinct schedules an exploration has run, by fingerprint."),
    ("Exploration/RunStorage.swift",
     "What one run leaves for the next to reuse; mocks that outlive their runs."),
    ("Exploration/ExplorationPlan.swift",
     "What one exploration is to do (its schedules, its family of entry points,\n"
     "where it was called), whoever asked; and how the explorer runs it."),
    ("Exploration/Explorer.swift",
     "The one driver loop every strategy runs behind, and one run."),
    ("Exploration/Minimiser.swift",
     "A failing run made minimal: ddmin over its deviations, moves, the search\n"
     "from below; then confirmed by one more run."),
    ("Exploration/FailureReport.swift",
     "The errors an exploration throws, in words."),
    ("Exploration/SlowWorkSearch.swift",
     "The search past the default stall bound after an exploration passed:\n"
     "slow work behind an instant test double, reported, not failed."),
    ("Exploration/MainActorHold.swift",
     "How long a synchronous exploration held the main actor."),
    ("Async/AsyncExploration.swift",
     "How an `async` body's plan runs: the capture its runs need, each run's\n"
     "Swift tasks driven through the same scheduler, on an explorer thread of its own."),
    ("Async/AsyncRunLayer.swift",
     "What the async layer plugs into the driver: its endings (work resumed\n"
     "from outside a run, a runaway run), its budget, cancellation."),
    ("Async/AsyncRun.swift",
     "One run of an `async` body: its driver, one step at a time, and how it\n"
     "ends (done, stuck, deadlocked, refused, given up)."),
    ("Async/RunFailures.swift",
     "How an async run fails, in words: a stuck step, a deadlock, a run the\n"
     "capture cannot see into, work from outside, a runaway, a blocked wait."),
    ("Async/RunWatch.swift",
     "The watchdog of an async exploration: a step that blocks or spins ends it,\n"
     "named, and the step's task is cancelled."),
    ("Async/Watchdog.swift",
     "The one thread that looks at every async exploration's run, every 0.1 s."),
    ("Async/RunSpawner.swift",
     "Where each run's body task is made: in the task that awaits the exploration,\n"
     "so it inherits that task's task-local values."),
    ("Async/DrivingThread.swift",
     "The run the calling thread drives: a thread-local."),
    ("Async/ParkedThreads.swift",
     "The threads explorations run their explorer and watchdog on, parked\n"
     "between explorations rather than started for each."),
    ("Async/MainQueueTurn.swift",
     "The runs of a process take turns on the main queue, one slice at a time."),
    ("Async/TaskInbox.swift",
     "Where a run's jobs arrive: its inbox, which names its tasks and their jobs."),
    ("Async/TaskInbox+State.swift",
     "What the inbox guards behind its lock: tasks, steps, spans, idle waiters."),
    ("Async/TaskInbox+Intake.swift",
     "The inbox's intake: the jobs a run's tasks enqueue, how each runs, and work\n"
     "resumed from outside the run."),
    ("Async/TaskInbox+Steps.swift",
     "The inbox's steps: what runs now and since when, for the watchdog and the report."),
    ("Async/TaskInbox+Sleeps.swift",
     "What the inbox tells a sleep's reading: when its job started, the real time\n"
     "the run's jobs ran in."),
    ("Async/TaskInbox+IdleWaiters.swift",
     "Tasks waiting until nothing else of the run can run (`waitUntilIdle()`)."),
    ("Async/SeenTasks.swift",
     "The tasks a run has seen, by id, named by the order they first ran in."),
    ("Async/OutsideWork.swift",
     "How a stuck run waits for work resumed from outside it: the real queues\n"
     "that work may wait on, then the main queue."),
    ("Async/ActorJobs.swift",
     "An actor's processing jobs as the runtime makes them, and the stealers that\n"
     "priority escalation adds on Apple's systems: held, never a choice point."),
    ("Engine/TaskJob.swift",
     "A Swift task's job as the work queue holds it, and what runs it."),
    ("Engine/CandidateKey.swift",
     "What a queued item is at a choice point, the same in every run that made\n"
     "the same choices: a task's job by task and number, an actor's job, an item."),
    ("Async/Captures/",
     "One file per capture, each a `RunCapture`, and what they share (`Capture`:\n"
     "the registry of open runs' tasks, the runtime's functions found with\n"
     "`dlsym`, the task executor a run's tasks prefer): the executor factory of\n"
     "the Swift 6.3 Linux toolchain (SPI, fenced), and the public capture every\n"
     "platform has (task-executor preference, the runtime's global-enqueue and\n"
     "main-executor hooks). A new capture is a new file there."),
    ("Async/SleepHooks.swift",
     "The runtime's sleep hooks, where Swift 6.0 and 6.1 enqueue a sleep's wake-up."),
    ("Async/SleepDeadline.swift",
     "Where a sleep falls on the run's virtual clock: its deadline, read off a real clock."),
    ("Async/SleepReadings.swift",
     "The readings of sleeps an exploration's runs keep, and inexact ones run again."),
    ("Async/UnseenSleep.swift",
     "Sleeps no public hook sees, recognised as their task suspends: where a\n"
     "sleeping task resumes, learned once per process."),
    ("Recording/Timeline.swift",
     "Draws the event log."),
    ("Shared/Limits.swift",
     "Every bound the mock keeps: step limits, fairness, budgets, grace periods."),
    ("Shared/EnvironmentVariables.swift",
     "Every environment variable the mock reads, named and read in one place."),
    ("Exploration/CrashTrail.swift",
     "What a crash in a run leaves on standard error: the run's schedule so far,\n"
     "written by a signal handler, for `replay`."),
    ("Shared/Basics/",
     "Small values every layer uses, one to a file: nanosecond time, item\n"
     "identities, fingerprints, clamped integers, argument rules, message text\n"
     "(bounded lists, seconds), random numbers."),
]

HEADER = """\
// MockDispatchable.swift — the test double for `Dispatchable`, version {version}.
// Needs the `Dispatchable` library {version} or later. Made from the parts in
// Sources/Dispatchable/Mock whose digest is {digest} (`python3 scripts/join-mock.py --digest`
// prints a checkout's): the commit that holds this file holds those parts, and a file cannot
// name its own commit.
//
// SPDX-License-Identifier: MIT
// Copyright (c) 2026 The Dispatchable authors. The licence's full text is at the end of this file.
//
// Copy this one file into a test target next to `import Dispatchable`: it uses only the module's
// public API and compiles there unchanged, in debug and release builds. (With `@testable import
// Dispatchable` you need no copy: the module compiles the same code in debug builds.)
//
// What it needs: a Swift 6.2 or later compiler, in the Swift 6 or Swift 5 language mode, with any
// default isolation (MainActor included) and the Approachable Concurrency features; macOS 10.15,
// iOS 13, tvOS 13, watchOS 6, visionOS 1 or Linux — what the Dispatchable package supports. What it
// imports: Dispatchable, Dispatch, Foundation and the C library (Darwin or Glibc/Musl); on Linux
// with Swift 6.3 only, also the standard library's `_Concurrency` SPI for exploring @MainActor
// async code (fenced: Apple's SDKs ship no SPI, and nothing else here depends on it). Exploring
// async code that needs no main actor (`exploreTasks`) needs macOS 15, iOS 18, tvOS 18, watchOS 11
// or visionOS 2 (task executors), and finds public runtime symbols with `dlsym`:
// `swift_task_enqueueGlobal_hook` and `swift_task_getJobTaskId` (without them it says so), and
// `swift_task_enqueueGlobalWithDelay_hook`/`…WithDeadline_hook` for sleeps where the runtime
// sends them there (macOS 15, iOS 18).
//
// GENERATED by `make mock` (scripts/join-mock.py) from the parts in Sources/Dispatchable/Mock, in
// folders by layer — edit those, not this file; `make test` fails when it is stale.
//
// Contents, top to bottom (each part is a `MARK: -` section; its file under Sources/Dispatchable/Mock):
//
{contents}
//
// Rules every part keeps: no user code (work, hooks, continuations) runs while the lock is held;
// a stepping call that throws changes nothing that had not already run; nothing queued is lost.

import Dispatch
import Dispatchable
import Foundation

#if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
"""


def fail(message: str) -> None:
    sys.exit(f"join-mock: {message}")


def files_of(part: str) -> list:
    """A part's file, or a folder part's .swift files in name order."""
    if part.endswith("/"):
        return sorted((PARTS / part).glob("*.swift"))
    return [PARTS / part]


def check_order() -> None:
    """ORDER names every .swift file under PARTS exactly once, and nothing else."""
    named = []
    for part, _ in ORDER:
        path = PARTS / part
        if part.endswith("/"):
            if not path.is_dir() or not files_of(part):
                fail(f"ORDER names {part}, which is not a folder of .swift files under {PARTS.relative_to(ROOT)}")
        elif not part.endswith(".swift") or not path.is_file():
            fail(f"ORDER names {part}, which is not a .swift file under {PARTS.relative_to(ROOT)}")
        named.extend(path.relative_to(PARTS).as_posix() for path in files_of(part))
    twice = sorted({name for name in named if named.count(name) > 1})
    if twice:
        fail(f"ORDER names these parts more than once: {', '.join(twice)}")
    missing = sorted({path.relative_to(PARTS).as_posix() for path in PARTS.rglob("*.swift")} - set(named))
    if missing:
        fail(f"these parts are not in ORDER (scripts/join-mock.py), so the joined file would lack them: "
             f"{', '.join(missing)}. Add each where it belongs in the joined file (a folder entry joins only "
             f"the files directly in it).")


# A part holds one concept in at most this many lines.
MOST_LINES = 400


def check_sizes() -> None:
    """No part over MOST_LINES lines."""
    for path in sorted(PARTS.rglob("*.swift")):
        name = path.relative_to(PARTS).as_posix()
        lines = path.read_text().count("\n")
        if lines > MOST_LINES:
            fail(f"{name} has {lines} lines, more than {MOST_LINES}: a part holds one concept in at most "
                 f"{MOST_LINES} lines; split it (scripts/join-mock.py, MOST_LINES)")


def body(part: str, number: int = 0) -> str:
    """What the joined file holds of a part: its section, numbered when `number` is not 0."""
    if part.endswith("/"):
        # A folder of parts (the strategies): each file in name order, one after another, each
        # keeping its own unnumbered `MARK: -` line.
        title = part.rstrip("/").split("/")[-1]
        return f"// MARK: - {number}. {title}\n\n" + "\n".join(
            body(path.relative_to(PARTS).as_posix()) for path in files_of(part))
    lines = (PARTS / part).read_text().split("\n")
    for line in lines:
        if re.search(r"\bpart \d+ of \d+", line):
            fail(f"{part}: a part carries no number of its own (the join numbers the parts): {line!r}")
    start = next((i for i, line in enumerate(lines) if line.startswith("    // MARK: - ")), None)
    if start is None:
        fail(f"{part}: no `    // MARK: - Title` line inside `#if DEBUG` opens the part's section")
    title = lines[start][len("    // MARK: - "):]
    if re.match(r"\d", title):
        fail(f"{part}: its section title is numbered by hand ({lines[start].strip()!r}); write "
             f"`// MARK: - {re.sub(r'^[0-9.]+ *', '', title)}`: the join numbers the parts from ORDER")
    if number:
        lines[start] = f"    // MARK: - {number}. {title}"
    end = max(i for i, line in enumerate(lines) if line == "#endif")
    text = []
    access = None
    for line in lines[start:end]:
        if line.strip() and not line.startswith("    "):
            fail(f"{part}: a line inside `#if DEBUG` is not indented: {line!r}")
        line = line[4:]
        if line.strip() in ("// joined: fileprivate", "// joined: private"):
            access = line.strip().split()[-1]
            continue
        if access:
            indent = len(line) - len(line.lstrip())
            line = line[:indent] + access + " " + line[indent:]
            access = None
        text.append(line)
    return "\n".join(text).rstrip() + "\n"


def part_files() -> list:
    return [path for part, _ in ORDER for path in files_of(part)]


def digest() -> str:
    """The first 16 hex digits of a SHA-256 over the parts, in order: names the source exactly."""
    hasher = hashlib.sha256()
    for path in part_files():
        hasher.update(path.relative_to(PARTS).as_posix().encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()[:16]


def joined() -> str:
    contents = []
    for number, (part, what) in enumerate(ORDER, start=1):
        contents.append(f"//   {number:2}. {part}")
        contents.extend(f"//       {row}" for row in what.split("\n"))
    licence = (ROOT / "LICENSE").read_text().rstrip().split("\n")
    footer = "\n// " + "\n// ".join(licence).replace("// \n", "//\n") + "\n"
    return (HEADER.format(version=VERSION, digest=digest(), contents="\n".join(contents)) + "\n"
            + "\n".join(body(part, number) for number, (part, _) in enumerate(ORDER, start=1)) + footer)


def formatted(text: str) -> str:
    """The joined text as swift-format lays it out (dedented parts may fit on fewer lines)."""
    result = subprocess.run(
        [os.environ.get("SWIFT_FORMAT", "swift-format"), "format", "--assume-filename", str(OUTPUT)],
        input=text, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        sys.exit(f"join-mock: swift-format failed: {result.stderr}")
    return result.stdout


def main() -> None:
    check_order()
    check_sizes()
    if "--digest" in sys.argv:
        print(digest())
        return
    text = formatted(joined())
    if "--check" in sys.argv:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            sys.exit("join-mock: Mocks/MockDispatchable.swift is stale: run `make mock` and commit it")
        print("join-mock: Mocks/MockDispatchable.swift matches its parts")
        return
    OUTPUT.write_text(text)
    print(f"join-mock: wrote {OUTPUT.relative_to(ROOT)} ({text.count(chr(10))} lines) from {len(ORDER)} parts")


main()
