import Stagger
import Testing

/// The curve grammar shared by staggerbench and configuration files.
@Suite struct CurveParsingTests {
    @Test func everyNamedEasingParses() throws {
        for easing in Easing.allNamed {
            let curve = try Curve(parsing: easing.description, duration: 0.35)
            #expect(curve == (try Curve.easing(easing, duration: 0.35)))
        }
    }

    @Test func descriptionsParseBack() throws {
        let curves: [Curve] = [
            try .easing(.cubicBezier(0.68, -0.6, 0.32, 1.6), duration: 1),
            try .easing(.steps(4, .jumpNone), duration: 1),
            try .easing(.steps(3), duration: 1),
            try .spring(duration: 0.5, bounce: 0.3, initialVelocity: -1.5),
            try .interpolatingSpring(mass: 2, stiffness: 120, damping: 9),
            .snappy, .spring, .interactiveSpring()
        ]
        for curve in curves {
            let parsed = try Curve(parsing: curve.description, duration: 1)
            guard case .spring(let a, let va) = parsed.kind, case .spring(let b, let vb) = curve.kind else {
                #expect(parsed == curve, "\(curve.description)")
                continue
            }
            // Springs print mass, stiffness and damping; allow the last-digit rounding.
            #expect(abs(a.stiffness - b.stiffness) <= 1e-9 * b.stiffness, "\(curve.description)")
            #expect(abs(a.damping - b.damping) <= 1e-9 * max(b.damping, 1), "\(curve.description)")
            #expect(abs(a.mass - b.mass) <= 1e-12 && va == vb, "\(curve.description)")
        }
    }

    @Test func springFormsMatchTheirInitialisers() throws {
        #expect(
            try Curve(parsing: "spring(response: 0.4, dampingFraction: 0.7)")
                == (try .spring(response: 0.4, dampingFraction: 0.7)))
        #expect(
            try Curve(parsing: "spring( duration:0.5 , bounce: 0.3 , initialVelocity: 2 )")
                == (try .spring(duration: 0.5, bounce: 0.3, initialVelocity: 2)))
        #expect(
            try Curve(parsing: "spring(mass: 1, stiffness: 100, damping: 10)")
                == (try .interpolatingSpring(mass: 1, stiffness: 100, damping: 10)))
        #expect(
            try Curve(parsing: "bouncy(duration: 0.6, extraBounce: 0.1)")
                == (try .bouncy(duration: 0.6, extraBounce: 0.1)))
        #expect(try Curve(parsing: "steps(5, start)") == (try .easing(.steps(5, .jumpStart), duration: 1)))
    }

    @Test(arguments: [
        "", "wobble", "easeIn(1)", "cubicBezier(0.1, 0.2, 0.3)", "cubicBezier(0.1, 0.2, 0.3, x)",
        "steps(2.5)", "steps(4, sideways)", "spring(response: 0.5)", "spring(0.5, 0.8)",
        "spring(response: 0.5, response: 0.6)", "smooth(bounce: 0.2)", "linear)", "spring(duration: 0.5"
    ])
    func malformedTextIsRejected(text: String) {
        #expect(throws: CurveError.self) { try Curve(parsing: text) }
    }
}
