/// The one rule for writing seconds as text, in two forms.
///
/// `MockDispatchable.swift` keeps a copy of this rule (its `SecondsText`): a copied mock can use
/// only the public API. `MirroredRulesTests` pins the two together.
enum SecondsText {
    /// A delay as the caller wrote it, as short as it reads: `0.5`, `2`, `0.31`, `inf`, `nan`.
    static func compact(_ seconds: Double) -> String {
        if seconds.isNaN { return "nan" }
        if seconds.isInfinite { return seconds < 0 ? "-inf" : "inf" }
        if seconds == seconds.rounded(), abs(seconds) < 1e15 { return String(Int64(seconds)) }
        return String(seconds)
    }

    /// A point in time or a measured duration, to the millisecond: `0.300s`; `inf` and `nan`
    /// as in ``compact(_:)``.
    static func measured(_ seconds: Double) -> String {
        seconds.isFinite ? String(format: "%.3fs", seconds) : compact(seconds)
    }
}
