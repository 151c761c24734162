import PropertyBased
import Testing

@testable import Stagger

/// `referenceDelays(count:)` finds the window and the geometry once for every item; its
/// figures must be delay(for:of:)'s, item by item, to the last bit (a list's
/// interrupted items and a pair group's stagger read them as the reference).
@Suite(.shrinking(false)) struct ReferenceDelayTests {
    static let configs = zip(
        Gen.int(in: 0...8), Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.bool, Gen.double(in: 0...1)
    ).map { origin, shape, window, flags, ratio -> StaggerConfig in
        var config = try! StaggerConfig(spread: flags ? .each(0.013) : .amount(0.7))
        config.from =
            [
                StaggerConfig.Origin.first, .last, .center, .edges, .index(3), .ratio(ratio),
                .ratios(x: ratio, y: 1 - ratio),
                .point(x: 1.5, y: 2.25), .random(seed: 11)
            ][origin]
        if shape >= 2 { config.grid = StaggerConfig.Grid(columns: 7, rows: 200, axis: shape == 3 ? .y : nil) }
        config.distribution = [Easing.linear, .easeInOut, .easeOutCubic, .linear][shape]
        config.isReversed = flags && shape == 1
        config.normalization = window % 2 == 0 ? .fromOrigin : .fromNearestItem
        if window >= 2 {
            config.visibleWindow = StaggerConfig.VisibleWindow(
                4..<40, offscreen: window == 2 ? .immediately : .withWindowEdge)
        }
        if origin == 8 { config.maxDelay = 0.3 }
        return config
    }

    @Test func everyItemHasItsOwnDelay() async {
        await checkProperty(count: 200, input: Self.configs, Gen.int(in: 0...700)) { config, count in
            guard (try? config.validate(count: count)) != nil else { return }
            let all = try config.referenceDelays(count: count)
            for index in 0..<count {
                let one = try config.delay(for: index, of: count)
                #expect(all[index].bitPattern == one.bitPattern, "\(config) item \(index) of \(count)")
            }
        }
    }
}
