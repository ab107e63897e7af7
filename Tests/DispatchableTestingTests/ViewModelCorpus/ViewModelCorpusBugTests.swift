import DispatchableTesting
import Testing

@testable import Dispatchable

/// The buggy view models of the corpus (`CorpusModels.swift`), each under the very test its fixed
/// twin passes (`ViewModelCorpusTests`). Ordinary manual mode misses every one of these bugs;
/// exploring finds each, minimised to the few changes of order it needs, and replays it
/// (``expectOrderingBug(deviations:schedules:seed:sourceLocation:_:)``). A found bug fails its
/// test, so these explore through the closure form and expect the failure; `.issuesFailSchedules`
/// makes a failed `#expect` fail its schedule there, as the traits do.
@Suite("ViewModelCorpus: each ordering bug is found, minimised and replayed", .issuesFailSchedules)
struct ViewModelCorpusBugTests {
    /// Two answers in flight, the older landing last.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anOlderQuerysResultsReplaceTheNewerOnes() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let model = StaleSearchModel(service: SearchService(dispatch: mock))
            model.queryChanged("sw")
            model.queryChanged("swift")
            try await mock.waitUntilIdle()
            #expect(model.results == SearchService.titles(matching: "swift"))
        }
    }

    /// The second tap comes while the cart is still being priced.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aDoubleTappedSubmitPlacesTwoOrders() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let orders = OrderService(dispatch: mock)
            let model = DoubleSubmitCheckoutModel(orders: orders, cart: ["tea", "scones"])
            model.submitTapped()
            try await mock.clock.sleep(for: .milliseconds(300))  // the user taps again
            model.submitTapped()
            try await mock.waitUntilIdle()
            #expect(await orders.placed == ["order 1"])
            #expect(model.confirmation == "order 1: 2 items, 10 €")
        }
    }

    /// The second request comes while the first is refreshing the token.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aTokenIsRefreshedTwiceByTwoRequests() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let auth = AuthService(dispatch: mock)
            let model = AccountModel(api: ReentrantAPIClient(auth: auth, dispatch: mock))
            model.onAppear()
            try await mock.clock.sleep(for: .milliseconds(50))  // the user opens the notifications
            model.notificationsTapped()
            try await mock.waitUntilIdle()
            #expect(await auth.refreshes == 1)
            #expect(model.notifications == "/notifications with token 1")
        }
    }

    /// The last row appears again while the next page is loading.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aPageIsLoadedTwice() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let feed = FeedService(dispatch: mock)
            let model = DoublePageFeedModel(feed: feed)
            model.onAppear()
            try await mock.waitUntilIdle()
            let lastRow = try #require(model.posts.last)
            model.rowAppeared(lastRow)
            try await mock.clock.sleep(for: .milliseconds(50))  // scrolled away and back
            model.rowAppeared(lastRow)
            try await mock.waitUntilIdle()
            #expect(await feed.requestedPages == [0, 1])
            #expect(model.posts.count == 2 * FeedService.pageSize)
        }
    }

    /// The previous row's image lands after the new row's.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aReusedCellShowsAnotherItemsImage() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let cell = MisreusedCellModel(loader: ImageLoader(dispatch: mock))
            cell.configure(with: FeedItem(title: "Cat", imageURL: "cat.jpg"))
            cell.configure(with: FeedItem(title: "Dog", imageURL: "dog.jpg"))  // reused for another row
            try await mock.waitUntilIdle()
            #expect(cell.title == "Dog")
            #expect(cell.image == "pixels of dog.jpg")
        }
    }

    /// The user leaves while the article is loading.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aResultIsAppliedAfterCancellation() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let model = LeakyArticleModel(service: ArticleService(dispatch: mock), id: 7)
            model.onAppear()
            try await mock.clock.sleep(for: .milliseconds(100))  // the user goes back
            model.onDisappear()
            try await mock.waitUntilIdle()
            #expect(model.article == nil)
        }
    }

    /// The cancelled debounce searches the stale query at once; its answer lands last. Four
    /// changes of order: the stale search's hop to the service waits until the fresh query's
    /// debounce fires, 0.3 s later; then the fresh search's hop, its request and its way back all
    /// run before the stale answer, back meanwhile, is shown. The bound lets a task's job wait that
    /// long (with a bound of 0.1 s for tasks' jobs, the stale request waits instead: 5 changes).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aDebounceFiresForAStaleQuery() async throws {
        try await expectOrderingBug(deviations: 4, maximumStall: 0.5) { mock in
            let service = SearchService(dispatch: mock)
            let model = StaleDebounceSuggestionsModel(service: service, clock: mock.clock)
            model.queryChanged("sw")
            try await mock.clock.sleep(for: .milliseconds(100))  // typed on, within the debounce
            model.queryChanged("swift")
            try await mock.waitUntilIdle()
            #expect(model.suggestions == SearchService.titles(matching: "swift"))
        }
    }

    /// The second row appears while the first's download is in flight.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aMainActorCacheIsMissedTwice() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let avatars = AvatarService(dispatch: mock)
            let model = TwiceFetchingCommentsModel(avatars: avatars)
            model.rowAppeared(Comment(id: 1, author: "ann"))
            try await mock.clock.sleep(for: .milliseconds(50))  // scrolled to her next comment
            model.rowAppeared(Comment(id: 2, author: "ann"))
            try await mock.waitUntilIdle()
            #expect(await avatars.downloads == ["ann"])
            #expect(model.shownAvatars == [1: "avatar of ann", 2: "avatar of ann"])
        }
    }

    /// The unlike reaches the server, and answers, before the like.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func likeThenUnlikeCanLeaveThePostLiked() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let service = LikeService(dispatch: mock)
            let model = RevertingLikeModel(service: service)
            model.likeTapped()
            model.likeTapped()
            try await mock.waitUntilIdle()
            #expect(model.isLiked == false)
            #expect(await service.isLiked == false)
        }
    }

    /// The timeout fires while the first request is still on its way; both answer.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aRetryOverlapsTheOriginalAndAddsTheMessagesTwice() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let model = OverlappingRetryInboxModel(inbox: InboxService(dispatch: mock), clock: mock.clock)
            model.refresh()
            try await mock.waitUntilIdle()
            #expect(model.messages == InboxService.messages)
        }
    }

    /// The second message is opened while the first's read receipt is in flight.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aMessageReadDuringAnotherComesBackUnread() async throws {
        try await expectOrderingBug(deviations: 1) { mock in
            let model = LostUpdateUnreadModel(inbox: InboxService(dispatch: mock))
            model.opened("hello")
            try await mock.clock.sleep(for: .milliseconds(50))  // back to the list, and the next one
            model.opened("lunch?")
            try await mock.waitUntilIdle()
            #expect(model.unread == ["meeting moved"])
        }
    }
}

