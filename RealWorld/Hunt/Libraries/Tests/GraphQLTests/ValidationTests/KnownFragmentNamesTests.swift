// Ported from GraphQL 4.3.0, Tests/GraphQLTests/ValidationTests/KnownFragmentNamesTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

class KnownFragmentNamesTests: ValidationTestCase {
    override init() {
        super.init()
        rule = KnownFragmentNamesRule
    }

    @Test(.explored(schedules: 300, seed: 1)) func knownFragmentNamesAreValid() throws {
        try assertValid(
            """
            {
              human(id: 4) {
                ...HumanFields1
                ... on Human {
                  ...HumanFields2
                }
                ... {
                  name
                }
              }
            }
            fragment HumanFields1 on Human {
              name
              ...HumanFields3
            }
            fragment HumanFields2 on Human {
              name
            }
            fragment HumanFields3 on Human {
              name
            }
            """
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func unknownFragmentNamesAreInvalid() throws {
        let errors = try assertInvalid(
            errorCount: 3,
            query:
                """
                {
                  human(id: 4) {
                    ...UnknownFragment1
                    ... on Human {
                      ...UnknownFragment2
                    }
                  }
                }
                fragment HumanFields on Human {
                  name
                  ...UnknownFragment3
                }
                """
        )

        try assertValidationError(
            error: errors[0],
            locations: [(line: 3, column: 8)],
            message: "Unknown fragment \"UnknownFragment1\"."
        )
        try assertValidationError(
            error: errors[1],
            locations: [(line: 5, column: 10)],
            message: "Unknown fragment \"UnknownFragment2\"."
        )
        try assertValidationError(
            error: errors[2],
            locations: [(line: 11, column: 6)],
            message: "Unknown fragment \"UnknownFragment3\"."
        )
    }
}
