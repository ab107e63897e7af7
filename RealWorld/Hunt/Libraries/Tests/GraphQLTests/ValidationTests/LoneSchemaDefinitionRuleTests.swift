// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/LoneSchemaDefinitionRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class LoneSchemaDefinitionRuleTests: SDLValidationTestCase {
    override init() {
        super.init()
        rule = LoneSchemaDefinitionRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func noSchema() throws {
        try assertValidationErrors(
            """
            type Query {
              foo: String
            }
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func oneSchemaDefinition() throws {
        try assertValidationErrors(
            """
            schema {
              query: Foo
            }

            type Foo {
              foo: String
            }
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleSchemaDefinitions() throws {
        try assertValidationErrors(
            """
            schema {
              query: Foo
            }

            type Foo {
              foo: String
            }

            schema {
              mutation: Foo
            }

            schema {
              subscription: Foo
            }
            """,
            [
                GraphQLError(
                    message: "Must provide only one schema definition.",
                    locations: [.init(line: 9, column: 1)]
                ),
                GraphQLError(
                    message: "Must provide only one schema definition.",
                    locations: [.init(line: 13, column: 1)]
                ),
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func defineSchemaInSchemaExtension() throws {
        let schema = try buildSchema(
            source: """
                  type Foo {
                    foo: String
                  }
                """
        )

        try assertValidationErrors(
            """
              schema {
                query: Foo
              }
            """,
            schema: schema,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func redefineSchemaInSchemaExtension() throws {
        let schema = try buildSchema(
            source: """
                schema {
                  query: Foo
                }

                type Foo {
                  foo: String
                }
                """
        )

        try assertValidationErrors(
            """
            schema {
              mutation: Foo
            }
            """,
            schema: schema,
            [
                GraphQLError(
                    message: "Cannot define a new schema within a schema extension.",
                    locations: [.init(line: 1, column: 1)]
                )
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func redefineImplicitSchemaInSchemaExtension() throws {
        let schema = try buildSchema(
            source: """
                type Query {
                  fooField: Foo
                }

                type Foo {
                  foo: String
                }
                """
        )

        try assertValidationErrors(
            """
            schema {
              mutation: Foo
            }
            """,
            schema: schema,
            [
                GraphQLError(
                    message: "Cannot define a new schema within a schema extension.",
                    locations: [.init(line: 1, column: 1)]
                )
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func extendSchemaInSchemaExtension() throws {
        let schema = try buildSchema(
            source: """
                type Query {
                  fooField: Foo
                }

                type Foo {
                  foo: String
                }
                """
        )

        try assertValidationErrors(
            """
            extend schema {
              mutation: Foo
            }
            """,
            schema: schema,
            []
        )
    }
}
