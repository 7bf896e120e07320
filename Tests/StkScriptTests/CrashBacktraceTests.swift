import Foundation
import Testing
@testable import StkScript

/// Reading the Swift runtime's crash report (SWIFT_BACKTRACE=format=json):
/// the frames of the user's layout, with their places, and nothing of stk's or
/// the runtime's own.
struct CrashBacktraceTests {
    /// A report in the runtime's shape, trimmed: a trap in an array subscript
    /// called from a plugin's rect query, called from LayoutKit and stk.
    static let report = """
        { "timestamp": "2026-11-25T01:44:14Z", "kind": "crashReport", "description": "Illegal instruction",
          "threads": [
            { "name": "other", "frames": [ { "kind": "programCounter", "description": "pause + 1", "image": "libc.so.6" } ] },
            { "name": "stk", "crashed": true, "frames": [
              { "kind": "programCounter", "description": "closure #1 in _assertionFailure(_:_:file:line:flags:) + 623", "image": "libswiftCore.so" },
              { "kind": "returnAddress", "description": "specialized Array.subscript.getter + 84", "image": "libswiftSwiftOnoneSupport.so" },
              { "kind": "returnAddress", "description": "CrashingLayout.layoutAttributesForElements(in:) + 68", "image": "libplugin.so",
                "sourceLocation": { "file": "/work/Layouts/CrashingLayout.swift", "line": 13, "column": 20 } },
              { "kind": "returnAddress", "description": "CollectionView.layoutIfNeeded() + 12", "image": "libLayoutKit.so",
                "sourceLocation": { "file": "/src/Plugins/Sources/LayoutKit/Model/CollectionView.swift", "line": 300, "column": 9 } },
              { "kind": "returnAddress", "description": "thunk for @escaping @callee_guaranteed () -> () + 5", "image": "libplugin.so" },
              { "kind": "returnAddress", "description": "CrashingLayout.prepare() + 40", "image": "libplugin.so",
                "sourceLocation": { "file": "/work/Layouts/CrashingLayout.swift", "line": 0, "column": 0 } },
              { "kind": "returnAddress", "description": "main + 81", "image": "stk",
                "sourceLocation": { "file": "/src/Sources/stk/main.swift", "line": 1, "column": 1 } },
              { "kind": "truncated" }
            ] }
          ] }
        """

    @Test func userFramesAreThePluginsFramesWithAPlace() throws {
        let backtrace = try #require(CrashBacktrace(json: Data(Self.report.utf8)))
        #expect(backtrace.description == "Illegal instruction")
        // The crashed thread, not the first one; the truncation marker has no description.
        #expect(backtrace.frames.count == 7)
        #expect(backtrace.userFrames().map(\.function) == [
            "CrashingLayout.layoutAttributesForElements(in:)", "CrashingLayout.prepare()",
        ])
        // A line of 0 means the compiler gave no line: the file alone is shown.
        #expect(backtrace.userFrameLines() == [
            "  at CrashingLayout.layoutAttributesForElements(in:) (/work/Layouts/CrashingLayout.swift:13:20)",
            "  at CrashingLayout.prepare() (/work/Layouts/CrashingLayout.swift)",
        ])
        #expect(backtrace.userFrameLines(limit: 1).count == 1)
    }

    /// A process stopped from outside (SIGABRT on Ctrl-C at the REPL) takes
    /// the signal on whichever thread: when that one ran none of the user's
    /// code, the thread stuck in the layout's loop says where it was.
    @Test func aSignalOnAnIdleThreadNamesTheThreadInTheLayout() throws {
        let report = """
            { "description": "Aborted", "threads": [
              { "name": "main", "crashed": true, "frames": [
                { "kind": "programCounter", "description": "read + 14", "image": "libc.so.6" } ] },
              { "name": "entry", "frames": [
                { "kind": "programCounter", "description": "HangingLayout.prepare() + 90", "image": "libplugin.so",
                  "sourceLocation": { "file": "/work/Layouts/HangingLayout.swift", "line": 14, "column": 19 } },
                { "kind": "returnAddress", "description": "LayoutPass.prepare() + 12", "image": "libLayoutKit.so" } ] }
            ] }
            """
        let backtrace = try #require(CrashBacktrace(json: Data(report.utf8)))
        #expect(backtrace.userFrameLines() == ["  at HangingLayout.prepare() (/work/Layouts/HangingLayout.swift:14:19)"])
        // When the crashed thread has the user's frames, it is the one shown.
        let crashed = try #require(CrashBacktrace(json: Data(Self.report.utf8)))
        #expect(crashed.userFrames().first?.function == "CrashingLayout.layoutAttributesForElements(in:)")
    }

    @Test func aReportThatIsNotJSONIsNone() {
        #expect(CrashBacktrace(json: Data("*** Program crashed".utf8)) == nil)
        #expect(CrashBacktrace.read(from: "/nonexistent/stk-crash.json") == nil)
    }

    @Test func theEnvironmentAsksForJSONInAFileAndNoPrompt() {
        let value = CrashBacktrace.environmentValue(reportTo: "/tmp/x.json")
        let settings = Set(value.split(separator: ",").map(String.init))
        #expect(settings.isSuperset(of: ["enable=yes", "interactive=no", "format=json", "output-to=/tmp/x.json"]))
    }

    @Test func signalsAreNamedForPeople() {
        #expect(CrashReport.describe(signal: SIGILL) == "SIGILL, a Swift runtime trap")
        #expect(CrashReport.describe(signal: SIGSEGV) == "SIGSEGV, a bad memory access")
        #expect(CrashReport.describe(signal: SIGKILL) == "SIGKILL")
        #expect(CrashReport.describe(signal: 40) == "signal 40")
    }
}
