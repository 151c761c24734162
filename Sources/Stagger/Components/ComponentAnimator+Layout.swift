extension ComponentAnimator {
    /// Where a component animator keeps each element's properties among its lanes:
    /// elements in name order, each with its properties in name order and the lanes they
    /// hold (the engine's lanes run in that order), and an index by element name.
    ///
    /// Made from a state when the animator starts and whenever a transition brings an
    /// element or a property the component did not have; every other transition (two
    /// states of the same elements, the common case) keeps it as it is, so that a tap
    /// sorts no names and rebuilds no table. A property is found by one hash of its
    /// element's name and a scan of that element's few property names, where a table
    /// keyed by both names hashed two strings per read.
    struct Layout: Sendable {
        /// One property: its name, type, lanes, and whether its values are fractions of
        /// 0…1 (``ComponentAnimator/isFraction(_:type:)``, decided once here rather than
        /// on every read).
        struct Property: Sendable {
            let name: String
            let type: ObjectIdentifier
            let lanes: Range<Int>
            let isFraction: Bool
        }

        /// One element: its name and its properties, in name order.
        struct Element: Sendable {
            let name: String
            let properties: [Property]

            /// The property called `name`, if the element has it: a scan with `==`,
            /// which compares short names by their bits, where the binary search's `<`
            /// orders strings by Unicode's rules (it made a frame of reads slower than
            /// the table keyed by both names).
            func property(named name: String) -> Property? { index(named: name).map { properties[$0] } }

            /// The position of the property called `name` among ``properties``.
            func index(named name: String) -> Int? {
                // An index loop: iterating the array itself allocated in a debug build.
                for k in properties.indices where properties[k].name == name { return k }
                return nil
            }
        }

        /// Every element, in name order.
        let elements: [Element]
        /// Each element's position in ``elements``, by name.
        private let positions: [String: Int]
        /// Lanes of every property of every element.
        let laneCount: Int

        /// The layout of `state`'s elements and properties.
        init(_ state: ComponentState) {
            var elements: [Element] = []
            var positions: [String: Int] = [:]
            elements.reserveCapacity(state.elements.count)
            positions.reserveCapacity(state.elements.count)
            var lane = 0
            for name in state.elements.keys.sorted() {
                let values = state.elements[name]!
                var properties: [Property] = []
                properties.reserveCapacity(values.propertyNames.count)
                for property in values.propertyNames {
                    let entry = values.entries[property]!
                    properties.append(
                        Property(
                            name: property, type: entry.type, lanes: lane..<lane + entry.components.count,
                            isFraction: ComponentAnimator.isFraction(property, type: entry.type)))
                    lane += entry.components.count
                }
                positions[name] = elements.count
                elements.append(Element(name: name, properties: properties))
            }
            self.elements = elements
            self.positions = positions
            laneCount = lane
        }

        /// The position of element `name` in ``elements``, if the layout has it.
        func position(of name: String) -> Int? { positions[name] }

        /// Where property `property` of element `element` is: its element's position in
        /// ``elements`` and its own among the element's properties.
        func find(_ property: String, of element: String) -> (position: Int, index: Int)? {
            guard let position = positions[element], let index = elements[position].index(named: property) else {
                return nil
            }
            return (position, index)
        }

        /// Every lane's value in `state`, which has this layout's elements and
        /// properties.
        func values(of state: ComponentState) -> [Double] {
            var values = [Double](repeating: 0, count: laneCount)
            for element in elements {
                let entries = state.elements[element.name]!.entries
                for property in element.properties {
                    values.replaceSubrange(property.lanes, with: entries[property.name]!.components)
                }
            }
            return values
        }
    }
}
