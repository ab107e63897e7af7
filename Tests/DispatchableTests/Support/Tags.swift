import Testing

extension Tag {
    /// Adversarial input: calls that once crashed, hung or misreported, extreme arguments, code that
    /// fights the mock (blocks its threads, replaces its hooks, never ends). The tests live beside
    /// the concept they test; the tag, not a folder, says they are hostile. `swift test` filters by
    /// name only, so the Makefile's stages select these suites by name as before.
    @Tag static var hostile: Self
}
