// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/NoUnusedVariablesRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class NoUnusedVariablesRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = NoUnusedVariablesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func usesAllVariables() throws {
        try assertValid(
            """
            query ($a: String, $b: String, $c: String) {
                field(a: $a, b: $b, c: $c)
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func usesAllVariablesDeeply() throws {
        try assertValid(
            """
            query Foo($a: String, $b: String, $c: String) {
              field(a: $a) {
                field(b: $b) {
                  field(c: $c)
                }
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func usesAllVariablesDeeplyInInlineFragments() throws {
        try assertValid(
            """
            query Foo($a: String, $b: String, $c: String) {
                ... on Type {
                    field(a: $a) {
                        field(b: $b) {
                            ... on Type {
                                field(c: $c)
                            }
                        }
                    }
                }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func usesAllVariablesInFragments() throws {
        try assertValid(
            """
            query Foo($a: String, $b: String, $c: String) {
                ...FragA
            }
            fragment FragA on Type {
                field(a: $a) {
                    ...FragB
                }
            }
            fragment FragB on Type {
                field(b: $b) {
                    ...FragC
                }
            }
            fragment FragC on Type {
                field(c: $c)
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func variableUsedByFragmentInMultipleOperations() throws {
        try assertValid(
            """
            query Foo($a: String) {
                ...FragA
            }
            query Bar($b: String) {
                ...FragB
            }
            fragment FragA on Type {
                field(a: $a)
            }
            fragment FragB on Type {
                field(b: $b)
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func variableUsedByRecursiveFragment() throws {
        try assertValid(
            """
            query Foo($a: String) {
                ...FragA
            }
            fragment FragA on Type {
                field(a: $a) {
                    ...FragA
                }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func variableNotUsed() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query: """
                query ($a: String, $b: String, $c: String) {
                    field(a: $a, b: $b)
                }
                """
        )

        try assertValidationError(
            error: errors.first,
            line: 1,
            column: 32,
            message: "Variable \"$c\" is never used."
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleVariablesNotUsed() throws {
        let errors = try assertInvalid(
            errorCount: 2,
            query: """
                query Foo($a: String, $b: String, $c: String) {
                    field(b: $b)
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            line: 1,
            column: 11,
            message: #"Variable "$a" is never used in operation "Foo"."#
        )

        try assertValidationError(
            error: errors[1],
            line: 1,
            column: 35,
            message: #"Variable "$c" is never used in operation "Foo"."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func variableNotUsedInFragments() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query: """
                query Foo($a: String, $b: String, $c: String) {
                    ...FragA
                }
                fragment FragA on Type {
                    field(a: $a) {
                        ...FragB
                    }
                }
                fragment FragB on Type {
                    field(b: $b) {
                        ...FragC
                    }
                }
                fragment FragC on Type {
                    field
                }
                """
        )

        try assertValidationError(
            error: errors.first,
            line: 1,
            column: 35,
            message: #"Variable "$c" is never used in operation "Foo"."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleVariablesNotUsedInFragments() throws {
        let errors = try assertInvalid(
            errorCount: 2,
            query: """
                query Foo($a: String, $b: String, $c: String) {
                    ...FragA
                }
                fragment FragA on Type {
                    field {
                        ...FragB
                    }
                }
                fragment FragB on Type {
                    field(b: $b) {
                        ...FragC
                    }
                }
                fragment FragC on Type {
                    field
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            line: 1,
            column: 11,
            message: #"Variable "$a" is never used in operation "Foo"."#
        )

        try assertValidationError(
            error: errors[1],
            line: 1,
            column: 35,
            message: #"Variable "$c" is never used in operation "Foo"."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func variableNotUsedByUnreferencedFragment() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query: """
                query Foo($b: String) {
                    ...FragA
                }
                fragment FragA on Type {
                    field(a: $a)
                }
                fragment FragB on Type {
                    field(b: $b)
                }
                """
        )

        try assertValidationError(
            error: errors.first,
            line: 1,
            column: 11,
            message: #"Variable "$b" is never used in operation "Foo"."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func variableNotUsedByFragmentUsedByOtherOperation() throws {
        let errors = try assertInvalid(
            errorCount: 2,
            query: """
                query Foo($b: String) {
                    ...FragA
                }
                query Bar($a: String) {
                    ...FragB
                }
                fragment FragA on Type {
                    field(a: $a)
                }
                fragment FragB on Type {
                    field(b: $b)
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            line: 1,
            column: 11,
            message: #"Variable "$b" is never used in operation "Foo"."#
        )

        try assertValidationError(
            error: errors[1],
            line: 4,
            column: 11,
            message: #"Variable "$a" is never used in operation "Bar"."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func variableUsedInsideObject() throws {
        try assertValid(
            """
            query Foo($a: String) {
              field(object: { a: $a })
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func variableUnusedInsideObject() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query: """
                query Foo($a: String, $b: String) {
                  field(object: { a: $a })
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            line: 1,
            column: 23,
            message: #"Variable "$b" is never used in operation "Foo"."#
        )
    }
}
