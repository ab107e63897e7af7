# Everything a person runs goes through make. `make test` is the full gate CI runs.
SWIFT        ?= swift
SWIFT_FORMAT ?= swift-format
DOCC         ?= docc
STRICT       := -Xswiftc -warnings-as-errors
FORMAT_PATHS := Package.swift Sources Mocks Tests Examples/Package.swift Examples/Sources Examples/Tests \
                Benchmarks/Package.swift Benchmarks/Sources BugBench/Package.swift BugBench/Sources

.PHONY: help test bug-bench bug-bench-smoke mock mock-check apple-check build unit unit-public async-loop repro-loop exit-test-stall tsan lint format release-check docs example example-test real-world hunt flaky-clinic bench bench-real bench-real-instructions bench-search bench-fixed-cost bench-deterministic same-seed clean

help:
	@echo "make example        build and run the example app and its tests, print a recorded timeline"
	@echo "make test           the full gate: lint, Apple type-check, strict build, tests, release-symbol check, TSan, docs, example tests, two BugBench cases"
	@echo "make mock           join the mock's parts (Sources/Dispatchable/Mock) into Mocks/MockDispatchable.swift"
	@echo "make apple-check    type-check everything for macOS 10.15 and iOS 13 against Apple availability (on Linux)"
	@echo "make build          build the library (Swift 6 mode, warnings as errors)"
	@echo "make unit           XCTest and Swift Testing suites, then the async ones again with the public capture (with and without the main-executor hook)"
	@echo "make async-loop     the async suites 20 times with each capture, counting failures (flakes)"
	@echo "make repro-loop     each async reproduction (a yield poll, a custom executor, a deadline) 100 times per capture"
	@echo "make exit-test-stall  a minimal Swift Testing package: do exit tests in flight stall a parallel sleep? (STALL_CHILDREN=n)"
	@echo "make tsan           the whole suite under Thread Sanitizer, halting on the first report"
	@echo "make lint | format  swift-format check (and the mock's layers point one way) | apply"
	@echo "make release-check  a release build must contain no MockDispatchable symbol"
	@echo "make docs           build the DocC catalog (zero warnings) into .build-docs/Dispatchable.doccarchive"
	@echo "make real-world     build RealWorld/ (real async tests ported from real packages) and explore it with both captures"
	@echo "make hunt           ten more packages' own test suites explored as written (RealWorld/Hunt/), both captures (an hour or more)"
	@echo "make flaky-clinic   real flaky async tests from public projects, flaky vs .deterministic, with two busy loops (RUNS=n CASE=regex)"
	@echo "make bench          release-mode benchmarks, ratios against same-run baselines, plus GCD and exploration overhead in instructions"
	@echo "make same-seed      a @MainActor trait test with one seed in 20 processes, idle and with every core busy: one schedule named?"
	@echo "make bug-bench      historical concurrency bugs of public packages (BugBench/): found, missed, replayed, plain failures (CASE=Name)"
	@echo "make bench-real     real packages' test bodies explored vs unexplored, debug and release (BENCH_REAL_ARGS=--schedules N --rounds R --only TEXT)"
	@echo "make bench-search    what the search past the default stall bound costs passing explorations, search on vs off, debug build"
	@echo "make bench-fixed-cost  what an explored schedule costs besides its jobs, per job, and an exploration's set-up (CPU time), debug and release"
	@echo "make bench-deterministic  one deterministic run (runTasksDeterministically) against a plain run of the same body, wall and CPU time, debug and release"
	@echo "make bench-real-instructions  the same bodies' instructions, retains and releases per explored schedule, debug build, under callgrind (BODIES=\"AsyncChannel merge\")"

test: mock-check lint apple-check build unit release-check tsan docs example-test bug-bench-smoke
	@echo "make test: every gate passed"

mock:
	python3 scripts/join-mock.py

mock-check:
	python3 scripts/join-mock.py --check

apple-check:
	./scripts/apple-typecheck.sh

build:
	$(SWIFT) build $(STRICT)

unit:
	$(SWIFT) test $(STRICT)
	$(MAKE) unit-public

# The async suites with the capture Apple platforms get (task-executor preference, the global hook
# and the main-executor hook, no SPI), forced on Linux: what it explores, and what it refuses with
# .unsupported; then again with the main-executor hook turned off, as macOS 15 and iOS 18 have none. The
# view-model corpus (Tests/DispatchableTestingTests/ViewModelCorpus) runs there too.
ASYNC_SUITES := Async|TaskExploration
unit-public:
	DISPATCHABLE_ASYNC_CAPTURE=public $(SWIFT) test $(STRICT) --filter "$(ASYNC_SUITES)|ViewModelCorpus|DeterministicRun"
	DISPATCHABLE_ASYNC_CAPTURE=public-without-main-executor-hook $(SWIFT) test $(STRICT) --filter "$(ASYNC_SUITES)"

