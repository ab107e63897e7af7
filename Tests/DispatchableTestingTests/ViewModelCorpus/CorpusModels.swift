import Foundation

@testable import Dispatchable

// View models with ordering bugs, each beside its fixed twin, written as app code is: a
// `@MainActor final class` that starts `Task {}`s, awaits an actor-backed service
// (`CorpusServices.swift`) and writes its state. Run in the order their work became runnable —
// what ordinary manual mode does, and the first schedule an exploration runs — every buggy twin
// passes its test; some other order the runtime allows breaks it. `ViewModelCorpusBugTests`
// finds each bug; `ViewModelCorpusTests` shows each fixed twin passes every schedule explored.

// MARK: - Search as you type

/// The bug: every keystroke's search writes its results when they land, so an older query's
/// answer, arriving last, replaces the newer query's.
@MainActor final class StaleSearchModel {
    private let service: SearchService
    private(set) var query = ""
    private(set) var results: [String] = []

    init(service: SearchService) { self.service = service }

    func queryChanged(_ query: String) {
        self.query = query
        Task { results = await service.titles(matching: query) }
    }
}

/// The fix: a new query cancels the search in flight, and a cancelled search drops its answer.
@MainActor final class SearchModel {
    private let service: SearchService
    private var search: Task<Void, Never>?
    private(set) var query = ""
    private(set) var results: [String] = []

    init(service: SearchService) { self.service = service }

    func queryChanged(_ query: String) {
        self.query = query
        search?.cancel()
        search = Task {
            let found = await service.titles(matching: query)
            guard !Task.isCancelled else { return }  // a newer query replaced this one meanwhile
            results = found
        }
    }
}

// MARK: - Submitting an order

/// The bug: the guard is checked when the button is tapped, but `isSubmitting` is set only after
/// the cart is priced, so a second tap while the price is loading passes the guard too, and
/// places a second order.
@MainActor final class DoubleSubmitCheckoutModel {
    private let orders: OrderService
    private let cart: [String]
    private(set) var isSubmitting = false
    private(set) var confirmation: String?

    init(orders: OrderService, cart: [String]) {
        self.orders = orders
        self.cart = cart
    }

    func submitTapped() {
        guard !isSubmitting, confirmation == nil else { return }
        Task {
            let total = await orders.total(of: cart)
            isSubmitting = true
            confirmation = await orders.place(cart, total: total)
            isSubmitting = false
        }
    }
}

/// The fix: `isSubmitting` is set before anything is awaited, in the tap itself.
@MainActor final class CheckoutModel {
    private let orders: OrderService
    private let cart: [String]
    private(set) var isSubmitting = false
    private(set) var confirmation: String?

    init(orders: OrderService, cart: [String]) {
        self.orders = orders
        self.cart = cart
    }

    func submitTapped() {
        guard !isSubmitting, confirmation == nil else { return }
        isSubmitting = true
        Task {
            let total = await orders.total(of: cart)
            confirmation = await orders.place(cart, total: total)
            isSubmitting = false
        }
    }
}

// MARK: - A token refreshed by two requests

/// The account screen: the profile on appearing, the notifications when tapped. Its bug, or its
/// fix, is in the client it is given (``ReentrantAPIClient``, ``SharedRefreshAPIClient``).
@MainActor final class AccountModel {
    private let api: any APIClient
    private(set) var profile: String?
    private(set) var notifications: String?

    init(api: any APIClient) { self.api = api }

    func onAppear() {
        Task { profile = await api.get("/me") }
    }

    func notificationsTapped() {
        Task { notifications = await api.get("/notifications") }
    }
}

// MARK: - Pagination

/// The bug: the next page loads when the last row appears, and nothing remembers that it is
/// already loading: the same row appearing again before the page lands loads it again.
@MainActor final class DoublePageFeedModel {
    private let feed: FeedService
    private var nextPage = 0
    private(set) var posts: [String] = []

    init(feed: FeedService) { self.feed = feed }

    func onAppear() { loadNextPage() }

    func rowAppeared(_ post: String) {
        if post == posts.last { loadNextPage() }
    }

    private func loadNextPage() {
        Task {
            let page = await feed.page(nextPage)
            posts += page
            nextPage += 1
        }
    }
}

/// The fix: the page load in flight is kept, and a trigger while it runs is ignored.
@MainActor final class FeedModel {
    private let feed: FeedService
    private var nextPage = 0
    private var pageLoad: Task<Void, Never>?
    private(set) var posts: [String] = []

    init(feed: FeedService) { self.feed = feed }

    func onAppear() { loadNextPage() }

    func rowAppeared(_ post: String) {
        if post == posts.last { loadNextPage() }
    }

