import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resident memory of this process. On Linux the peak (VmHWM) can be reset
/// (writing 5 to /proc/self/clear_refs), so a run reports its own peak, not the
/// peak of whatever the process did before; elsewhere the peak is getrusage's
/// ru_maxrss, the peak of the whole process so far. Public for the workloads
/// whose runs belong to the interpreter (`ScriptWorkload`).
public enum ResidentMemory {
    public struct Reading {
        /// Megabytes (2^20 bytes) resident now, if known.
        public var currentMB: Double?
        public var peakMB: Double
        /// Where the peak comes from, for the report.
        public var source: String
    }

    /// Starts a new peak. Returns whether the peak could be reset.
    @discardableResult
    public static func resetPeak() -> Bool {
        #if os(Linux)
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
        #else
        return false
        #endif
    }

    /// Hands the memory the heap holds free back to the system (glibc's
    /// `malloc_trim`, looked up at run time: Glibc's module does not declare
    /// it), so that what a workload allocated and freed is not resident when
    /// the next one starts, and counted in its peak. Returns whether it could.
    @discardableResult
    public static func releaseFreeMemory() -> Bool {
        #if os(Linux)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return false }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        return true
        #else
        return false
        #endif
    }

    public static func read(peakWasReset: Bool) -> Reading {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let peak = kilobytes("VmHWM:", in: status) {
            let source = peakWasReset ? "VmHWM since the start of the run" : "VmHWM of the process"
            let current = kilobytes("VmRSS:", in: status).map { $0 / 1024 }
            // The kernel folds each thread's resident count into the peak now
            // and then: a peak read below what is resident now is behind.
            return Reading(currentMB: current, peakMB: max(peak / 1024, current ?? 0), source: source)
        }
        #endif
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakMB = Double(usage.ru_maxrss) / 1024          // kilobytes on Linux
        #else
        getrusage(RUSAGE_SELF, &usage)
        let peakMB = Double(usage.ru_maxrss) / 1_048_576     // bytes on Darwin
        #endif
        return Reading(currentMB: nil, peakMB: peakMB, source: "ru_maxrss of the process")
    }

    /// The value of a `Name:   1234 kB` line of /proc/self/status.
    private static func kilobytes(_ field: String, in status: String) -> Double? {
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let digits = line.dropFirst(field.count).filter { $0.isNumber }
            return Double(String(digits))
        }
        return nil
    }
}