async-loop:
	$(SWIFT) build --build-tests $(STRICT)
	@failures=0; for capture in spi public; do for i in $$(seq 1 20); do \
	  if [ $$capture = public ]; then export DISPATCHABLE_ASYNC_CAPTURE=public; else unset DISPATCHABLE_ASYNC_CAPTURE; fi; \
	  if $(SWIFT) test --skip-build --filter "$(ASYNC_SUITES)" >/tmp/dispatchable-async-loop.log 2>&1; then echo "$$capture $$i: passed"; \
	  else failures=$$((failures + 1)); echo "$$capture $$i: FAILED (log: /tmp/dispatchable-async-loop-$$capture-$$i.log)"; \
	    cp /tmp/dispatchable-async-loop.log /tmp/dispatchable-async-loop-$$capture-$$i.log; fi; done; done; \
	echo "async-loop: $$failures failed of 40"; [ $$failures -eq 0 ]

# The async patterns that once hung, flaked or drifted, 100 runs each in one process, with each
# capture: every run must end the same way (Tests/DispatchableTests/Mock/Async/AsyncReproductionLoopTests.swift).
REPRO_LOG := /tmp/dispatchable-repro-loop.log
repro-loop:
	$(SWIFT) build --build-tests $(STRICT)
	rm -f $(REPRO_LOG)
	DISPATCHABLE_REPRODUCTION_RUNS=100 DISPATCHABLE_REPRODUCTION_LOG=$(REPRO_LOG) \
	  $(SWIFT) test --skip-build --filter AsyncReproductionLoop
	DISPATCHABLE_ASYNC_CAPTURE=public DISPATCHABLE_REPRODUCTION_RUNS=100 DISPATCHABLE_REPRODUCTION_LOG=$(REPRO_LOG) \
	  $(SWIFT) test --skip-build --filter AsyncReproductionLoop
	cat $(REPRO_LOG)

exit-test-stall:
	./scripts/exit-test-stall.sh

same-seed:
	./scripts/same-seed.sh

# The minimisation suite (`ExplorationMinimisationTests`) is left to `unit`: it searches tens of
# thousands of schedules of one body per test on the main actor, 650-850 s of a loaded 2-core
# machine under Thread Sanitizer, and its threads are the explorer's, which the other exploration
# suites run under TSan as well.
tsan:
	DISPATCHABLE_ASYNC_TWIN_LIMIT=300 DISPATCHABLE_STRESS_PER_THREAD=25000 DISPATCHABLE_MODEL_OPERATIONS=20000 TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --scratch-path .build-tsan $(STRICT) --skip ExplorationMinimisationTests
	DISPATCHABLE_ASYNC_CAPTURE=public TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --scratch-path .build-tsan $(STRICT) --filter "$(ASYNC_SUITES)"

lint:
	$(SWIFT_FORMAT) lint --strict --recursive $(FORMAT_PATHS)
	python3 scripts/layer-check.py

format:
	$(SWIFT_FORMAT) format --in-place --recursive $(FORMAT_PATHS)
	python3 scripts/join-mock.py

release-check:
	./scripts/check-release-symbols.sh

docs:
	./scripts/build-docs.sh

example:
	cd Examples && $(SWIFT) run $(STRICT) PhotoSearchDemo
	cd Examples && $(SWIFT) test $(STRICT)

example-test:
	cd Examples && $(SWIFT) test $(STRICT)

# Real async tests from real packages' own suites (swift-async-algorithms, swift-service-lifecycle,
# swift-concurrency-extras), near-verbatim, explored with each capture: RealWorld/README.md. Its
# packages come from the machine's offline copies (no network). Not part of `make test` (see
# RealWorld/README.md for its time). Not linted: the ported tests keep their authors' formatting,
# and the XCTest shims XCTest's names.
real-world:
	SWIFT=$(SWIFT) ./scripts/real-world.sh

# The hunt for new bugs: five libraries' and five server packages' own test suites, every test with
# one `.explored` trait, under both captures; one HUNT|… line per package and capture, failures and
# refusals triaged in each half's RESULTS.md and FINDINGS.md. Not part of `test`.
hunt:
	SWIFT=$(SWIFT) RealWorld/Hunt/Libraries/run.sh
	RealWorld/Hunt/Servers/run.sh