    private func loadNextPage() {
        guard pageLoad == nil else { return }
        pageLoad = Task {
            let page = await feed.page(nextPage)
            posts += page
            nextPage += 1
            pageLoad = nil
        }
    }
}

// MARK: - A reused cell

/// A row of a list.
struct FeedItem: Equatable, Sendable {
    let title: String
    let imageURL: String
}

/// The bug: a cell reused for another row starts that row's image, and the previous row's
/// image, still loading, lands when it lands — maybe last.
@MainActor final class MisreusedCellModel {
    private let loader: ImageLoader
    private(set) var title = ""
    private(set) var image: String?

    init(loader: ImageLoader) { self.loader = loader }

    func configure(with item: FeedItem) {
        title = item.title
        image = nil
        Task { image = await loader.image(at: item.imageURL) }
    }
}

/// The fix: after the await, the image is shown only if the cell still shows the item it was
/// loaded for.
@MainActor final class CellModel {
    private let loader: ImageLoader
    private var item: FeedItem?
    private(set) var title = ""
    private(set) var image: String?

    init(loader: ImageLoader) { self.loader = loader }

    func configure(with item: FeedItem) {
        self.item = item
        title = item.title
        image = nil
        Task {
            let image = await loader.image(at: item.imageURL)
            guard self.item == item else { return }  // reused for another row meanwhile
            self.image = image
        }
    }
}

// MARK: - Leaving a screen while it loads

/// The bug: leaving the screen cancels the load and lets the article go, but the load does not
/// look at its cancellation after the await, and shows the article anyway.
@MainActor final class LeakyArticleModel {
    private let service: ArticleService
    private let id: Int
    private var load: Task<Void, Never>?
    private(set) var article: String?

    init(service: ArticleService, id: Int) {
        self.service = service
        self.id = id
    }

    func onAppear() {
        load = Task { article = await service.article(id) }
    }

    func onDisappear() {
        load?.cancel()
        article = nil
    }
}

/// The fix: a cancelled load drops what it got.
@MainActor final class ArticleModel {
    private let service: ArticleService
    private let id: Int
    private var load: Task<Void, Never>?
    private(set) var article: String?

    init(service: ArticleService, id: Int) {
        self.service = service
        self.id = id
    }

    func onAppear() {
        load = Task {
            let article = await service.article(id)
            guard !Task.isCancelled else { return }  // the screen went away meanwhile
            self.article = article
        }
    }

    func onDisappear() {
        load?.cancel()
        article = nil
    }
}

// MARK: - Debounced suggestions, through an injected clock

/// The bug: a keystroke cancels the debounce of the one before, but `try?` turns the cancelled
/// sleep into an early wake-up, so the stale query is searched at once — and its answer, landing
/// last, is what stays on screen.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor final class StaleDebounceSuggestionsModel {
    private let service: SearchService
    private let clock: any Clock<Duration>
    private var debounce: Task<Void, Never>?
    private(set) var suggestions: [String] = []

    init(service: SearchService, clock: any Clock<Duration>) {
        self.service = service
        self.clock = clock
    }

    func queryChanged(_ query: String) {
        debounce?.cancel()
        debounce = Task {
            try? await clock.sleep(for: .milliseconds(300))
            suggestions = await service.titles(matching: query)
        }
    }
}

/// The fix: a cancelled debounce ends there, and a search cancelled while in flight drops its
/// answer.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor final class SuggestionsModel {
    private let service: SearchService
    private let clock: any Clock<Duration>
    private var debounce: Task<Void, any Error>?
    private(set) var suggestions: [String] = []

    init(service: SearchService, clock: any Clock<Duration>) {
        self.service = service
        self.clock = clock
    }

    func queryChanged(_ query: String) {
        debounce?.cancel()
        debounce = Task {
            try await clock.sleep(for: .milliseconds(300))
            let found = await service.titles(matching: query)
            try Task.checkCancellation()
            suggestions = found
        }
    }
}

// MARK: - A main-actor cache

/// A comment of a thread.
struct Comment: Equatable, Sendable {
    let id: Int
    let author: String
}

/// The bug: the avatar cache is checked before the download and filled after it, so a second
/// row by the same author that appears during the download misses too, and downloads it again.
@MainActor final class TwiceFetchingCommentsModel {
    private let avatars: AvatarService
    private var cache: [String: String] = [:]
    private(set) var shownAvatars: [Int: String] = [:]

    init(avatars: AvatarService) { self.avatars = avatars }

    func rowAppeared(_ comment: Comment) {
        Task { shownAvatars[comment.id] = await avatar(of: comment.author) }
    }

