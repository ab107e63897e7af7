#if DEBUG
    import Dispatch
    import Foundation
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    // MARK: - Timeline

    nonisolated extension MockDispatchable {
        /// Draws the event log as lanes: test, main, offload, after. Queuing and cancelling show in
        /// the lane of the thread that did it.
        // joined: fileprivate
        nonisolated struct TimelineRenderer: Sendable {
            let log: EventLog
            let mode: MockDispatchable.Mode
            let now: Int64

            private static let lanes = ["test", "main", "offload", "after"]
            private static let width = 25

            private static func lane(_ thread: DispatchThread?) -> Int {
                switch thread {
                case nil: return 0
                case .main?: return 1
                case .offload?: return 2
                case .after?: return 3
                }
            }

            func render(limit: Int) -> String {
                let manual = mode == .manual
                let count = log.count
                var header = "MockDispatchable timeline — \(manual ? "manual" : "immediate") mode"
                if manual { header += ", now t=\(SecondsText.measured(Nanoseconds.seconds(now)))" }
                header += ", \(count) event\(count == 1 ? "" : "s")"
                var lines = [header]
                let first = Swift.max(0, count - limit)
                if first > 0 { lines.append("  … \(first) earlier events not shown") }
                lines.append(
                    pad(manual ? "t" : "#", 9, left: true) + " ┆ "
                        + Self.lanes.map { pad($0, Self.width) }.joined(separator: " ┆ "))
                var depth = [0, 0, 0, 0]
                var open: [Int] = []  // lanes of the entered threads, innermost last
                for (index, event) in log.entries.enumerated() {
                    let laneIndex: Int
                    let text: String
                    switch event.kind {
                    case .enter:
                        laneIndex = Self.lane(event.thread)
                        let number = log.number(of: event)
                        if let task = log.task(of: event) {
                            text = "┌ \(task)\(number)"
                        } else if case .after? = event.thread {
                            text = "┌ \(event.thread.map { "\($0)" } ?? "")\(number)"
                        } else {
                            text = number.isEmpty ? "┌ enter" : "┌" + number
                        }
                    case .exit:
                        laneIndex = Self.lane(event.thread)
                        depth[laneIndex] = Swift.max(0, depth[laneIndex] - 1)
                        if let index = open.lastIndex(of: laneIndex) { open.remove(at: index) }
                        text = "└ exit"
                    case .mark:
                        laneIndex = Self.lane(event.thread)
                        text = "◆ " + (log.label(of: event) ?? "")
                    case .enqueue:
                        laneIndex = open.last ?? 0
                        let what = log.task(of: event) ?? event.thread.map { "\($0)" } ?? ""
                        text = "+ queued \(what)\(log.number(of: event))"
                    case .cancel:
                        laneIndex = open.last ?? 0
                        text = "× cancelled \(event.thread.map { "\($0)" } ?? "")\(log.number(of: event))"
                    case .wake:
                        laneIndex = 0
                        text = "⏰ woke \(event.thread.map { "\($0)" } ?? "")\(log.number(of: event))"
                    }
                    if index >= first {
                        let cells = (0..<4).map { lane -> String in
                            let bars = String(repeating: "│ ", count: depth[lane])
                            return pad(lane == laneIndex ? bars + text : bars, Self.width)
                        }
                        let stamp = manual ? SecondsText.measured(Nanoseconds.seconds(event.time)) : String(index + 1)
                        lines.append(pad(stamp, 9, left: true) + " ┆ " + cells.joined(separator: " ┆ "))
                    }
                    if event.kind == .enter {
                        depth[laneIndex] += 1
                        open.append(laneIndex)
                    }
                }
                return lines.joined(separator: "\n")
            }

            private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
                let count = text.count
                if count > width { return String(text.prefix(width - 1)) + "…" }
                let padding = String(repeating: " ", count: width - count)
                return left ? padding + text : text + padding
            }
        }
    }

#endif
