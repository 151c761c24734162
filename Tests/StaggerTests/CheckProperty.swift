import PropertyBased
import Testing

// PropertyBased's `propertyCheck` runs its body under `try?`: an error the body throws
// ends that case without recording an issue, so a property whose subject throws on
// every input passes (a visible window that made every kernel call throw did, on every
// backend). These wrappers record what the body throws as a failure of the case, with
// the input, so that a throw fails the test as an unmet #expect would. The suite calls
// them, never `propertyCheck` itself (PropertyTestConventionTests checks).

/// Runs `body` on `count` random inputs, as PropertyBased's `propertyCheck`, and records
/// an error the body throws as a failure.
func checkProperty<InA, OutA>(
    count: Int = 100, input g0: Generator<OutA, some Sequence<InA>>,
    perform body: (OutA) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation
) async {
    await PropertyBased.propertyCheck(
        count: count, input: g0,
        perform: { a in
            do { try await body(a) } catch { Issue.record(error, "input \(a)", sourceLocation: sourceLocation) }
        }, isolation: isolation, sourceLocation: sourceLocation)
}

/// ``checkProperty(count:input:perform:isolation:sourceLocation:)`` over two generators.
func checkProperty<InA, InB, OutA, OutB>(
    count: Int = 100, input g0: Generator<OutA, some Sequence<InA>>, _ g1: Generator<OutB, some Sequence<InB>>,
    perform body: (OutA, OutB) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation
) async {
    await checkProperty(
        count: count, input: zip(g0, g1), perform: { try await body($0.0, $0.1) },
        isolation: isolation, sourceLocation: sourceLocation)
}

/// ``checkProperty(count:input:perform:isolation:sourceLocation:)`` over three generators.
func checkProperty<InA, InB, InC, OutA, OutB, OutC>(
    count: Int = 100, input g0: Generator<OutA, some Sequence<InA>>, _ g1: Generator<OutB, some Sequence<InB>>,
    _ g2: Generator<OutC, some Sequence<InC>>,
    perform body: (OutA, OutB, OutC) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation
) async {
    await checkProperty(
        count: count, input: zip(g0, g1, g2), perform: { try await body($0.0, $0.1, $0.2) },
        isolation: isolation, sourceLocation: sourceLocation)
}

/// ``checkProperty(count:input:perform:isolation:sourceLocation:)`` over four generators.
func checkProperty<InA, InB, InC, InD, OutA, OutB, OutC, OutD>(
    count: Int = 100, input g0: Generator<OutA, some Sequence<InA>>, _ g1: Generator<OutB, some Sequence<InB>>,
    _ g2: Generator<OutC, some Sequence<InC>>, _ g3: Generator<OutD, some Sequence<InD>>,
    perform body: (OutA, OutB, OutC, OutD) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation
) async {
    await checkProperty(
        count: count, input: zip(g0, g1, g2, g3), perform: { try await body($0.0, $0.1, $0.2, $0.3) },
        isolation: isolation, sourceLocation: sourceLocation)
}

/// ``checkProperty(count:input:perform:isolation:sourceLocation:)`` over five generators.
func checkProperty<InA, InB, InC, InD, InE, OutA, OutB, OutC, OutD, OutE>(
    count: Int = 100, input g0: Generator<OutA, some Sequence<InA>>, _ g1: Generator<OutB, some Sequence<InB>>,
    _ g2: Generator<OutC, some Sequence<InC>>, _ g3: Generator<OutD, some Sequence<InD>>,
    _ g4: Generator<OutE, some Sequence<InE>>,
    perform body: (OutA, OutB, OutC, OutD, OutE) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation
) async {
    await checkProperty(
        count: count, input: zip(g0, g1, g2, g3, g4), perform: { try await body($0.0, $0.1, $0.2, $0.3, $0.4) },
        isolation: isolation, sourceLocation: sourceLocation)
}
