/// Positions and distances of a list or grid, shared by the reference and the kernel
/// descriptors so both measure from the same origin.
struct LayoutGeometry {
    let columns: Int
    let rows: Int
    let originX: Double
    let originY: Double
    let axis: StaggerConfig.Axis?
    let metric: StaggerConfig.DistanceMetric
    let inverted: Bool
    let count: Int

    init(config: StaggerConfig, count: Int) {
        self.count = count
        let columns = config.grid?.columns ?? max(count, 1)
        let rows = config.grid?.rows ?? 1
        self.columns = columns
        self.rows = rows
        axis = config.grid?.axis
        metric = config.grid?.metric ?? .euclidean
        let usedRows = count > 0 ? (count - 1) / columns + 1 : 1
        let last = max(count - 1, 0)
        func cell(_ index: Int) -> (Double, Double) {
            (Double(index % columns), Double(index / columns))
        }
        let centre = (Double(min(columns, max(count, 1)) - 1) / 2, Double(usedRows - 1) / 2)
        switch config.from {
        case .first, .random: (originX, originY) = (0, 0)
        case .last: (originX, originY) = cell(last)
        case .center, .edges: (originX, originY) = config.grid == nil ? (Double(last) / 2, 0) : centre
        case .index(let index): (originX, originY) = cell(min(index, last))
        case .ratio(let ratio):
            (originX, originY) =
                config.grid == nil
                ? (ratio * Double(last), 0)
                : (ratio * Double(min(columns, max(count, 1)) - 1), ratio * Double(usedRows - 1))
        case .ratios(let x, let y):
            (originX, originY) =
                config.grid == nil
                ? (x * Double(last), 0)
                : (x * Double(min(columns, max(count, 1)) - 1), y * Double(usedRows - 1))
        case .point(let x, let y):
            (originX, originY) = config.grid == nil ? (x, 0) : (x, y)
        }
        if case .edges = config.from { inverted = true } else { inverted = false }
    }

    func distance(ofCellX x: Double, y: Double) -> Double {
        Self.distance(dx: abs(x - originX), dy: abs(y - originY), metric: metric, axis: axis)
    }

    /// The distance of offsets |dx|, |dy| under `metric`, or along `axis` only (grids
    /// and staggers over positions measure alike).
    static func distance(dx: Double, dy: Double, metric: StaggerConfig.DistanceMetric, axis: StaggerConfig.Axis?)
        -> Double
    {
        switch axis {
        case .x: return dx
        case .y: return dy
        case nil:
            switch metric {
            case .euclidean: return (dx * dx + dy * dy).squareRoot()
            case .manhattan: return dx + dy
            case .chebyshev: return max(dx, dy)
            }
        }
    }

    func distance(of index: Int) -> Double {
        distance(ofCellX: Double(index % columns), y: Double(index / columns))
    }

    /// The smallest distance from the origin among the items (before any inversion):
    /// in the full rows and in the partial last row, the cell nearest the origin is the
    /// origin rounded and clamped into that block on each axis, since every metric
    /// grows with |dx| and with |dy|.
    var nearestDistance: Double {
        guard count > 0 else { return 0 }
        func nearest(columns: Int, rows: ClosedRange<Int>) -> Double {
            let x = min(max(originX.rounded(), 0), Double(columns - 1))
            let y = min(max(originY.rounded(), Double(rows.lowerBound)), Double(rows.upperBound))
            return distance(ofCellX: x, y: y)
        }
        let fullRows = count / columns, rest = count % columns
        var smallest = Double.infinity
        if fullRows > 0 { smallest = nearest(columns: columns, rows: 0...(fullRows - 1)) }
        if rest > 0 { smallest = min(smallest, nearest(columns: rest, rows: fullRows...fullRows)) }
        return smallest
    }

    /// The largest distance among the items: at a corner of the full rows or of the
    /// partial last row, since every metric is convex.
    var maximumDistance: Double {
        guard count > 0 else { return 0 }
        let fullRows = count / columns, rest = count % columns
        var largest = 0.0
        if fullRows > 0 {
            let right = Double(columns - 1), bottom = Double(fullRows - 1)
            largest = max(
                max(distance(ofCellX: 0, y: 0), distance(ofCellX: right, y: 0)),
                max(distance(ofCellX: 0, y: bottom), distance(ofCellX: right, y: bottom)))
        }
        if rest > 0 {
            let row = Double(fullRows)
            largest = max(largest, max(distance(ofCellX: 0, y: row), distance(ofCellX: Double(rest - 1), y: row)))
        }
        return largest
    }
}
