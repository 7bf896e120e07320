import Foundation

/// A workload of a long script: `MixedScript`'s seeded mix of every kind of
/// entry, written to a file and run as `stk FILE.stk` runs one, timed whole,
/// with the peak resident memory of the run. The project's target is a
/// million lines in at most 10 s and 300 MB: time and memory linear in the
/// script's length. StkBench describes it and reports it; the run belongs to
/// the interpreter (StkScript), which hands it to `BenchSuite.run` as a
/// closure.
public struct ScriptWorkload: Equatable, Sendable {
    /// Its name, the layout the session selects before the script runs (not
    /// timed), and its targets, on `secondsPerMillionLines` and
    /// `peakResidentMB`.
    public var common: WorkloadCommon
    /// The script's length (`MixedScript.text(lines:seed:)`: it may end up to
    /// three lines past it, to close its last entry).
    public var lines: Int
    public var seed: UInt64

    public init(name: String, lines: Int, seed: UInt64 = 1, layoutName: String = "flow-sticky", targets: [BenchTarget] = []) {
        common = WorkloadCommon(name: name, layoutName: layoutName, targets: targets)
        self.lines = lines
        self.seed = seed
    }
}

/// What a script workload measured.
///
/// The peak is the run's own where the process's peak can be reset (Linux:
/// VmHWM, reset just before the run, once the script is written, its text
/// released and the heap's free memory handed back to the system): the most
/// the process held resident while the script ran, what was resident at its
/// start included (the executable, the layouts, what the suite's earlier
/// workloads still hold; `residentAtStartMB` says how much). That is about
/// what a process of its own running the script would hold. Elsewhere the
/// peak cannot be reset and is the process's peak so far, which may be an
/// earlier workload's: an upper bound only, as `peakSource` says.
public struct ScriptBenchResult: Codable, Equatable, Sendable {
    /// The workload's name in reports.
    public var label: String
    public var layout: String
    public var seed: UInt64
    /// The lines of the script run.
    public var lines: Int
    /// Lines of results the script printed (counted, not kept).
    public var outputLines: Int
    /// The whole run: every line read, parsed and run, in seconds.
    public var seconds: Double
    /// `seconds` per line, in microseconds.
    public var microsPerLine: Double
    /// `seconds` scaled to a million lines (`seconds * 1,000,000 / lines`):
    /// the project's target is at most 10 s. The same number as
    /// `microsPerLine`, in the target's unit.
    public var secondsPerMillionLines: Double
    /// The peak resident memory of the run, in MB (see above).
    public var peakResidentMB: Double
    public var peakSource: String
    /// Resident memory just before the run, in MB, if known.
    public var residentAtStartMB: Double?

    public init(label: String, layout: String, seed: UInt64, lines: Int, outputLines: Int, seconds: Double,
                peakResidentMB: Double, peakSource: String, residentAtStartMB: Double?) {
        self.label = label
        self.layout = layout
        self.seed = seed
        self.lines = lines
        self.outputLines = outputLines
        let seconds = seconds.rounded(places: 6)
        self.seconds = seconds
        let perLine = lines > 0 ? seconds / Double(lines) : 0
        microsPerLine = (perLine * 1e6).rounded(places: 3)
        secondsPerMillionLines = (perLine * 1e6).rounded(places: 3)
        self.peakResidentMB = peakResidentMB.rounded(places: 1)
        self.peakSource = peakSource
        self.residentAtStartMB = residentAtStartMB?.rounded(places: 1)
    }
}
