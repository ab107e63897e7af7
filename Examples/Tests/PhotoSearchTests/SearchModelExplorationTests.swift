import Foundation
import PhotoSearch
import Testing

@testable import Dispatchable

/// The user types "sw", pauses, and types "swift" 0.4 s in; the search for "sw" may still be
/// running when the one for "swift" starts, and the two may finish in either order.
@MainActor
@Suite struct SearchModelExplorationTests {
    @Test func theLatestQuerysResultsWinInEverySchedule() throws {
        let report = try MockDispatchable.exploreAll { mock in
            let search = SearchModel(dispatch: mock) { query in ["\(query).png"] }
            search.queryChanged("sw")
            mock.after(0.4) { search.queryChanged("swift") }
            try mock.runUntilIdle()
            try #require(search.results == ["swift.png"])
        }
        #expect(report.isExhaustive)
    }

    @Test func explorationFindsTheStaleResultInTheNaiveModel() throws {
        // Ordinary manual mode runs each search before the next keystroke: no bug to see.
        let mock = MockDispatchable(mode: .manual)
        let naive = NaiveSearchModel(dispatch: mock) { query in ["\(query).png"] }
        naive.queryChanged("sw")
        mock.after(0.4) { naive.queryChanged("swift") }
        try mock.runUntilIdle()
        #expect(naive.results == ["swift.png"])

        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.explore(schedules: 1_000, seed: 1) { mock in
                let search = NaiveSearchModel(dispatch: mock) { query in ["\(query).png"] }
                search.queryChanged("sw")
                mock.after(0.4) { search.queryChanged("swift") }
                try mock.runUntilIdle()
                // A plain error, not `#require`: this test expects the failure, and `#require`
                // would also record it as an issue of the test.
                guard search.results == ["swift.png"] else { throw StaleResults(shown: search.results) }
            }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.message.contains("The body threw: StaleResults(shown: [\"sw.png\"])") == true)
        #expect(error?.message.contains("ran before") == true)
    }
}

struct StaleResults: Error {
    let shown: [String]
}
