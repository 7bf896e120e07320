import Foundation
import LayoutKit
import Testing
@testable import StkBench

/// The report's shape: JSON fields and the text table's rows and columns.
@Suite struct BenchReportTests {
    private func result() throws -> BenchResult { try BenchRunnerTests.stickyRun.get() }

    private func object(_ json: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(value as? [String: Any])
    }

    @Test func jsonCarriesEveryFigure() throws {
        let r = try result()
        let json = BenchReport.json([r])
        #expect(!json.contains("\n"))
        let top = try object(json)
        #expect(Array(top.keys) == ["results"])
        let results = try #require(top["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let first = results[0]
        #expect(Set(first.keys) == [
            "label", "configuration", "totalItems", "contentSize", "scrollAxis", "setupMillis", "coldPrepareMillis",
            "firstLayoutPassMillis", "initialVisible", "scroll", "fullInvalidation", "fullInvalidationRatio", "resize",
            "batchUpdates", "peakResidentMB", "peakResidentSource", "residentAtStartMB", "samples", "cutByTimeBudget",
        ])
        // No budget, nothing cut.
        #expect(first["cutByTimeBudget"] as? [String] == [])
        #expect(first["label"] as? String == "test-sticky-flow 10x6 uniform 100x50")
        #expect(first["totalItems"] as? Int == 60)
        #expect(first["contentSize"] as? [Double] == [300, 1500])
        #expect(first["scrollAxis"] as? String == "vertical")
        #expect((first["coldPrepareMillis"] as? Double).map { $0 > 0 } == true)
        #expect((first["fullInvalidationRatio"] as? Double) != nil)

        let scroll = try #require(first["scroll"] as? [String: Any])
        #expect(Set(scroll.keys) == [
            "count", "medianMicros", "p99Micros", "meanMicros", "minMicros", "maxMicros", "invalidatedElementsMedian",
            "invalidatedElementsMax", "invalidatingEverything", "attributesCreatedMedian", "attributesCreatedMax",
            "elementsTouchedMedian", "elementsTouchedMax", "sectionsComputedMedian", "sectionsComputedMax", "visibleMedian",
            "inViewportMedian", "prepareCallsMedian", "prepareCallsMax", "phaseMicrosMedian",
        ])
        #expect(scroll["count"] as? Int == 8)
        #expect(scroll["invalidatedElementsMax"] as? Int == 3)
        #expect(scroll["attributesCreatedMax"] as? Int == 14)
        let full = try #require(first["fullInvalidation"] as? [String: Any])
        #expect(full["invalidatingEverything"] as? Int == 4)

        let configuration = try #require(first["configuration"] as? [String: Any])
        #expect(configuration["layout"] as? String == "test-sticky-flow")
        #expect(configuration["sections"] as? Int == 10)
        #expect(configuration["itemsPerSection"] as? Int == 6)
        #expect(configuration["sizes"] as? String == "uniform")
        #expect(configuration["itemSize"] as? [Double] == [100, 50])
        #expect(configuration["boundsSize"] as? [Double] == [300, 200])
        #expect(configuration["resizeTo"] as? [Double] == [200, 300])
        #expect(configuration["scrollAxis"] as? String == "auto")
        #expect(configuration["steps"] as? Int == 8)
        #expect(configuration["fullInvalidationSteps"] as? Int == 4)
        #expect(configuration["options"] as? [String: String] == ["headerSize": "300x50", "minimumInteritemSpacing": "0", "minimumLineSpacing": "0"])
        // Absent for uniform sizes.
        #expect(configuration["sizeSeed"] == nil)

        let samples = try #require(first["samples"] as? [String: Any])
        let scrollSamples = try #require(samples["scroll"] as? [[String: Any]])
        #expect(scrollSamples.count == 8)
        #expect(scrollSamples[4]["invalidatedElements"] as? Int == 3)
        #expect(scrollSamples[4]["offset"] as? [Double] == [0, 125])
        #expect(scrollSamples[4]["invalidatedEverything"] as? Bool == false)
        #expect(Set(scrollSamples[4].keys) == ["offset", "boundsSize", "operation", "micros", "invalidatedElements", "invalidatedEverything",
                                               "attributesCreated", "elementsTouched", "sectionsComputed", "visible", "measuredCells",
                                               "prepareCalls", "inViewport", "phaseMicros"])
        // Every element the sticky flow returns meets the viewport (it answers the rect asked).
        #expect(scrollSamples.map { $0["inViewport"] as? Int } == scrollSamples.map { $0["visible"] as? Int })
        // Each step's context names headers: the flow is prepared once per step.
        #expect(scrollSamples.map { $0["prepareCalls"] as? Int } == Array(repeating: 1, count: 8))
    }

    /// Keys are sorted inside every object, so the same result always prints the same.
    @Test func jsonKeysAreSortedAtEveryLevel() throws {
        let r = try result()
        let json = BenchReport.json([r])
        #expect(json == BenchReport.json([r]))
        let objects = Self.keysByObject(json)
        // The document, the result, its configuration, options, statistics and samples.
        #expect(objects.count > 10)
        for keys in objects {
            #expect(keys == keys.sorted(), "keys out of order: \(keys)")
        }
    }

    /// The keys of every object of a JSON text, in the order they appear.
    static func keysByObject(_ json: String) -> [[String]] {
        var finished: [[String]] = []
        var stack: [[String]?] = []   // nil: an array
        var chars = Array(json)
        var i = 0
        chars.append(" ")
        while i < chars.count - 1 {
            let c = chars[i]
            switch c {
            case "{": stack.append([])
            case "[": stack.append(nil)
            case "}": if let keys = stack.removeLast() { finished.append(keys) }
            case "]": stack.removeLast()
            case "\"":
                var j = i + 1
                var text = ""
                while chars[j] != "\"" {
                    if chars[j] == "\\" { j += 1 }
                    text.append(chars[j])
                    j += 1
                }
                if chars[j + 1] == ":", stack.last != nil, let keys = stack.last! {
                    stack[stack.count - 1] = keys + [text]
                }
                i = j
            default: break
            }
            i += 1
        }
        return finished
    }

    @Test func textTableHasAColumnPerResultAndARowPerFigure() throws {
        var r2 = try result()
        r2.label = "second run"
        let text = BenchReport.text([try result(), r2])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0]
        #expect(header.hasPrefix("metric"))
        let labelColumn = try #require(header.range(of: "test-sticky-flow 10x6 uniform 100x50"))
        let secondColumn = try #require(header.range(of: "second run"))
        #expect(labelColumn.lowerBound < secondColumn.lowerBound)
        #expect(lines[1].allSatisfy { $0 == "-" || $0 == " " })
        let rows = Array(lines[2..<(2 + BenchReport.rowTitles.count)])
        for (row, title) in zip(rows, BenchReport.rowTitles) {
            #expect(row.hasPrefix(title), "row '\(row)' should start with '\(title)'")
        }
        // Values start in the same column on every row (left-aligned columns).
        let column = header.distance(from: header.startIndex, to: labelColumn.lowerBound)
        func value(_ title: String) -> String {
            let row = rows.first { $0.hasPrefix(title) }!
            return String(row.dropFirst(column)).components(separatedBy: "  ").first!
        }
        #expect(value("layout") == "test-sticky-flow")
        #expect(value("data") == "10x6 uniform 100x50")
        #expect(value("bounds") == "300x200")
        #expect(value("options") == "headerSize=300x50 minimumInteritemSpacing=0 minimumLineSpacing=0")
        #expect(value("scroll path") == "8 x 25 pt vertical from 0%")
        #expect(value("content size") == "300x1500")
        #expect(value("invalidated / step") == "median 2, max 3")
        #expect(value("attributes / step") == "median 11, max 14")
        #expect(value("visible / step") == "median 11")
        #expect(value("sections computed / step") == "median 0, max 0")
        #expect(value("full-invalidation step median").contains("µs (4 steps); sections computed: median "))
        #expect(value("resize median").hasSuffix("µs (2); sections computed: median 10"))
        #expect(value("batch update median").hasSuffix("µs (5); sections computed: median 1"))
        #expect(value("peak RSS").hasSuffix(" MB"))
        #expect(text.contains("A full-invalidation step is invalidateLayout() then the same"))
    }

    @Test func figuresAreFormattedToThreeDigits() {
        #expect(BenchFormat.micros(4.2137) == "4.21 µs")
        #expect(BenchFormat.micros(42.137) == "42.1 µs")
        #expect(BenchFormat.micros(421.37) == "421 µs")
        #expect(BenchFormat.millis(50) == "50 ms")
        #expect(BenchFormat.value(293.94, unit: "x") == "294x")
        #expect(BenchFormat.value(1.5, unit: "x") == "1.50x")
    }

    @Test func tableColumnsArePadded() {
        var table = TextTable(header: ["a", "bb"], rightAligned: [1])
        table.add(["long cell", "1"])
        table.add(["x", "12345"])
        // Column 0 is 9 wide, column 1 is 5 wide and right-aligned; no trailing spaces.
        #expect(table.render() == """
        a             bb
        ---------  -----
        long cell      1
        x          12345

        """)
    }
}
