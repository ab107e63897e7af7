// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/KnownArgumentNamesTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class KnownArgumentNamesTests: ValidationTestCase {
    override init() {
        super.init()
        rule = KnownArgumentNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func validWithObjectWithoutArguments() throws {
        try assertValid(
            "fragment objectFieldSelection on Dog { __typename name }"
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func validWithCorrectArgumentNames() throws {
        try assertValid(
            "fragment objectFieldSelection on Dog { __typename isHousetrained(atOtherHomes: true) }"
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func invalidWithSlightlyMisspelledArgument() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                "fragment objectFieldSelection on Dog { __typename isHousetrained(atOtherHomees: true) }"
        )

        try assertValidationError(
            error: errors.first,
            line: 1,
            column: 66,
            message:
                #"Field "isHousetrained" on type "Dog" does not have argument "atOtherHomees". Did you mean "atOtherHomes"?"#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func invalidWithUnrelatedArgument() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query: "fragment objectFieldSelection on Dog { __typename name(uppercased: true) }"
        )

        try assertValidationError(
            error: errors.first,
            line: 1,
            column: 56,
            message: #"Field "name" on type "Dog" does not have argument "uppercased"."#
        )
    }
}
