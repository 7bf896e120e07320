import Foundation

/// How reports print figures: about three significant digits (`4.21 µs`,
/// `42.1 µs`, `421 µs`), whole numbers without decimals (`50 ms`), ratios glued
/// to their `x` (`293.9x`).
enum BenchFormat {
    static func number(_ v: Double) -> String {
        if !v.isFinite { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        let magnitude = abs(v)
        let text: String
        if magnitude >= 100 {
            text = String(format: "%.0f", v)
        } else if magnitude >= 10 {
            text = String(format: "%.1f", v)
        } else {
            text = String(format: "%.2f", v)
        }
        return text == "-0" ? "0" : text
    }

    static func value(_ v: Double, unit: String) -> String {
        unit == "x" ? number(v) + "x" : number(v) + " " + unit
    }

    /// A whole count with thousands separated: `1,000,000`.
    static func count(_ n: Int) -> String {
        var out = ""
        for (i, c) in String(n).reversed().enumerated() {
            if i > 0 && i % 3 == 0 && c != "-" { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    static func micros(_ v: Double) -> String { value(v, unit: "µs") }
    static func millis(_ v: Double) -> String { value(v, unit: "ms") }
}
