// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/ExecutableDefinitionsRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class ExecutableDefinitionsRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = ExecutableDefinitionsRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func withOnlyOperation() throws {
        try assertValid(
            """
            query Foo {
              dog {
                name
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func withOperationAndFragment() throws {
        try assertValid(
            """
            query Foo {
              dog {
                name
                ...Frag
              }
            }

            fragment Frag on Dog {
              name
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func withTypeDefinition() throws {
        let errors = try assertInvalid(
            errorCount: 2,
            query: """
                query Foo {
                  dog {
                    name
                  }
                }

                type Cow {
                  name: String
                }

                extend type Dog {
                  color: String
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            locations: [(line: 7, column: 1)],
            message: #"The "Cow" definition is not executable."#
        )
        try assertValidationError(
            error: errors[1],
            locations: [(line: 11, column: 1)],
            message: #"The "Dog" definition is not executable."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func withSchemaDefinition() throws {
        let errors = try assertInvalid(
            errorCount: 3,
            query: """
                schema {
                  query: Query
                }

                type Query {
                  test: String
                }

                extend schema @directive
                """
        )

        try assertValidationError(
            error: errors[0],
            locations: [(line: 1, column: 1)],
            message: #"The schema definition is not executable."#
        )
        try assertValidationError(
            error: errors[1],
            locations: [(line: 5, column: 1)],
            message: #"The "Query" definition is not executable."#
        )
        try assertValidationError(
            error: errors[2],
            locations: [(line: 9, column: 1)],
            message: #"The schema definition is not executable."#
        )
    }
}
