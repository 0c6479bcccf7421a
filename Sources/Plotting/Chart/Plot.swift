/// One axis of a cartesian plot.
public struct ChartAxis: Sendable {
    /// Label including the unit, e.g. "time (s)".
    public var label: String
    public var scale: AxisScale
    /// Fixed limits; automatic (nice ticks around the data; whole decades on a log scale) when
    /// `nil`.
    public var limits: ClosedRange<Double>?
    /// Keep 0 inside the automatic range (bars, errors).
    public var includesZero: Bool
    /// Categorical labels at integer positions 0, 1, 2, … (bar charts).
    public var categories: [String]?
    /// Values grow the other way (downward on a y axis, like image rows).
    public var reversed: Bool
    /// Major ticks at these values instead of automatic ones (e.g. every 90° of a circle);
    /// used together with `limits`.
    public var ticks: [Double]?
    /// The values are counts: automatic ticks fall on whole numbers only.
    public var wholeNumbers: Bool

    public init(
        _ label: String, scale: AxisScale = .linear, limits: ClosedRange<Double>? = nil, includesZero: Bool = false, categories: [String]? = nil,
        reversed: Bool = false, ticks: [Double]? = nil, wholeNumbers: Bool = false
    ) {
        self.label = label
        self.scale = scale
        self.limits = limits
        self.includesZero = includesZero
        self.categories = categories
        self.reversed = reversed
        self.ticks = ticks
        self.wholeNumbers = wholeNumbers
    }

    /// An angle axis over a full circle: 0…360° with ticks every 90°.
    public static func fullCircle(_ label: String) -> ChartAxis {
        ChartAxis(label, limits: 0...360, ticks: [0, 90, 180, 270, 360])
    }
}

/// How a series is drawn.
public enum SeriesStyle: Sendable {
    case line(width: Double = 1.6, dash: [Double] = [])
    /// Filled circles.
    case markers(radius: Double = 2.5)
    case lineAndMarkers(width: Double = 1.6, radius: Double = 2.5)
    /// Horizontal steps (value holds until the next x).
    case steps(width: Double = 1.6)
    /// Vertical bars centred at x + offset, `width` in x units, from 0 (or the axis bottom).
    case bars(width: Double, offset: Double = 0)
}

/// A named set of (x, y) points.
public struct Series: Sendable {
    public var name: String?
    public var color: Color
    public var x: [Double]
    public var y: [Double]
    public var style: SeriesStyle
    /// Optional error bar half-heights (same count as y), drawn for markers and bars.
    public var errors: [Double]?
    /// Optional error bar half-widths along x (same count as x), drawn for markers.
    public var xErrors: [Double]?

    public init(
        _ name: String?, color: Color, x: [Double], y: [Double], style: SeriesStyle = .line(), errors: [Double]? = nil, xErrors: [Double]? = nil
    ) {
        precondition(x.count == y.count, "series \(name ?? "") has \(x.count) x and \(y.count) y values")
        precondition(errors.map { $0.count == y.count } ?? true && xErrors.map { $0.count == x.count } ?? true, "series \(name ?? ""): error counts")
        self.name = name
        self.color = color
        self.x = x
        self.y = y
        self.style = style
        self.errors = errors
        self.xErrors = xErrors
    }
}

/// A shaded interval across the plot: of x (a disturbance window, a flood, a gap) or of y (the
/// values a constraint rules out).
public struct Band: Sendable {
    public enum Axis: Sendable { case x, y }
    public var range: ClosedRange<Double>
    public var color: Color
    public var label: String?
    public var axis: Axis
    public init(_ range: ClosedRange<Double>, color: Color, label: String? = nil, axis: Axis = .x) {
        self.range = range
        self.color = color
        self.label = label
        self.axis = axis
    }
}

/// A straight reference line across the plot.
public struct ReferenceLine: Sendable {
    public enum Orientation: Sendable { case horizontal, vertical }
    public var value: Double
    public var orientation: Orientation
    public var color: Color
    public var label: String?
    public var dash: [Double]
    public init(_ value: Double, _ orientation: Orientation, color: Color = Palette.frame, label: String? = nil, dash: [Double] = [5, 3]) {
        self.value = value
        self.orientation = orientation
        self.color = color
        self.label = label
        self.dash = dash
    }
}

public enum LegendPosition: Sendable {
    /// The corner where the legend hides the fewest data points and labels.
    case automatic
    case none, topRight, topLeft, bottomRight, bottomLeft
}

/// Where an annotation's text goes relative to its point.
public enum AnnotationPlacement: Sendable {
    /// Right of the point (left of it when the text would leave the plot), its baseline 4 px
    /// above the point.
    case besidePoint
    /// Centred above the point (a bar's value at the top of the bar).
    case above
    /// The nearest place around the point that covers no other label, marker, error bar,
    /// line or the legend-free plot edge; joined to its point by a thin line when it had to
    /// move away (`CartesianRenderer.annotationPlacements`). For labels of scattered points.
    case clearOfData
}

/// A text label at a data position.
public struct Annotation: Sendable {
    public var x: Double
    public var y: Double
    public var text: String
    public var color: Color
    public var placement: AnnotationPlacement
    public init(x: Double, y: Double, text: String, color: Color = Palette.text, placement: AnnotationPlacement = .besidePoint) {
        self.x = x
        self.y = y
        self.text = text
        self.color = color
        self.placement = placement
    }
}

/// A cartesian plot: axes, series, bands, reference lines, legend.
public struct CartesianPlot: Sendable {
    public var title: String?
    public var xAxis: ChartAxis
    public var yAxis: ChartAxis
    public var series: [Series]
    public var bands: [Band]
    public var lines: [ReferenceLine]
    public var legend: LegendPosition
    public var annotations: [Annotation]
    /// Keep one data unit the same length on both axes (for maps and images).
    public var equalAspect: Bool

    public init(
        title: String? = nil, x: ChartAxis, y: ChartAxis, series: [Series], bands: [Band] = [], lines: [ReferenceLine] = [],
        legend: LegendPosition = .automatic, annotations: [Annotation] = [], equalAspect: Bool = false
    ) {
        self.annotations = annotations
        self.equalAspect = equalAspect
        self.title = title
        xAxis = x
        yAxis = y
        self.series = series
        self.bands = bands
        self.lines = lines
        self.legend = legend
    }
}
