import DispatchableTesting
import Testing

@testable import Dispatchable

/// The fixed view models of the corpus (`CorpusModels.swift`), tested as an app developer tests
/// them: a manual-mode mock behind the services, the model driven as the screen drives it,
/// `waitUntilIdle()` for the tasks it started, and `#expect`. One trait more explores each test
/// under many schedules; each passes all of them: every distinct schedule where there are fewer
/// than 10,000, else 2,000 picked from a seed (the token, debounce, retry and unread tests have
/// more than 16,000). `ViewModelCorpusBugTests` runs the same tests on the buggy twins, and finds
/// each bug.
@Suite("ViewModelCorpus: fixed view models pass every schedule")
@MainActor struct ViewModelCorpusTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.exploredExhaustively(limit: 10_000))
    func searchShowsTheLatestQuerysResults() async throws {
        let mock = MockDispatchable(mode: .manual)
        let model = SearchModel(service: SearchService(dispatch: mock))
        model.queryChanged("sw")
        model.queryChanged("swift")
        try await mock.waitUntilIdle()
        #expect(model.results == SearchService.titles(matching: "swift"))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.exploredExhaustively(limit: 10_000))
    func aSecondTapWhileSubmittingPlacesNoSecondOrder() async throws {
        let mock = MockDispatchable(mode: .manual)
        let orders = OrderService(dispatch: mock)
        let model = CheckoutModel(orders: orders, cart: ["tea", "scones"])
        model.submitTapped()
        try await mock.clock.sleep(for: .milliseconds(300))  // the user taps again
        model.submitTapped()
        try await mock.waitUntilIdle()
        #expect(await orders.placed == ["order 1"])
        #expect(model.confirmation == "order 1: 2 items, 10 €")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.explored(schedules: 2_000, seed: 1))
    func twoRequestsDuringARefreshShareIt() async throws {
        let mock = MockDispatchable(mode: .manual)
        let auth = AuthService(dispatch: mock)
        let model = AccountModel(api: SharedRefreshAPIClient(auth: auth, dispatch: mock))
        model.onAppear()
        try await mock.clock.sleep(for: .milliseconds(50))  // the user opens the notifications
        model.notificationsTapped()
        try await mock.waitUntilIdle()
        #expect(await auth.refreshes == 1)
        #expect(model.notifications == "/notifications with token 1")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.exploredExhaustively(limit: 10_000))
    func theLastRowAppearingTwiceLoadsTheNextPageOnce() async throws {
        let mock = MockDispatchable(mode: .manual)
        let feed = FeedService(dispatch: mock)
        let model = FeedModel(feed: feed)
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

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.exploredExhaustively(limit: 10_000))
    func aReusedCellShowsItsOwnItemsImage() async throws {
        let mock = MockDispatchable(mode: .manual)
        let cell = CellModel(loader: ImageLoader(dispatch: mock))
        cell.configure(with: FeedItem(title: "Cat", imageURL: "cat.jpg"))
        cell.configure(with: FeedItem(title: "Dog", imageURL: "dog.jpg"))  // reused for another row
        try await mock.waitUntilIdle()
        #expect(cell.title == "Dog")
        #expect(cell.image == "pixels of dog.jpg")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.exploredExhaustively(limit: 10_000))
    func aLoadCancelledByLeavingTheScreenShowsNothing() async throws {
        let mock = MockDispatchable(mode: .manual)
        let model = ArticleModel(service: ArticleService(dispatch: mock), id: 7)
        model.onAppear()
        try await mock.clock.sleep(for: .milliseconds(100))  // the user goes back
        model.onDisappear()
        try await mock.waitUntilIdle()
        #expect(model.article == nil)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.explored(schedules: 2_000, seed: 1))
    func debouncedSuggestionsAreTheLatestQuerys() async throws {
        let mock = MockDispatchable(mode: .manual)
        let service = SearchService(dispatch: mock)
        let model = SuggestionsModel(service: service, clock: mock.clock)
        model.queryChanged("sw")
        try await mock.clock.sleep(for: .milliseconds(100))  // typed on, within the debounce
        model.queryChanged("swift")
        try await mock.waitUntilIdle()
        #expect(model.suggestions == SearchService.titles(matching: "swift"))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.exploredExhaustively(limit: 10_000))
    func twoRowsOfOneAuthorDownloadTheAvatarOnce() async throws {
        let mock = MockDispatchable(mode: .manual)
        let avatars = AvatarService(dispatch: mock)
        let model = CommentsModel(avatars: avatars)
        model.rowAppeared(Comment(id: 1, author: "ann"))
        try await mock.clock.sleep(for: .milliseconds(50))  // scrolled to her next comment
        model.rowAppeared(Comment(id: 2, author: "ann"))
        try await mock.waitUntilIdle()
        #expect(await avatars.downloads == ["ann"])
        #expect(model.shownAvatars == [1: "avatar of ann", 2: "avatar of ann"])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.exploredExhaustively(limit: 10_000))
    func likeThenUnlikeLeavesThePostUnliked() async throws {
        let mock = MockDispatchable(mode: .manual)
        let service = LikeService(dispatch: mock)
        let model = LikeModel(service: service)
        model.likeTapped()
        model.likeTapped()
        try await mock.waitUntilIdle()
        #expect(model.isLiked == false)
        #expect(await service.isLiked == false)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.explored(schedules: 2_000, seed: 1))
    func aRetryAfterATimeoutAddsTheMessagesOnce() async throws {
        let mock = MockDispatchable(mode: .manual)
        let model = InboxModel(inbox: InboxService(dispatch: mock), clock: mock.clock)
        model.refresh()
        try await mock.waitUntilIdle()
        #expect(model.messages == InboxService.messages)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.explored(schedules: 2_000, seed: 1))
    func twoMessagesOpenedOneAfterTheOtherAreBothRead() async throws {
        let mock = MockDispatchable(mode: .manual)
        let model = UnreadModel(inbox: InboxService(dispatch: mock))
        model.opened("hello")
        try await mock.clock.sleep(for: .milliseconds(50))  // back to the list, and the next one
        model.opened("lunch?")
        try await mock.waitUntilIdle()
        #expect(model.unread == ["meeting moved"])
    }
}
