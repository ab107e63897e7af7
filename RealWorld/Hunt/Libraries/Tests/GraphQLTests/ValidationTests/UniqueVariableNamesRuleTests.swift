// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/UniqueVariableNamesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class UniqueVariableNamesRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = UniqueVariableNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func uniqueVariableNames() throws {
        try assertValid(
            """
            query A($x: Int, $y: String) { __typename }
            query B($x: String, $y: Int) { __typename }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func duplicateVariableNames() throws {
        let errors = try assertInvalid(
            errorCount: 3,
            query:
                """
                query A($x: Int, $x: Int, $x: String) { __typename }
                query B($x: String, $x: Int) { __typename }
                query C($x: Int, $x: Int) { __typename }
                """
        )
        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 1, column: 10),
                (line: 1, column: 19),
                (line: 1, column: 28),
            ],
            message: #"There can be only one variable named "$x"."#
        )
        try assertValidationError(
            error: errors[1],
            locations: [
                (line: 2, column: 10),
                (line: 2, column: 22),
            ],
            message: #"There can be only one variable named "$x"."#
        )
        try assertValidationError(
            error: errors[2],
            locations: [
                (line: 3, column: 10),
                (line: 3, column: 19),
            ],
            message: #"There can be only one variable named "$x"."#
        )
    }
}
