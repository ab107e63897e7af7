import Foundation

@testable import Dispatchable

// The services behind the view models of the corpus (`CorpusModels.swift`): actors standing in for
// an app's network and database clients. Their slow part — the request on the wire, the disk —
// is background work sent through `Dispatchable` (`performOffloaded`), which takes as long as it
// takes: in a test it is the mock's, and an exploration runs it early, late, or after a timer.

/// A search backend: the titles of a small catalog that start with the query.
actor SearchService {
    static let catalog = ["swift", "swiftui", "switch", "sword"]

    /// What the catalog holds for `query`: the answer a search should end up showing.
    nonisolated static func titles(matching query: String) -> [String] {
        catalog.filter { $0.hasPrefix(query) }
    }

    private let dispatch: any Dispatchable
    /// Every query the service was asked, in the order the requests arrived.
    private(set) var queries: [String] = []

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func titles(matching query: String) async -> [String] {
        queries.append(query)
        return await dispatch.performOffloaded { Self.titles(matching: query) }
    }
}

/// A shop's order backend: prices a cart, then places the order.
actor OrderService {
    private let dispatch: any Dispatchable
    /// Every order placed, in order.
    private(set) var placed: [String] = []

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func total(of cart: [String]) async -> Int {
        await dispatch.performOffloaded { cart.count * 5 }
    }

    /// Places the order and returns its confirmation number.
    func place(_ cart: [String], total: Int) async -> String {
        let number = "order \(placed.count + 1)"
        placed.append(number)
        return await dispatch.performOffloaded { "\(number): \(cart.count) items, \(total) €" }
    }
}

/// The login server: hands out a fresh access token, and counts how often it was asked.
actor AuthService {
    private let dispatch: any Dispatchable
    private(set) var refreshes = 0

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func freshToken() async -> String {
        refreshes += 1
        let number = refreshes
        return await dispatch.performOffloaded { "token \(number)" }
    }
}

/// An API client: every request needs an access token, fetched from ``AuthService`` the first
/// time one is needed.
protocol APIClient: Actor {
    func get(_ path: String) async -> String
}

/// The client with the bug: it checks for a token, awaits the refresh, and stores what it got. A
/// second request that arrives during the refresh finds no token either, and refreshes again —
/// the first token it was given is then thrown away (on a real server, often revoked).
actor ReentrantAPIClient: APIClient {
    private let auth: AuthService
    private let dispatch: any Dispatchable
    private var token: String?

    init(auth: AuthService, dispatch: any Dispatchable) {
        self.auth = auth
        self.dispatch = dispatch
    }

    func get(_ path: String) async -> String {
        if token == nil { token = await auth.freshToken() }
        let token = token ?? ""
        return await dispatch.performOffloaded { "\(path) with \(token)" }
    }
}

/// The fixed client: a refresh in flight is kept, and a second request awaits it instead of
/// starting another.
actor SharedRefreshAPIClient: APIClient {
    private let auth: AuthService
    private let dispatch: any Dispatchable
    private var token: String?
    private var refreshing: Task<String, Never>?

    init(auth: AuthService, dispatch: any Dispatchable) {
        self.auth = auth
        self.dispatch = dispatch
    }

    func get(_ path: String) async -> String {
        let token = await validToken()
        return await dispatch.performOffloaded { "\(path) with \(token)" }
    }

    private func validToken() async -> String {
        if let token { return token }
        if let refreshing { return await refreshing.value }
        let auth = auth
        let refresh = Task { await auth.freshToken() }
        refreshing = refresh
        let token = await refresh.value
        self.token = token
        refreshing = nil
        return token
    }
}

/// A feed backend, a page of posts at a time.
actor FeedService {
    static let pageSize = 3

    private let dispatch: any Dispatchable
    /// Every page asked for, in order.
    private(set) var requestedPages: [Int] = []

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func page(_ number: Int) async -> [String] {
        requestedPages.append(number)
        return await dispatch.performOffloaded {
            (0..<Self.pageSize).map { "post \(number * Self.pageSize + $0)" }
        }
    }
}

/// An image downloader.
actor ImageLoader {
    private let dispatch: any Dispatchable
    /// Every image downloaded, in order.
    private(set) var downloads: [String] = []

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func image(at url: String) async -> String {
        downloads.append(url)
        return await dispatch.performOffloaded { "pixels of \(url)" }
    }
}

/// An article backend.
actor ArticleService {
    private let dispatch: any Dispatchable

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func article(_ id: Int) async -> String {
        await dispatch.performOffloaded { "article \(id)" }
    }
}

/// A social backend: the server's idea of whether the user likes a post, set by each request in
/// the order the requests reach it, and confirmed in the response.
actor LikeService {
    private let dispatch: any Dispatchable
    /// What the server has stored.
    private(set) var isLiked = false

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func setLiked(_ liked: Bool) async -> Bool {
        let confirmed = await dispatch.performOffloaded { liked }  // the request on the wire
        isLiked = confirmed
        return confirmed
    }
}

/// A mail backend: the messages newer than a cursor, and read receipts.
actor InboxService {
    static let messages = ["hello", "lunch?", "meeting moved"]

    private let dispatch: any Dispatchable
    /// How many times the inbox was fetched.
    private(set) var fetches = 0
    /// Messages marked read, in order.
    private(set) var read: [String] = []

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    /// The messages after `cursor` (all of them when it is nil).
    func messages(after cursor: String?) async -> [String] {
        fetches += 1
        return await dispatch.performOffloaded {
            guard let cursor, let index = Self.messages.firstIndex(of: cursor) else { return Self.messages }
            return Array(Self.messages[(index + 1)...])
        }
    }

    func markRead(_ message: String) async {
        _ = await dispatch.performOffloaded { message }
        read.append(message)
    }
}

/// A directory of avatars.
actor AvatarService {
    private let dispatch: any Dispatchable
    /// Every avatar downloaded, in order.
    private(set) var downloads: [String] = []

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func avatar(of user: String) async -> String {
        downloads.append(user)
        return await dispatch.performOffloaded { "avatar of \(user)" }
    }
}
