// Ported from GraphQL 4.3.0, Tests/GraphQLTests/UtilitiesTests/ConcatASTTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

@Suite struct ConcatASTTests {
    @Test(.explored(schedules: 300, seed: 1)) func concatenatesTwoASTsTogether() throws {
        let sourceA = Source(
            body: """
                { a, b, ...Frag }
                """
        )

        let sourceB = Source(
            body: """
                fragment Frag on T {
                  c
                }
                """
        )

        let astA = try parse(source: sourceA)
        let astB = try parse(source: sourceB)
        let astC = concatAST(documents: [astA, astB])

        #expect(
            print(ast: astC) == """
                {
                  a
                  b
                  ...Frag
                }

                fragment Frag on T {
                  c
                }
                """
        )
    }
}
