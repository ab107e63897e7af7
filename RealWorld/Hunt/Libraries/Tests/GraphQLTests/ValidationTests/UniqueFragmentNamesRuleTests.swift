// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/UniqueFragmentNamesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class UniqueFragmentNamesRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = UniqueFragmentNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func noFragments() throws {
        try assertValid(
            """
            {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func oneFragment() throws {
        try assertValid(
            """
            {
              ...fragA
            }

            fragment fragA on Type {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func manyFragments() throws {
        try assertValid(
            """
            {
              ...fragA
              ...fragB
              ...fragC
            }
            fragment fragA on Type {
              fieldA
            }
            fragment fragB on Type {
              fieldB
            }
            fragment fragC on Type {
              fieldC
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func inlineFragmentsAreAlwaysUnique() throws {
        try assertValid(
            """
            {
              ...on Type {
                fieldA
              }
              ...on Type {
                fieldB
              }
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

    @Test(.explored(schedules: 300, seed: 1)) func fragmentsNamedTheSame() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  ...fragA
                }
                fragment fragA on Type {
                  fieldA
                }
                fragment fragA on Type {
                  fieldB
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 4, column: 10),
                (line: 7, column: 10),
            ],
            message: "There can be only one fragment named \"fragA\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func fragmentsNamedTheSameWithoutBeingReferenced() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                fragment fragA on Type {
                  fieldA
                }
                fragment fragA on Type {
                  fieldB
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 1, column: 10),
                (line: 4, column: 10),
            ],
            message: "There can be only one fragment named \"fragA\"."
        )
    }
}