# Real flaky tests of public projects, each as upstream had it and made deterministic with one trait,
# run RUNS times (default 1,000) beside two busy loops, then 100 deterministic tests in parallel with
# a main-actor latency probe beside them: FlakyClinic/README.md. Not part of `test`.
flaky-clinic:
	cd FlakyClinic && ./run.sh
	FlakyClinic/Parallel/run.sh

bench:
	cd Benchmarks && $(SWIFT) run -c release $(STRICT) DispatchableBenchmarks $(BENCH_ARGS)
	./scripts/gcd-instructions.sh
	./scripts/exploration-instructions.sh
	./scripts/bench-exploreall-order.sh

# Real packages' test bodies (swift-async-algorithms, swift-service-lifecycle, MCP swift-sdk) and the
# project's small ones, each run N times unexplored and explored for N schedules in one process:
# ms per run and per schedule, schedules/s, the ratio. A debug build (what tests run in) and a
# release build, each in its own scratch path; both are built before either runs.
bench-real:
	cd Benchmarks && $(SWIFT) build --scratch-path .build-bench-debug $(STRICT) --product RealBodiesBenchmark
	cd Benchmarks && $(SWIFT) build -c release --scratch-path .build-bench-release $(STRICT) --product RealBodiesBenchmark
	Benchmarks/.build-bench-debug/debug/RealBodiesBenchmark $(BENCH_REAL_ARGS)
	@echo
	Benchmarks/.build-bench-release/release/RealBodiesBenchmark $(BENCH_REAL_ARGS)

bench-real-instructions:
	./scripts/real-bodies-instructions.sh $(BODIES)

# What the search past the default stall bound costs a passing exploration, debug build (the build
# tests run in): each body explored with the search on and off, alternated.
bench-search:
	cd Benchmarks && $(SWIFT) build --scratch-path .build-bench-debug $(STRICT) --product RealBodiesBenchmark
	Benchmarks/.build-bench-debug/debug/RealBodiesBenchmark --search-cost $(BENCH_REAL_ARGS)

# What an explored schedule costs besides its jobs, apart from what each job costs (CPU time of
# bodies of 8-16 empty child tasks fitted to a line), and an exploration's set-up: debug and release.
bench-fixed-cost:
	cd Benchmarks && $(SWIFT) build --scratch-path .build-bench-debug $(STRICT) --product RealBodiesBenchmark
	cd Benchmarks && $(SWIFT) build -c release --scratch-path .build-bench-release $(STRICT) --product RealBodiesBenchmark
	Benchmarks/.build-bench-debug/debug/RealBodiesBenchmark --fixed-cost $(BENCH_REAL_ARGS)
	@echo
	Benchmarks/.build-bench-release/release/RealBodiesBenchmark --fixed-cost $(BENCH_REAL_ARGS)

bench-deterministic:
	cd Benchmarks && $(SWIFT) build --scratch-path .build-bench-debug $(STRICT) --product RealBodiesBenchmark
	cd Benchmarks && $(SWIFT) build -c release --scratch-path .build-bench-release $(STRICT) --product RealBodiesBenchmark
	Benchmarks/.build-bench-debug/debug/RealBodiesBenchmark --deterministic $(BENCH_REAL_ARGS)
	@echo
	Benchmarks/.build-bench-release/release/RealBodiesBenchmark --deterministic $(BENCH_REAL_ARGS)

clean:
	rm -rf .build .build-tsan .build-release .build-docs Examples/.build Benchmarks/.build RealWorld/.build \
	  Benchmarks/.build-bench-debug Benchmarks/.build-bench-release

# Historical concurrency bugs of public Swift packages (BugBench/): both twins of every
# case, under both captures, one table (CASE=Name[,Name…] for some). Minutes; not part of `test`.
bug-bench:
	SWIFT=$(SWIFT) ./scripts/bug-bench.sh

# Two cases of it, part of `test`: a cancellation bug of swift-nio found at once and one of
# groue/Semaphore found as a deadlock, under both captures, their fixed twins passing every schedule;
# the summary line must say exactly that.
BUG_BENCH_SMOKE := NIOThrowingAsyncSequenceProducerCancelWhileBuffered,SemaphoreEarlyCancellationLeaksValue
bug-bench-smoke:
	@CASE=$(BUG_BENCH_SMOKE) BUGBENCH_PLAIN_RUNS=50 BUGBENCH_SCHEDULES=300 SWIFT=$(SWIFT) ./scripts/bug-bench.sh | tee /tmp/bug-bench-smoke.txt
	@tail -1 /tmp/bug-bench-smoke.txt | grep -qx "bug-bench: 2 cases from 2 packages, 2 found, 0 false alarms" \
	  || { echo "bug-bench-smoke: expected both found and no false alarm"; exit 1; }
