import Foundation
import Stagger
import Testing

/// Curves, easings and stagger configs survive JSON (issue 21: Codable), in the curve
/// grammar, and bad JSON is refused with the curve's own error.
@Suite struct CodableTests {
    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func curvesRoundTrip() throws {
        let curves: [Curve] = [
            .snappy, .bouncy, .smooth, .fastDecay, .easeInOut,
            try .easing(.easeOutBack, duration: 0.5),
            try .easing(.cubicBezier(0.1, -0.5, 0.9, 1.5), duration: 0.25),
            try .easing(.steps(4, .jumpNone), duration: 2),
            try .interpolatingSpring(mass: 2, stiffness: 123.5, damping: 7.25, initialVelocity: -1.5),
            try .decay(frictionRate: 4)
        ]
        for curve in curves {
            #expect(try roundTrip(curve) == curve, "\(curve)")
        }
        let json = String(
            decoding: try JSONEncoder().encode(try Curve.easing(.easeOutBack, duration: 0.5)), as: UTF8.self)
        #expect(json.contains("\"curve\":\"easeOutBack\"") && json.contains("\"duration\":0.5"), "\(json)")
        #expect(try roundTrip(Easing.easeInOutCubic) == .easeInOutCubic)
    }

    @Test func configsRoundTrip() throws {
        var config = try StaggerConfig(
            spread: .amount(0.6), curve: .bouncy, from: .random(seed: 7),
            grid: .init(columns: 4, rows: 5, axis: .x, metric: .chebyshev), maxDelay: 0.4)
        config.distribution = .easeInQuad
        config.visibleWindow = .init(2..<9, offscreen: .withWindowEdge)
        #expect(try roundTrip(config) == config)
        #expect(try roundTrip(StaggerConfig.standard) == .standard)
        config.normalization = .fromNearestItem
        #expect(try roundTrip(config) == config)
        // JSON written before the normalisation existed: it means the default.
        var object =
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(StaggerConfig.standard)) as! [String: Any]
        #expect(object.removeValue(forKey: "normalization") as? String == "fromOrigin")
        let older = try JSONDecoder().decode(
            StaggerConfig.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(older == .standard)
    }

    @Test func badJSONIsRefusedWithTheCurveError() throws {
        let bad = Data(#"{"curve": "spring(mass: 1, stiffness: -5, damping: 1, initialVelocity: 0)"}"#.utf8)
        #expect {
            _ = try JSONDecoder().decode(Curve.self, from: bad)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("stiffness = -5")
        }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(Easing.self, from: Data(#""wobble""#.utf8)) }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(Easing.self, from: Data(#""snappy""#.utf8)) }
    }
}

/// Configurations as a person writes them: keys left out take Swift's
/// defaults, enums read as spoken, curves in their text form.
@Suite struct HandWrittenJSONTests {
    func decode(_ json: String) throws -> StaggerConfig {
        try JSONDecoder().decode(StaggerConfig.self, from: Data(json.utf8))
    }

    @Test func aConfigWrittenByHand() throws {
        #expect(try decode("{}") == (try StaggerConfig()))
        let written = try decode(
            #"""
            {"spread": {"each": 0.05}, "from": "center", "curve": {"curve": "snappy"},
             "grid": {"columns": 4, "rows": 3}, "visibleWindow": {"range": [2, 9]}}
            """#)
        var swift = try StaggerConfig(
            spread: .each(0.05), curve: .snappy, from: .center, grid: .init(columns: 4, rows: 3))
        swift.visibleWindow = .init(2..<9)
        #expect(written == swift)
        #expect(try decode(#"{"spread": {"amount": 0.6}, "from": {"random": {"seed": 7}}}"#).from == .random(seed: 7))
        #expect(try decode(#"{"from": {"ratios": {"x": 0.2, "y": 0.9}}}"#).from == .ratios(x: 0.2, y: 0.9))
        #expect(try decode(#"{"from": {"index": 3}, "distribution": "easeInQuad"}"#).distribution == .easeInQuad)
        #expect(throws: DecodingError.self) { try decode(#"{"from": "middle"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"spread": {"each": 0.05, "amount": 1}}"#) }
    }

    @Test func enumsAreWrittenAsSpoken() throws {
        var config = try StaggerConfig(spread: .each(0.05), from: .center)
        var json = String(decoding: try JSONEncoder().encode(config), as: UTF8.self)
        #expect(json.contains(#""spread":{"each":0.05}"#) && json.contains(#""from":"center""#), "\(json)")
        config.from = .point(x: 1.5, y: 2)
        json = String(decoding: try JSONEncoder().encode(config), as: UTF8.self)
        #expect(json.contains(#""point":{"#) && !json.contains("_0"), "\(json)")
    }
}
