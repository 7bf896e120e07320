import Foundation
import LayoutKit
import StkBench

/// `stk bench`'s export workloads (StkBench's `ExportWorkload`): a session
/// runs the workload's commands once, then `export html --force` runs
/// `runs` times into a temporary folder, each timed whole.
public enum ExportBench {
    public static func run(_ workload: ExportWorkload, registry: LayoutRegistry = .shared) throws -> ExportBenchResult {
        let session = try Session(registry: registry)
        let output = OutputBuffer()
        let interpreter = Interpreter(session: session, output: output)
        let runner = ScriptRunner(interpreter: interpreter)
        let started = DispatchTime.now().uptimeNanoseconds
        runner.run(text: "layout \(workload.layoutName)\n\(workload.commands)\n", name: "<bench>")
        let sessionSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard interpreter.status == .success else {
            throw SessionError("the session of '\(workload.name)' failed: \(output.diagnostics.joined())")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stk-bench-export-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        let command = "export html --force \"\(page.path)\""
        var millis: [Double] = []
        for _ in 0..<max(1, workload.runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            runner.run(text: command, name: "<bench>")
            millis.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            guard interpreter.status == .success else {
                throw SessionError("export html failed: \(output.diagnostics.joined())")
            }
        }
        let bytes = (try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? NSNumber)?.intValue ?? 0
        return ExportBenchResult(label: workload.name, layout: workload.layoutName, commands: workload.commands,
                                 frames: session.frameLog.film.frames.count, pageBytes: bytes, exportMillis: millis,
                                 sessionSeconds: sessionSeconds)
    }
}
