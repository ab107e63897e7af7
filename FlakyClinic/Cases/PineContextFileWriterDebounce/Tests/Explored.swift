// The test of Flaky.swift, as it is, with `.explored(schedules: 300, seed: 1)`: 300 schedules
// (seed 1) of its tasks, actors and sleeps, in the orders real Swift concurrency allows, on virtual
// time. Changes, and nothing else:
// - `@Test` → `@Test(.explored(schedules: 300, seed: 1))`;
// - imports: `@testable import Dispatchable` and `import DispatchableTesting` added.
// The test's real-time waits and its expectations are kept as upstream wrote them: under the trait
// its `Task.sleep`s and the code's run on virtual time, and the explorer looks for the order that
// breaks it (see ../../README.md, "What exploration names").
//
//  ContextFileWriterTests.swift
//  PineTests
//

import Testing
import Foundation
@testable import Dispatchable
import DispatchableTesting
// @testable import Pine

struct ContextFileWriterTests {

    // MARK: - Helpers

    /// Creates a unique temporary directory for test isolation.
    private func makeTmpDir() throws -> URL {
        let tmpDir = FileManager.default.temporaryDirectory
            .appendingPathComponent("pine-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmpDir, withIntermediateDirectories: true)
        return tmpDir
    }

    /// Creates a writer configured to use a temporary contexts directory.
    private func makeWriter(projectRoot: URL, contextsDir: URL) async -> ContextFileWriter {
        let writer = ContextFileWriter()
        await writer.setContextsDirectory(contextsDir)
        await writer.setProjectRoot(projectRoot)
        await writer.setDebounceInterval(0.01)
        return writer
    }

    /// Returns the context file URL for a given project root inside a contexts directory.
    private func contextFileURL(projectRoot: URL, contextsDir: URL) -> URL {
        let fileName = ContextFileWriter.hashedFileName(for: projectRoot)
        return contextsDir.appendingPathComponent(fileName)
    }

    /// Reads and decodes the context file for the given project root.
    private func readPayload(projectRoot: URL, contextsDir: URL) throws -> ContextFileWriter.Payload {
        let fileURL = contextFileURL(projectRoot: projectRoot, contextsDir: contextsDir)
        let data = try Data(contentsOf: fileURL)
        return try JSONDecoder().decode(ContextFileWriter.Payload.self, from: data)
    }

    // MARK: - Debounce behavior

    @Test(.explored(schedules: 300, seed: 1)) func debounceCoalescesRapidUpdates() async throws {
        let tmpDir = try makeTmpDir()
        let contextsDir = tmpDir.appendingPathComponent("contexts")
        let projectRoot = tmpDir.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: projectRoot, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmpDir) }

        let writer = await makeWriter(projectRoot: projectRoot, contextsDir: contextsDir)

        // Rapid updates — only the last one should be written
        await writer.update(currentFile: "a.swift", cursorLine: 1, cursorColumn: 1)
        await writer.update(currentFile: "b.swift", cursorLine: 2, cursorColumn: 2)
        await writer.update(currentFile: "c.swift", cursorLine: 3, cursorColumn: 3)

        try await Task.sleep(for: .milliseconds(100))

        let decoded = try readPayload(projectRoot: projectRoot, contextsDir: contextsDir)
        #expect(decoded.currentFile == "c.swift")
        #expect(decoded.cursorLine == 3)
        #expect(decoded.cursorColumn == 3)
    }
}
