// Ported from GraphQL 4.3.0, Tests/GraphQLTests/HelloWorldTests/HelloWorldTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

@Suite struct HelloWorldTests {
    let schema = try! GraphQLSchema(
        query: GraphQLObjectType(
            name: "RootQueryType",
            fields: [
                "hello": GraphQLField(
                    type: GraphQLString,
                    resolve: { _, _, _, _ in
                        "world"
                    }
                )
            ]
        )
    )

    @Test(.explored(schedules: 300, seed: 1)) func hello() async throws {
        let query = "{ hello }"
        let expected = GraphQLResult(data: ["hello": "world"])

        let result = try await graphql(
            schema: schema,
            request: query
        )

        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func boyhowdy() async throws {
        let query = "{ boyhowdy }"

        let expected = GraphQLResult(
            errors: [
                GraphQLError(
                    message: "Cannot query field \"boyhowdy\" on type \"RootQueryType\".",
                    locations: [SourceLocation(line: 1, column: 3)]
                )
            ]
        )

        let result = try await graphql(
            schema: schema,
            request: query
        )

        #expect(result == expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func helloAsync() async throws {
        let query = "{ hello }"
        let expected = GraphQLResult(data: ["hello": "world"])

        let result = try await graphql(
            schema: schema,
            request: query
        )

        #expect(result == expected)
    }
}
