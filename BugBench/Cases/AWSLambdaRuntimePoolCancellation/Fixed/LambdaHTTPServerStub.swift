// BugBench stub — NOT an upstream file. Lambda+LocalServer+Pool.swift extends `LambdaHTTPServer`
// and casts to its nested `LocalServerResponse`, both declared in upstream's
// Sources/AWSLambdaRuntime/HTTPServer/Lambda+LocalServer.swift (an NIO HTTP server that needs most of
// the runtime to compile). Only the names and the one stored property the Pool reads
// (`requestId`) are declared here, with upstream's spelling; nothing else of that file is used.
internal struct LambdaHTTPServer {
    struct LocalServerResponse: Sendable {
        let requestId: String?
        init(id: String? = nil) {
            self.requestId = id
        }
    }
}
