// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/LoneAnonymousOperationRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class LoneAnonymousOperationRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = LoneAnonymousOperationRule
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

    @Test(.explored(schedules: 300, seed: 1)) func multipleNamedOperations() throws {
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

    @Test(.explored(schedules: 300, seed: 1)) func anonOperationWithFragment() throws {
        try assertValid(
            """
            {
              ...Foo
            }
            fragment Foo on Type {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleAnonOperations() throws {
        let errors = try assertInvalid(
            errorCount: 2,
            query:
                """
                {
                  fieldA
                }
                {
                  fieldB
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [(line: 1, column: 1)],
            message: "This anonymous operation must be the only defined operation."
        )
        try assertValidationError(
            error: errors[1],
            locations: [(line: 4, column: 1)],
            message: "This anonymous operation must be the only defined operation."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func anonOperationWithAMutation() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  fieldA
                }
                mutation Foo {
                  fieldB
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [(line: 1, column: 1)],
            message: "This anonymous operation must be the only defined operation."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func anonOperationWithASubscription() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  fieldA
                }
                subscription Foo {
                  fieldB
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [(line: 1, column: 1)],
            message: "This anonymous operation must be the only defined operation."
        )
    }
}
