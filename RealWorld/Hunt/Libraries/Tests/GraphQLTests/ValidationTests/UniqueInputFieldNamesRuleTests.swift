// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/UniqueInputFieldNamesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class UniqueInputFieldNamesRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = UniqueInputFieldNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func inputObjectWithFields() throws {
        try assertValid(
            """
            {
              field(arg: { f: true })
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func sameInputObjectWithinTwoArgs() throws {
        try assertValid(
            """
            {
              field(arg1: { f: true }, arg2: { f: true })
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleInputObjectFields() throws {
        try assertValid(
            """
            {
              field(arg: { f1: "value", f2: "value", f3: "value" })
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func allowsForNestedInputObjectsWithSimilarFields() throws {
        try assertValid(
            """
            {
              field(arg: {
                deep: {
                  deep: {
                    id: 1
                  }
                  id: 1
                }
                id: 1
              })
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func duplicateInputObjectFields() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  field(arg: { f1: "value", f1: "value" })
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 2, column: 16),
                (line: 2, column: 29),
            ],
            message: #"There can be only one input field named "f1"."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func manyDuplicateInputObjectFields() throws {
        let errors = try assertInvalid(
            errorCount: 2,
            query:
                """
                {
                  field(arg: { f1: "value", f1: "value", f1: "value" })
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 2, column: 16),
                (line: 2, column: 29),
            ],
            message: #"There can be only one input field named "f1"."#
        )
        try assertValidationError(
            error: errors[1],
            locations: [
                (line: 2, column: 16),
                (line: 2, column: 42),
            ],
            message: #"There can be only one input field named "f1"."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func nestedDuplicateInputObjectFields() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query:
                """
                {
                  field(arg: { f1: {f2: "value", f2: "value" }})
                }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 2, column: 21),
                (line: 2, column: 34),
            ],
            message: #"There can be only one input field named "f2"."#
        )
    }
}
