// MCP swift-sdk 0.12.1, Tests/MCPTests/PromptTests.swift: PromptTests.testListPromptsWithResults, a
// client and a server over the SDK's in-memory transport, as RealWorld/Tests/MCPTests has it (MIT
// License or Apache License v2.0); `#expect` is `expect…`.

import MCP

enum MCPBody {
    static func listPromptsWithResults() async throws {
        let (clientTransport, serverTransport) = await InMemoryTransport.createConnectedPair()

        let server = Server(
            name: "PromptTestServer",
            version: "1.0",
            capabilities: .init(prompts: .init())
        )

        let expectedPrompts = [
            Prompt(
                name: "greeting",
                title: "Greeting Prompt",
                description: "A friendly greeting prompt"
            ),
            Prompt(
                name: "interview",
                title: "Interview Prompt",
                description: "An interview preparation prompt",
                arguments: [
                    Prompt.Argument(
                        name: "position",
                        title: "Job Position",
                        description: "The job position to interview for",
                        required: true
                    )
                ]
            ),
        ]

        // Register list prompts handler
        await server.withMethodHandler(ListPrompts.self) { _ in
            ListPrompts.Result(prompts: expectedPrompts, nextCursor: "page2")
        }

        let client = Client(
            name: "PromptTestClient",
            version: "1.0"
        )

        try await server.start(transport: serverTransport)
        try await client.connect(transport: clientTransport)

        let (prompts, nextCursor) = try await client.listPrompts()

        try expectEqual(prompts, expectedPrompts)
        try expectEqual(nextCursor, "page2")

        await server.stop()
        await client.disconnect()
    }
}
