import Foundation

/// Axis scale: how data values map to positions.
public enum AxisScale: Sendable, Equatable {
    case linear
    /// Base-10 logarithmic; data must be positive.
    case logarithmic
}

/// Tick positions and labels for an axis.
public struct AxisTicks: Sendable, Equatable {
    public var domain: ClosedRange<Double>
    public var major: [Double]
    public var labels: [String]
    public var minor: [Double]

    /// "Nice" ticks (steps of 1, 2, 2.5 or 5 × 10ᵏ) covering `data`, about `target` of them.
    /// With `expand` the domain grows outward to whole ticks; with `wholeNumbers` (counts) no
    /// step is below 1 or a non-integer such as 2.5.
    public static func linear(_ data: ClosedRange<Double>, target: Int = 6, expand: Bool = true, wholeNumbers: Bool = false) -> AxisTicks {
        var low = data.lowerBound, high = data.upperBound
        if !(high > low) {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            low -= pad
            high += pad
        }
        var step = niceStep((high - low) / Double(max(target, 2)))
        if wholeNumbers { step = max(1, step.rounded(.down)) }  // 0.5 → 1, 2.5 → 2
        if expand {
            low = (low / step).rounded(.down) * step
            high = (high / step).rounded(.up) * step
        }
        var major: [Double] = []
        var value = (low / step).rounded(.up) * step
        while value <= high + step * 1e-9 {
            major.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        let decimals = max(0, Int((-log10(step)).rounded(.up)) + (isHalfStep(step) ? 1 : 0))
        let labels = major.map { format($0, decimals: decimals) }
        return AxisTicks(domain: low...high, major: major, labels: labels, minor: [])
    }

    /// Decade ticks (labelled 10ᵏ) with minor ticks at 2…9 × 10ᵏ, covering positive `data`.
    public static func logarithmic(_ data: ClosedRange<Double>) -> AxisTicks {
        let low = pow(10, log10(max(data.lowerBound, 1e-300)).rounded(.down))
        var high = pow(10, log10(max(data.upperBound, data.lowerBound)).rounded(.up))
        if high <= low { high = low * 10 }
        var major: [Double] = [], minor: [Double] = []
        var decade = low
        while decade <= high * (1 + 1e-9) {
            major.append(decade)
            for factor in 2...9 where decade * Double(factor) < high { minor.append(decade * Double(factor)) }
            decade *= 10
        }
        let labels = major.map { "10" + superscript(Int(log10($0).rounded())) }
        return AxisTicks(domain: low...high, major: major, labels: labels, minor: minor)
    }

    /// Ticks on a logarithmic axis with fixed `limits` (positive): the domain is the limits,
    /// not whole decades, so a narrow range fills the axis. Spans up to two decades get ticks at
    /// 1, 2 and 5 × 10ᵏ labelled as plain numbers ("0.2", "5"); wider ones decades (10ᵏ).
    public static func logarithmic(limits: ClosedRange<Double>) -> AxisTicks {
        let low = max(limits.lowerBound, 1e-300), high = max(limits.upperBound, low * 1.0001)
        let decades = log10(high / low)
        let factors: [Double] = decades <= 2 ? [1, 2, 5] : [1]
        var major: [Double] = []
        for exponent in Int(log10(low).rounded(.down))...Int(log10(high).rounded(.up)) {
            let decade = pow(10, Double(exponent))
            for factor in factors where (low...high).contains(decade * factor) { major.append(decade * factor) }
        }
        let labels = major.map { value -> String in
            guard decades <= 2 else { return "10" + superscript(Int(log10(value).rounded())) }
            let decimals = max(0, Int((-log10(value)).rounded(.up)))
            return format(value, decimals: decimals)
        }
        return AxisTicks(domain: low...high, major: major, labels: labels, minor: [])
    }

    static func niceStep(_ raw: Double) -> Double {
        let magnitude = pow(10, log10(raw).rounded(.down))
        let fraction = raw / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        return nice * magnitude
    }

    static func isHalfStep(_ step: Double) -> Bool {
        let mantissa = step / pow(10, log10(step).rounded(.down))
        return abs(mantissa - 2.5) < 1e-9
    }

    /// Fixed decimals, no negative zero, "−" as minus sign.
    public static func format(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if Double(text) == 0 { text = String(format: "%.\(decimals)f", 0.0) }
        return text.replacingOccurrences(of: "-", with: "−")
    }

    static func superscript(_ exponent: Int) -> String {
        let digits: [Character: Character] = [
            "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹", "-": "⁻",
        ]
        return String(String(exponent).map { digits[$0] ?? $0 })
    }
}

/// Maps data values of one axis onto pixel positions.
struct ScaleMapping {
    let scale: AxisScale
    let domain: ClosedRange<Double>
    let pixels: ClosedRange<Double>
    /// Pixels grow downward on screen; y axes map the domain's top to the smaller pixel.
    let inverted: Bool

    func position(_ value: Double) -> Double {
        let fraction: Double
        switch scale {
        case .linear:
            fraction = (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        case .logarithmic:
            let low = log10(domain.lowerBound), high = log10(domain.upperBound)
            fraction = (log10(max(value, 1e-300)) - low) / (high - low)
        }
        let f = inverted ? 1 - fraction : fraction
        return pixels.lowerBound + f * (pixels.upperBound - pixels.lowerBound)
    }
}
