#if DEBUG
    import Foundation

    // MARK: - Message text

    nonisolated extension MockDispatchable {
        /// Keeps messages short however much there is to list: the first ``shown`` lines, then a count.
        // joined: fileprivate
        nonisolated enum BoundedList {
            static let shown = 20

            static func lines(_ first: [String], total: Int, indent: String) -> String {
                var lines = Array(first.prefix(shown))
                if total > lines.count { lines.append("\(indent)… and \(total - lines.count) more") }
                return lines.joined(separator: "\n")
            }

            /// `text`, or its first `limit` characters and an ellipsis.
            static func quoted(_ text: String, limit: Int = 60) -> String {
                text.count <= limit ? text : String(text.prefix(limit)) + "…"
            }
        }

        /// Seconds as text: `0.300s`, `inf`, `nan`. The library's `SecondsText.measured` rule,
        /// copied because a copied mock can use only the public API; `MirroredRulesTests` pins
        /// the two together.
        // joined: fileprivate
        nonisolated enum SecondsText {
            static func measured(_ seconds: Double) -> String {
                if seconds.isFinite { return String(format: "%.3fs", seconds) }
                return seconds.isNaN ? "nan" : seconds < 0 ? "-inf" : "inf"
            }
        }
    }

#endif
