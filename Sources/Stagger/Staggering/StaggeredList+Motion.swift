// The motion a list has in flight: where each item's elapsed time and endpoints come
// from, with its curve and kernel passes.

extension StaggeredList {
    /// The motion in flight: the curve it was started with, where each item's elapsed
    /// time and endpoints come from, and when every item is at rest.
    struct Motion: Sendable {
        enum Source: Sendable {
            /// Every item moves between the same endpoints; delays from a closed form.
            case closedForm(from: Float, to: Float, config: StaggerConfig)
            /// Every item moves between the same endpoints; delays stored per item.
            case delays(from: Float, to: Float, delays: [Float])
            /// Each item is a lane of one ``LaneAnimation`` (one segment, run by
            /// ``Motion/curve``): its own motions, interrupted by that engine's rule.
            case lanes(LaneAnimation)
            /// A uniform motion that shows and hides under its own easing interrupted:
            /// its items' delays and the changes of target each interruption added.
            case interrupted(InterruptedListMotion)
            /// A uniform motion that shows and hides under its own spring interrupted:
            /// where each item's motion starts and when it comes to rest.
            case springs(SpringListMotion)
        }

        var source: Source
        /// The curve every item runs: fixed when the transition starts, so that a
        /// change of ``StaggeredList/config`` applies from the next transition only.
        /// Under reduced motion, the fade.
        let curve: Curve
        /// Whether the transition started under reduced motion: then tracks that jump
        /// run ``ReducedMotion/jump`` instead of ``curve``.
        let isReduced: Bool
        /// Seconds after the transition at which every item is at rest.
        let settlingOffset: Double
        /// The kernel pass of `curve` over a uniform source, made once per transition
        /// (lanes sample through their engine's own).
        let pass: KernelPass
        /// Under reduced motion, the pass of ``ReducedMotion/jump`` for tracks that jump.
        let jumpPass: KernelPass?

        /// Whether every item moves between the same endpoints (not a lane animation),
        /// and those endpoints differ.
        var movesUniformly: Bool {
            switch source {
            case .closedForm(let from, let to, _), .delays(let from, let to, _): from != to
            case .lanes, .interrupted, .springs: false
            }
        }

        /// `source` run by `curve` from the transition at `transition` (seconds on the
        /// caller's clock; uniform sources count from it), with its settling offset and
        /// kernel passes derived from both.
        ///
        /// - Throws: the config's errors; ``StaggerError/curve(_:)`` for a curve the
        ///   kernel cannot run (``CurveError/exceedsFloat32Range(name:value:)``).
        init(_ source: Source, curve: Curve, count: Int, isReduced: Bool = false, since transition: Double = 0)
            throws(StaggerError)
        {
            var config: StaggerConfig?
            if case .closedForm(_, _, let order) = source { config = order }
            let passes = try Self.passes(curve: curve, staggeredBy: config, count: count, isReduced: isReduced)
            var settlingOffset = 0.0
            // No items, nothing to move.
            if count > 0 {
                switch source {
                case .closedForm(let from, let to, let config):
                    settlingOffset = from == to ? 0 : (try Motion.largestDelay(config, count: count)) + curve.duration
                case .delays(let from, let to, let delays):
                    settlingOffset = from == to ? 0 : Double(DelayColumn.largest(of: delays) ?? 0) + curve.duration
                case .lanes(let engine):
                    settlingOffset = Self.settlingOffset(of: engine, since: transition)
                case .interrupted(let interrupted):
                    settlingOffset = max(interrupted.settleTime - transition, 0)
                case .springs(let springs):
                    settlingOffset = max(springs.settleTime - transition, 0)
                }
            }
            self.init(source, curve: curve, isReduced: isReduced, settlingOffset: settlingOffset, passes: passes)
        }

        /// `engine` as a motion run by `curve` (its segment's) from the transition at
        /// `transition`, with `passes` made beforehand: nothing left to throw, so that a
        /// caller can change the engine in place after everything that may throw.
        init(
            lanes engine: LaneAnimation, curve: Curve, isReduced: Bool, since transition: Double,
            passes: (pass: KernelPass, jump: KernelPass?)
        ) {
            self.init(
                .lanes(engine), curve: curve, isReduced: isReduced,
                settlingOffset: Self.settlingOffset(of: engine, since: transition), passes: passes)
        }

        /// An interrupted list's motion run by `curve` from the transition at
        /// `transition`, with `passes` made beforehand (nothing left to throw).
        init(
            interrupted: InterruptedListMotion, curve: Curve, since transition: Double,
            passes: (pass: KernelPass, jump: KernelPass?)
        ) {
            self.init(
                .interrupted(interrupted), curve: curve, isReduced: false,
                settlingOffset: max(interrupted.settleTime - transition, 0), passes: passes)
        }

        /// A spring list's motion run by `curve` from the transition at `transition`,
        /// with `passes` made beforehand (nothing left to throw).
        init(
            springs: SpringListMotion, curve: Curve, since transition: Double,
            passes: (pass: KernelPass, jump: KernelPass?)
        ) {
            self.init(
                .springs(springs), curve: curve, isReduced: false,
                settlingOffset: max(springs.settleTime - transition, 0), passes: passes)
        }

        /// Whether the items are lanes of the engine.
        var isLanes: Bool {
            if case .lanes = source { true } else { false }
        }

        private init(
            _ source: Source, curve: Curve, isReduced: Bool, settlingOffset: Double,
            passes: (pass: KernelPass, jump: KernelPass?)
        ) {
            self.source = source
            self.curve = curve
            self.isReduced = isReduced
            self.settlingOffset = settlingOffset
            pass = passes.pass
            jumpPass = passes.jump
        }

        /// The kernel passes of a motion run by `curve` (and, under reduced motion, the
        /// jump), staggered by `config` when given.
        ///
        /// - Throws: ``StaggerError/curve(_:)`` for a curve the kernel cannot run.
        static func passes(
            curve: Curve, staggeredBy config: StaggerConfig? = nil, count: Int = 0, isReduced: Bool
        ) throws(StaggerError) -> (pass: KernelPass, jump: KernelPass?) {
            do {
                let pass = try KernelPass(curve: curve, listDelays: config?.listDelays(count: count))
                let jump =
                    isReduced
                    ? try KernelPass(curve: ReducedMotion.jump, listDelays: config?.listDelays(count: count)) : nil
                return (pass, jump)
            } catch {
                throw StaggerError(error)
            }
        }

        /// Seconds from `transition` until every lane of `engine` that goes anywhere has
        /// ended its latest motion (0 when none ends after it).
        static func settlingOffset(of engine: LaneAnimation, since transition: Double) -> Double {
            var last = transition
            for lane in 0..<engine.laneCount where !engine.goesNowhere(lane: lane) {
                last = max(last, engine.end(ofLane: lane))
            }
            return last - transition
        }

        /// The largest delay of `count` items under `config` (the kernel's delays).
        static func largestDelay(_ config: StaggerConfig, count: Int) throws(StaggerError) -> Double {
            guard count > 0 else { return config.baseDelay }
            return Double(DelayColumn.largest(of: try config.delays(count: count)) ?? 0)
        }
    }
}
