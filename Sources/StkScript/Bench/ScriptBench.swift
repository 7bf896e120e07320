import Foundation
import LayoutKit
import StkBench

/// `stk bench`'s long-script workloads (StkBench's `ScriptWorkload`): the
/// workload's `MixedScript` is written to a temporary file and run as
/// `stk FILE.stk` runs one (StreamingInput: read entry by entry, each run as
/// soon as it is complete), in a fresh session on the workload's layout,
/// timed whole, with the peak resident memory of the run. A script that ends
/// in an error or a failed expectation fails the workload: its figures would
/// not be those of the whole script.
public enum ScriptBench {
    public static func run(_ workload: ScriptWorkload, registry: LayoutRegistry = .shared) throws -> ScriptBenchResult {
        try run(workload, registry: registry) { MixedScript.text(lines: workload.lines, seed: workload.seed) }
    }

    /// The same with the script `makeScript` gives (the workload's length and
    /// seed unused). The text is written and released, and the heap's free
    /// memory handed back, before the run starts, so that the run's memory is
    /// the interpreter's; once the session is gone, the heap's free memory is
    /// handed back again, so that the next workload's peak starts low.
    static func run(_ workload: ScriptWorkload, registry: LayoutRegistry, makeScript: () -> String) throws -> ScriptBenchResult {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("stk-bench-script-\(getpid())-\(UUID().uuidString).stk").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines: Int
        do {
            let text = makeScript()
            lines = MixedScript.lineCount(of: text)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        defer { ResidentMemory.releaseFreeMemory() }
        return try run(workload, file: path, lines: lines, registry: registry)
    }

    /// The run itself, in a session of its own that ends with it.
    private static func run(_ workload: ScriptWorkload, file path: String, lines: Int, registry: LayoutRegistry) throws -> ScriptBenchResult {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw BenchError("cannot open the script \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }

        let output = CountingOutput()
        let interpreter = Interpreter(session: try Session(registry: registry), output: output)
        // Not timed: the session's layout, as the script's first line would choose it.
        ScriptRunner(interpreter: interpreter).run(text: "layout \(workload.layoutName)", name: "<bench>")
        guard interpreter.status == .success else {
            throw BenchError("layout \(workload.layoutName) failed: \(output.firstProblem ?? "no diagnostic")")
        }

        ResidentMemory.releaseFreeMemory()
        let peakWasReset = ResidentMemory.resetPeak()
        let atStart = ResidentMemory.read(peakWasReset: peakWasReset)
        let start = DispatchTime.now().uptimeNanoseconds
        StreamingInput(descriptor: descriptor, name: "<bench>").run(in: interpreter)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let memory = ResidentMemory.read(peakWasReset: peakWasReset)

        switch interpreter.status {
        case .success: break
        case .expectationFailed:
            throw BenchError("the script of \(lines) lines had a failed expectation: \(output.firstProblem ?? "no diagnostic")")
        case .error:
            throw BenchError("the script of \(lines) lines ended in an error: \(output.firstProblem ?? "no diagnostic")")
        }
        return ScriptBenchResult(label: workload.name, layout: workload.layoutName, seed: workload.seed, lines: lines,
                                 outputLines: output.lines, seconds: seconds,
                                 // What was resident at the start is part of the run's peak,
                                 // whenever the kernel last updated the peak it reports.
                                 peakResidentMB: max(memory.peakMB, atStart.currentMB ?? 0),
                                 peakSource: memory.source, residentAtStartMB: atStart.currentMB)
    }
}

/// The script's output counted, not kept: a million lines' results held in
/// memory would be weighed with the interpreter (`stk FILE.stk` writes them
/// out). The first line of the first error (a failed expectation is one) is
/// kept for the report, or of the first diagnostic when there is no error.
private final class CountingOutput: OutputSink {
    private(set) var lines = 0
    private var firstError: String?
    private var firstDiagnostic: String?

    var firstProblem: String? { firstError ?? firstDiagnostic }

    func writeLine(_ line: String) { lines += 1 }

    func writeDiagnostic(_ text: String, severity: Diagnostic.Severity) {
        let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? text
        if firstDiagnostic == nil { firstDiagnostic = line }
        if firstError == nil, severity == .error { firstError = line }
    }
}
