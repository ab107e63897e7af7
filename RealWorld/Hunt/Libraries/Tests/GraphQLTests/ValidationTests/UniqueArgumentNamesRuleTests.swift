// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/UniqueArgumentNamesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class UniqueArgumentNamesRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = UniqueArgumentNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func noArgumentsOnField() throws {
        try assertValid(
            """
            {
              field
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func noArgumentsOnDirective() throws {
        try assertValid(
            """
            {
              field @directive
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func argumentOnField() throws {
        try assertValid(
            """
            {
              field(arg: "value")
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func argumentOnDirective() throws {
        try assertValid(
            """
            {
              field @directive(arg: "value")
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func sameArgumentOnTwoFields() throws {
        try assertValid(
            """
            {
              one: field(arg: "value")
              two: field(arg: "value")
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func sameArgumentOnFieldAndDirective() throws {
        try assertValid(
            """
            {
              field(arg: "value") @directive(arg: "value")
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func sameArgumentOnTwoDirectives() throws {
        try assertValid(
            """
            {
              field @directive1(arg: "value") @directive2(arg: "value")
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleFieldArguments() throws {
        try assertValid(
            """
            {
              field(arg1: "value", arg2: "value", arg3: "value")
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleDirectiveArguments() throws {
        try assertValid(
            """
            {
              field @directive(arg1: "value", arg2: "value", arg3: "value")
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func duplicateFieldArguments() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  field(arg1: "value", arg1: "value")
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 2, column: 9),
                (line: 2, column: 24),
            ],
            message: "There can be only one argument named \"arg1\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func manyDuplicateFieldArguments() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  field(arg1: "value", arg1: "value", arg1: "value")
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 2, column: 9),
                (line: 2, column: 24),
                (line: 2, column: 39),
            ],
            message: "There can be only one argument named \"arg1\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func duplicateDirectiveArguments() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  field @directive(arg1: "value", arg1: "value")
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 2, column: 20),
                (line: 2, column: 35),
            ],
            message: "There can be only one argument named \"arg1\"."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func manyDuplicateDirectiveArguments() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  field @directive(arg1: "value", arg1: "value", arg1: "value")
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 2, column: 20),
                (line: 2, column: 35),
                (line: 2, column: 50),
            ],
            message: "There can be only one argument named \"arg1\"."
        )
    }
}