    private func avatar(of author: String) async -> String {
        if let cached = cache[author] { return cached }
        let avatar = await avatars.avatar(of: author)
        cache[author] = avatar
        return avatar
    }
}

/// The fix: the cache keeps the download in flight, and a second caller awaits it.
@MainActor final class CommentsModel {
    private let avatars: AvatarService
    private var cache: [String: Task<String, Never>] = [:]
    private(set) var shownAvatars: [Int: String] = [:]

    init(avatars: AvatarService) { self.avatars = avatars }

    func rowAppeared(_ comment: Comment) {
        Task { shownAvatars[comment.id] = await avatar(of: comment.author) }
    }

    private func avatar(of author: String) async -> String {
        if let download = cache[author] { return await download.value }
        let avatars = avatars
        let download = Task { await avatars.avatar(of: author) }
        cache[author] = download
        return await download.value
    }
}

// MARK: - A like toggled twice

/// The bug: each tap flips the heart at once and sends the new state; the server's answer is then
/// shown. Two quick taps send two requests, which may reach the server, and come back, in either
/// order: the older answer, last, leaves the post liked on screen and on the server.
@MainActor final class RevertingLikeModel {
    private let service: LikeService
    private(set) var isLiked = false

    init(service: LikeService) { self.service = service }

    func likeTapped() {
        isLiked.toggle()
        let wanted = isLiked
        Task { isLiked = await service.setLiked(wanted) }
    }
}

/// The fix: each request waits for the one before, so the server gets them, and answers them,
/// in the order the user tapped.
@MainActor final class LikeModel {
    private let service: LikeService
    private var lastRequest: Task<Void, Never>?
    private(set) var isLiked = false

    init(service: LikeService) { self.service = service }

    func likeTapped() {
        isLiked.toggle()
        let wanted = isLiked
        let previous = lastRequest
        lastRequest = Task {
            await previous?.value
            isLiked = await service.setLiked(wanted)
        }
    }
}

// MARK: - A retry that overlaps the original

/// The bug: when the inbox does not answer within a second, the model asks again, but lets the
/// first request run on: when both answer, the new messages are added twice.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor final class OverlappingRetryInboxModel {
    private let inbox: InboxService
    private let clock: any Clock<Duration>
    private var timeout: Task<Void, any Error>?
    private(set) var messages: [String] = []

    init(inbox: InboxService, clock: any Clock<Duration>) {
        self.inbox = inbox
        self.clock = clock
    }

    func refresh() {
        let cursor = messages.last
        Task { await fetch(after: cursor) }
        timeout = Task {
            try await clock.sleep(for: .seconds(1))
            Task { await fetch(after: cursor) }  // no answer yet: ask again
        }
    }

    private func fetch(after cursor: String?) async {
        let newer = await inbox.messages(after: cursor)
        timeout?.cancel()
        messages += newer
    }
}

/// The fix: the retry cancels the request it replaces, a cancelled request drops its answer, and
/// a timeout cancelled as its sleep ends does not retry.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor final class InboxModel {
    private let inbox: InboxService
    private let clock: any Clock<Duration>
    private var timeout: Task<Void, any Error>?
    private(set) var messages: [String] = []

    init(inbox: InboxService, clock: any Clock<Duration>) {
        self.inbox = inbox
        self.clock = clock
    }

    func refresh() {
        let cursor = messages.last
        let request = Task { await fetch(after: cursor) }
        timeout = Task {
            try await clock.sleep(for: .seconds(1))
            try Task.checkCancellation()  // the answer came as the sleep ended
            request.cancel()
            Task { await fetch(after: cursor) }
        }
    }

    private func fetch(after cursor: String?) async {
        let newer = await inbox.messages(after: cursor)
        guard !Task.isCancelled else { return }  // replaced by a retry
        timeout?.cancel()
        messages += newer
    }
}

// MARK: - Unread messages, read one after another

/// The bug: opening a message works out the unread list without it, awaits the read receipt, and
/// then writes that list — computed before the await. A second message opened meanwhile writes a
/// list that still holds the first, which comes back as unread.
@MainActor final class LostUpdateUnreadModel {
    private let inbox: InboxService
    private(set) var unread = InboxService.messages

    init(inbox: InboxService) { self.inbox = inbox }

    func opened(_ message: String) {
        Task {
            let remaining = unread.filter { $0 != message }
            await inbox.markRead(message)
            unread = remaining
        }
    }
}

/// The fix: the list is changed after the await, from what it is then.
@MainActor final class UnreadModel {
    private let inbox: InboxService
    private(set) var unread = InboxService.messages

    init(inbox: InboxService) { self.inbox = inbox }

    func opened(_ message: String) {
        Task {
            await inbox.markRead(message)
            unread.removeAll { $0 == message }
        }
    }
}
