// Ported from GraphQL 4.3.0, Tests/GraphQLTests/SwiftUtilitiesTests/DidYouMeanTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import Testing

@testable import GraphQL

@Suite struct DidYouMeanTests {
    @Test(.explored(schedules: 300, seed: 1)) func emptyList() {
        #expect(
            didYouMean(suggestions: []) == ""
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func singleSuggestion() {
        #expect(
            didYouMean(
                suggestions: ["A"]
            ) == #" Did you mean "A"?"#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func twoSuggestions() {
        #expect(
            didYouMean(
                suggestions: ["A", "B"]
            ) == #" Did you mean "A" or "B"?"#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleSuggestions() {
        #expect(
            didYouMean(
                suggestions: ["A", "B", "C"]
            ) == #" Did you mean "A", "B", or "C"?"#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func limitsToFiveSuggestions() {
        #expect(
            didYouMean(
                suggestions: ["A", "B", "C", "D", "E", "F"]
            ) == #" Did you mean "A", "B", "C", "D", or "E"?"#
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func addsSubmessage() {
        #expect(
            didYouMean(
                "the letter",
                suggestions: ["A"]
            ) == #" Did you mean the letter "A"?"#
        )
    }
}
