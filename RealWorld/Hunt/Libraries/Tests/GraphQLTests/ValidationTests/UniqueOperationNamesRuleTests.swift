// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/UniqueOperationNamesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class UniqueOperationNamesRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = UniqueOperationNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func noOperations() throws {
        try assertValid(
            """
            fragment fragA on Type {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func oneAnonOperation() throws {
        try assertValid(
            """
            {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func oneNamedOperation() throws {
        try assertValid(
            """
            query Foo {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleOperations() throws {
        try assertValid(
            """
            query Foo {
              field
            }

            query Bar {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleOperationsOfDifferentTypes() throws {
        try assertValid(
            """
            query Foo {
              field
            }

            mutation Bar {
              field
            }

            subscription Baz {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func fragmentAndOperationNamedTheSame() throws {
        try assertValid(
            """
            query Foo {
              ...Foo
            }
            fragment Foo on Type {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleOperationsOfSameName() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                query Foo {
                  fieldA
                }
                query Foo {
                  fieldB
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 1, column: 7),
                (line: 4, column: 7),
            ],
            message: "There can be only one operation named \"Foo\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleOperationsOfDifferentTypesMutation() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                query Foo {
                  fieldA
                }
                mutation Foo {
                  fieldB
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 1, column: 7),
                (line: 4, column: 10),
            ],
            message: "There can be only one operation named \"Foo\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleOperationsOfDifferentTypesSubscription() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                query Foo {
                  fieldA
                }
                subscription Foo {
                  fieldB
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 1, column: 7),
                (line: 4, column: 14),
            ],
            message: "There can be only one operation named \"Foo\"."
        )
    }
}
