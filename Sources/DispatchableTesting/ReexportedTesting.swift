// DispatchableTesting re-exports Swift Testing: the traits' factories take `sourceLocation:` with
// Swift Testing's `#_sourceLocation` as its default, a macro that expands where the factory is
// called. An XCTest file that imports only XCTest and DispatchableTesting — `override var
// exploration: ExplorationTrait? { .explored() }` — then finds the macro without `import Testing`.

#if DEBUG
    @_exported import Testing
#endif
