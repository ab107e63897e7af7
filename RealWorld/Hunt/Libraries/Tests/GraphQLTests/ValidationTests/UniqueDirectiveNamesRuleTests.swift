// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/UniqueDirectiveNamesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class UniqueDirectiveNamesRuleTests: SDLValidationTestCase {
    override init() {
        super.init()
        rule = UniqueDirectiveNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func noDirective() throws {
        try assertValidationErrors(
            """
            type Foo
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func oneDirective() throws {
        try assertValidationErrors(
            """
            directive @foo on SCHEMA
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func manyDirectives() throws {
        try assertValidationErrors(
            """
            directive @foo on SCHEMA
            directive @bar on SCHEMA
            directive @baz on SCHEMA
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func directiveAndNonDirectiveDefinitionsNamedTheSame() throws {
        try assertValidationErrors(
            """
            query foo { __typename }
            fragment foo on foo { __typename }
            type foo

            directive @foo on SCHEMA
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func directivesNamedTheSame() throws {
        try assertValidationErrors(
            """
            directive @foo on SCHEMA

            directive @foo on SCHEMA
            """,
            [
                GraphQLError(
                    message: #"There can be only one directive named "@foo"."#,
                    locations: [
                        .init(line: 1, column: 12),
                        .init(line: 3, column: 12),
                    ]
                )
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func addingNewDirectiveToExistingSchema() throws {
        let schema = try buildSchema(source: "directive @foo on SCHEMA")
        try assertValidationErrors("directive @bar on SCHEMA", schema: schema, [])
    }

    @Test(.explored(schedules: 300, seed: 1)) func addingNewDirectiveWithStandardNameToExistingSchema() throws {
        let schema = try buildSchema(source: "type foo")
        try assertValidationErrors(
            "directive @skip on SCHEMA",
            schema: schema,
            [
                GraphQLError(
                    message:
                        #"Directive "@skip" already exists in the schema. It cannot be redefined."#,
                    locations: [.init(line: 1, column: 12)]
                )
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func addingNewDirectiveToExistingSchemaWithSameNamedType() throws {
        let schema = try buildSchema(source: "type foo")
        try assertValidationErrors("directive @foo on SCHEMA", schema: schema, [])
    }

    @Test(.explored(schedules: 300, seed: 1)) func addingConflictingDirectiveToExistingSchema() throws {
        let schema = try buildSchema(source: "directive @foo on SCHEMA")
        try assertValidationErrors(
            "directive @foo on SCHEMA",
            schema: schema,
            [
                GraphQLError(
                    message:
                        #"Directive "@foo" already exists in the schema. It cannot be redefined."#,
                    locations: [.init(line: 1, column: 12)]
                )
            ]
        )
    }
}
