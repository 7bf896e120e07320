import Foundation

/// A workload of `export html`: a session scrolls in many steps (a frame
/// each), then exports its page, several times; the export is timed and the
/// page weighed. StkBench describes it and reports it; the run belongs to the
/// interpreter (StkScript), which hands it to `BenchSuite.run` as a closure.
public struct ExportWorkload: Equatable, Sendable {
    /// Its name, layout and targets, on `exportMedianMillis` and `pageMegabytes`.
    public var common: WorkloadCommon
    /// The session's commands before the export (`scroll by 0,20000 steps=1000`).
    public var commands: String
    /// How many times the page is exported (the median is reported).
    public var runs: Int

    public init(name: String, layoutName: String, commands: String, runs: Int = 5, targets: [BenchTarget] = []) {
        common = WorkloadCommon(name: name, layoutName: layoutName, targets: targets)
        self.commands = commands
        self.runs = runs
    }
}

/// What an export workload measured.
public struct ExportBenchResult: Codable, Equatable, Sendable {
    /// The workload's name in reports.
    public var label: String
    public var layout: String
    public var commands: String
    /// Frames on the page.
    public var frames: Int
    public var pageBytes: Int
    public var pageMegabytes: Double
    /// Each export: building the page and writing it (atomically), in milliseconds.
    public var exportMedianMillis: Double
    public var exportMinMillis: Double
    public var exportMaxMillis: Double
    public var runs: Int
    /// The session's commands, once, before the exports.
    public var sessionSeconds: Double

    public init(label: String, layout: String, commands: String, frames: Int, pageBytes: Int, exportMillis: [Double], sessionSeconds: Double) {
        self.label = label
        self.layout = layout
        self.commands = commands
        self.frames = frames
        self.pageBytes = pageBytes
        pageMegabytes = (Double(pageBytes) / 1_000_000).rounded(places: 3)
        let export = TimingSpread(exportMillis)
        exportMedianMillis = export.median ?? 0
        exportMinMillis = export.min ?? 0
        exportMaxMillis = export.max ?? 0
        runs = exportMillis.count
        self.sessionSeconds = sessionSeconds.rounded(places: 3)
    }
}
