// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/FragmentsOnCompositeTypesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class FragmentsOnCompositeTypesRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = FragmentsOnCompositeTypesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func objectIsValidFragmentType() throws {
        try assertValid(
            """
            fragment validFragment on Dog {
              barks
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func interfaceIsValidFragmentType() throws {
        try assertValid(
            """
            fragment validFragment on Pet {
              name
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func objectIsValidInlineFragmentType() throws {
        try assertValid(
            """
            fragment validFragment on Pet {
              ... on Dog {
                barks
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func interfaceIsValidInlineFragmentType() throws {
        try assertValid(
            """
            fragment validFragment on Mammal {
              ... on Canine {
                name
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func inlineFragmentWithoutTypeIsValid() throws {
        try assertValid(
            """
            fragment validFragment on Pet {
              ... {
                name
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func unionIsValidFragmentType() throws {
        try assertValid(
            """
            fragment validFragment on CatOrDog {
              __typename
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func scalarIsInvalidFragmentType() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                fragment scalarFragment on Boolean {
                  bad
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [(line: 1, column: 28)],
            message:
                "Fragment \"scalarFragment\" cannot condition on non composite type \"Boolean\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func enumIsInvalidFragmentType() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                fragment scalarFragment on FurColor {
                  bad
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [(line: 1, column: 28)],
            message:
                "Fragment \"scalarFragment\" cannot condition on non composite type \"FurColor\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func inputObjectIsInvalidFragmentType() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                fragment inputFragment on ComplexInput {
                  stringField
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [(line: 1, column: 27)],
            message:
                "Fragment \"inputFragment\" cannot condition on non composite type \"ComplexInput\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func scalarIsInvalidInlineFragmentType() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                fragment invalidFragment on Pet {
                  ... on String {
                    barks
                  }
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [(line: 2, column: 10)],
            message: "Fragment cannot condition on non composite type \"String\"."
        )
    }
}
