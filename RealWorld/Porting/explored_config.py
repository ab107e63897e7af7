"""What explored.py ports: per package, its test targets (all their files, or those listed) and the
one trait each test gets. `overrides` give a test another trait; `why` says why, in the file's header."""

APACHE = "Apache License v2.0, SPDX-License-Identifier: Apache-2.0"
SAMPLE = ".explored(schedules: 300, seed: 1)"
# For tests that wait for another task's work with a Task.sleep of 10-100 ms: a stall of that
# length (legal under the default 0.1 s bound: a loaded machine) fails them (README: finding 8).
SLEEPS = ".explored(schedules: 300, seed: 1, maximumStall: 0.001)"
SLEEPS_WHY = "the test waits for another task's work with a 10-100 ms Task.sleep; a job stalled that long fails it (README: finding 8)"

PACKAGES = [
    dict(repo="apple/swift-log", name="swift-log", version="1.16.2", license=APACHE, targets=[
        # Not CompatibilityTest.swift and MetadataAttributesTest.swift: they use the package-access `Lock`
        # of Logging, which a test target of another package cannot see; nor MetadataValueInterpolationTest.swift,
        # which uses the second one's attribute types.
        dict(upstream="Tests/LoggingTests", ours="LoggingTests", trait=SAMPLE,
             exclude=["CompatibilityTest.swift", "MetadataAttributesTest.swift", "MetadataValueInterpolationTest.swift"]),
    ]),
    dict(repo="apple/swift-distributed-tracing", name="swift-distributed-tracing", version="1.7.3", license=APACHE, targets=[
        dict(upstream="Tests/TracingTests", ours="TracingTests", trait=SAMPLE),
        dict(upstream="Tests/InMemoryTracingTests", ours="InMemoryTracingTests", trait=SAMPLE),
        dict(upstream="Tests/InstrumentationTests", ours="InstrumentationTests", trait=SAMPLE),
    ]),
    dict(repo="apple/swift-service-context", name="swift-service-context", version="1.5.1", license=APACHE, targets=[
        dict(upstream="Tests/ServiceContextTests", ours="ServiceContextTests", trait=SAMPLE),
    ]),
    dict(repo="swhitty/FlyingFox", name="FlyingFox", version="0.27.1", license="MIT License", targets=[
        # FlyingSocks' tests of its async sequences, mutex and timeouts (no sockets). Not
        # AsyncSharedReplaySequenceTests and IdentifiableContinuationTests: they use package-access types.
        dict(upstream="FlyingSocks/Tests", ours="FlyingSocksTests", trait=SAMPLE, files=[
            "AsyncBufferedDataSequenceTests.swift", "AsyncBufferedEmptySequenceTests.swift",
            "AsyncBufferedPrefixSequenceTests.swift", "MutexTests.swift", "Task+TimeoutTests.swift",
        ], overrides={"taskTimeoutReturnsSuccess": ".explored(schedules: 300, seed: 1, maximumStall: 0.05)"},
           why={"taskTimeoutReturnsSuccess": "a Task that returns at once against a 0.1 s timeout: a job stalled 0.1 s loses to the timeout (README: finding 8)"}),
    ]),
    dict(repo="modelcontextprotocol/swift-sdk", name="MCP swift-sdk", version="0.12.1",
         license="MIT License or Apache License v2.0: the project's LICENSE is mid-transition", targets=[
        dict(upstream="Tests/MCPTests", ours="MCPTests", trait=SAMPLE, files=[
            "InMemoryTransportTests.swift", "ClientTests.swift", "ServerTests.swift", "CancellationTests.swift",
            "RoundtripTests.swift", "Helpers/MockTransport.swift",
            "ProgressTests.swift", "PromptTests.swift", "ToolTests.swift", "SamplingTests.swift", "RootsTests.swift",
            "LoggingTests.swift", "CompletionTests.swift", "ElicitationTests.swift",
        ], file_traits={"ClientTests.swift": SLEEPS, "LoggingTests.swift": SLEEPS},
           overrides={"testClientSendsRootsListChangedNotification": SLEEPS, "testJSONRPCBatchProcessing": SLEEPS},
           why={"ClientTests.swift": SLEEPS_WHY, "LoggingTests.swift": SLEEPS_WHY,
                "testClientSendsRootsListChangedNotification": SLEEPS_WHY, "testJSONRPCBatchProcessing": SLEEPS_WHY}),
    ]),
    dict(repo="apple/swift-configuration", name="swift-configuration", version="1.4.0", license=APACHE, targets=[
        # Its tests import ConfigurationTestingInternal, a non-product target of `package` helpers that
        # another package cannot see: ported beside them, verbatim, as test support of this package
        # (Package.swift renames upstream's copy, which its ConfigurationTesting product links).
        dict(upstream="Sources/ConfigurationTestingInternal", ours="ConfigurationTestingInternal", trait=SAMPLE,
             support_edits=({"package import Configuration": "@testable package import Configuration",
                             "import Configuration": "@testable import Configuration"},
                            "`@testable` on its import of Configuration:\n// it uses Configuration's `package` declarations,"
                            " which another package's target sees only through a testable import")),
        dict(upstream="Tests/ConfigurationTests", ours="ConfigurationTests", trait=SAMPLE),
    ]),
]
