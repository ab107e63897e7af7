// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/ProvidedRequiredArgumentsRuleTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class ProvidedRequiredArgumentsRuleTests: ValidationTestCase {
    override init() {
        super.init()
        rule = ProvidedRequiredArgumentsRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func ignoresUnknownArguments() throws {
        try assertValid(
            """
            {
              dog {
                isHouseTrained(unknownArgument: true)
              }
            }
            """
        )
    }

    // MARK: Valid non-nullable value

    @Test(.explored(schedules: 300, seed: 1)) func argOnOptionalArg() throws {
        try assertValid(
            """
            {
              dog {
                isHouseTrained(atOtherHomes: true)
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func noArgOnOptionalArg() throws {
        try assertValid(
            """
            {
              dog {
                isHouseTrained
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func noArgOnNonNullFieldWithDefault() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                nonNullFieldWithDefault
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleArgs() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                multipleReqs(req1: 1, req2: 2)
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleArgsInReverseOrder() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                multipleReqs(req2: 2, req1: 1)
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func noArgsOnMultipleOptional() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                multipleOpts
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func oneArgOnMultipleOptional() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                multipleOpts(opt1: 1)
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func secondArgOnMultipleOptional() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                multipleOpts(opt2: 1)
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleRequiredArgsOnMixedList() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                multipleOptAndReq(req1: 3, req2: 4)
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleRequiredAndOneOptionalArgOnMixedList() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                multipleOptAndReq(req1: 3, req2: 4, opt1: 5)
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func allRequiredAndOptionalArgsOnMixedList() throws {
        try assertValid(
            """
            {
              complicatedArgs {
                multipleOptAndReq(req1: 3, req2: 4, opt1: 5, opt2: 6)
              }
            }
            """
        )
    }

    // MARK: Invalid non-nullable value

    @Test(.explored(schedules: 300, seed: 1)) func missingOneNonNullableArgument() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query: """
                {
                  complicatedArgs {
                    multipleReqs(req2: 2)
                  }
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 3, column: 5)
            ],
            message:
                #"Field "multipleReqs" argument "req1" of type "Int!" is required, but it was not provided."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func missingMultipleNonNullableArguments() throws {
        let errors = try assertInvalid(
            errorCount: 2,
            query: """
                {
                  complicatedArgs {
                    multipleReqs
                  }
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 3, column: 5)
            ],
            message:
                #"Field "multipleReqs" argument "req1" of type "Int!" is required, but it was not provided."#
        )
        try assertValidationError(
            error: errors[1],
            locations: [
                (line: 3, column: 5)
            ],
            message:
                #"Field "multipleReqs" argument "req2" of type "Int!" is required, but it was not provided."#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func incorrectValueAndMissingArgument() throws {
        let errors = try assertInvalid(
            errorCount: 1,
            query: """
                {
                  complicatedArgs {
                    multipleReqs(req1: "one")
                  }
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 3, column: 5)
            ],
            message:
                #"Field "multipleReqs" argument "req2" of type "Int!" is required, but it was not provided."#
        )
    }

    // MARK: Directive arguments

    @Test(.explored(schedules: 300, seed: 1)) func ignoresUnknonwnDirectives() throws {
        try assertValid(
            """
            {
              dog @unknown
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func withDirectivesOfValidTypes() throws {
        try assertValid(
            """
            {
              dog @include(if: true) {
                name
              }
              human @skip(if: false) {
                name
              }
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func withDirectiveWithMissingTypes() throws {
        let errors = try assertInvalid(
            errorCount: 2,
            query: """
                {
                  dog @include {
                    name @skip
                  }
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            locations: [
                (line: 2, column: 7)
            ],
            message:
                #"Directive "@include" argument "if" of type "Boolean!" is required, but it was not provided."#
        )
        try assertValidationError(
            error: errors[1],
            locations: [
                (line: 3, column: 10)
            ],
            message:
                #"Directive "@skip" argument "if" of type "Boolean!" is required, but it was not provided."#
        )
    }

    // TODO: Add SDL tests
}