/// The `.explored` trait itself on a buggy view model, as a developer would meet it: the test,
/// run through the trait's scope inside a known issue, fails with its own `#expect`s and one issue
/// of the explorer's naming the `.replayed("…")` trait, and that trait fails the test again.
@Suite("ViewModelCorpus: the trait reports a view model's bug once, replayably")
struct ViewModelCorpusTraitReportTests {
    /// The double-submit test: its run leaves a `mock.clock` sleeper (the second tap's wait), the
    /// mock's queued requests and the model's tasks to the explorer.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @MainActor static func submittingTwice() async throws {
        let mock = MockDispatchable(mode: .manual)
        let orders = OrderService(dispatch: mock)
        let model = DoubleSubmitCheckoutModel(orders: orders, cart: ["tea", "scones"])
        model.submitTapped()
        try await mock.clock.sleep(for: .milliseconds(300))  // the user taps again
        model.submitTapped()
        try await mock.waitUntilIdle()
        #expect(await orders.placed == ["order 1"])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theExploredTraitReportsTheDoubleSubmitOnceAndItsReplayFailsAgain() async throws {
        let explored = try await issues(under: .explored(schedules: 1_000, seed: 1))
        let reports = explored.filter { $0.contains("DispatchableTesting: a schedule failed") }
        #expect(reports.count == 1, "\(explored)")
        #expect(explored.contains { $0.contains("orders.placed") }, "the test's own #expect: \(explored)")
        #expect(explored.count == 2, "one report, not one per schedule: \(explored)")

        let report = try #require(reports.first)
        let start = try #require(report.firstRange(of: ".replayed(\""))
        let end = try #require(report[start.upperBound...].firstRange(of: "\")"))
        let schedule = String(report[start.upperBound..<end.lowerBound])
        #expect(!schedule.isEmpty)
        let replayed = try await issues(under: .replayed(schedule))
        #expect(replayed.contains { $0.contains("orders.placed") }, "it fails again: \(replayed)")
    }

    /// The distinct issues the double-submit test records under `trait`, kept from this test.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func issues(under trait: ExplorationTrait) async throws -> Set<String> {
        let issues = Issues()
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                try await Self.submittingTwice()
            }
        } matching: { issue in
            issues.append(String(describing: issue))
            return true
        }
        return Set(issues.all)
    }
}
