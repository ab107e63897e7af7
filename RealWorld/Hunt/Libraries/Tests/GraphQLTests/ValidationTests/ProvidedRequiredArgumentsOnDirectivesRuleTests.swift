// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/ProvidedRequiredArgumentsOnDirectivesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class ProvidedRequiredArgumentsOnDirectivesRuleTests: SDLValidationTestCase {
    override init() {
        super.init()
        rule = ProvidedRequiredArgumentsOnDirectivesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func missingOptionalArgsOnDirectiveDefinedInsideSDL() throws {
        try assertValidationErrors(
            """
            type Query {
              foo: String @test
            }

            directive @test(arg1: String, arg2: String! = "") on FIELD_DEFINITION
            """,
            []
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func missingArgOnDirectiveDefinedInsideSDL() throws {
        try assertValidationErrors(
            """
            type Query {
              foo: String @test
            }

            directive @test(arg: String!) on FIELD_DEFINITION
            """,
            [
                GraphQLError(
                    message:
                        #"Argument "@test(arg:)" of type "String!" is required, but it was not provided."#,
                    locations: [.init(line: 2, column: 15)]
                )
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func missingArgOnStandardDirective() throws {
        try assertValidationErrors(
            """
            type Query {
              foo: String @include
            }
            """,
            [
                GraphQLError(
                    message:
                        #"Argument "@include(if:)" of type "Boolean!" is required, but it was not provided."#,
                    locations: [.init(line: 2, column: 15)]
                )
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func missingArgOnOveriddenStandardDirective() throws {
        try assertValidationErrors(
            """
            type Query {
              foo: String @deprecated
            }
            directive @deprecated(reason: String!) on FIELD
            """,
            [
                GraphQLError(
                    message:
                        #"Argument "@deprecated(reason:)" of type "String!" is required, but it was not provided."#,
                    locations: [.init(line: 2, column: 15)]
                )
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func missingArgOnDirectiveDefinedInSchemaExtension() throws {
        let schema = try buildSchema(
            source: """
                type Query {
                  foo: String
                }
                """
        )
        let sdl = """
            directive @test(arg: String!) on OBJECT

            extend type Query  @test
            """
        try assertValidationErrors(
            sdl,
            schema: schema,
            [
                GraphQLError(
                    message:
                        #"Argument "@test(arg:)" of type "String!" is required, but it was not provided."#,
                    locations: [.init(line: 3, column: 20)]
                )
            ]
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func missingArgOnDirectiveUsedInSchemaExtension() throws {
        let schema = try buildSchema(
            source: """
                directive @test(arg: String!) on OBJECT

                type Query {
                  foo: String
                }
                """
        )
        let sdl = """
            extend type Query @test
            """
        try assertValidationErrors(
            sdl,
            schema: schema,
            [
                GraphQLError(
                    message:
                        #"Argument "@test(arg:)" of type "String!" is required, but it was not provided."#,
                    locations: [.init(line: 1, column: 19)]
                )
            ]
        )
    }
}
