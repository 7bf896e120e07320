import Foundation
import StkRender

/// What a layout prints itself (`print` in a plugin), kept in order with
/// stk's own output. Swift's `print` writes through the C library's buffered
/// `stdout`, stk's own output goes straight to the file descriptor: before
/// stk writes, the layout's buffered text is flushed, so it comes out where
/// it was printed. In JSON mode every line of standard output must be a JSON
/// object: the layout's text is collected in memory instead and written as
/// `{"print":"LINE"}` objects, each before the output that followed it.
public enum LayoutPrints {
    nonisolated(unsafe) private static var memory: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var size = 0
    nonisolated(unsafe) private static var capture: UnsafeMutablePointer<FILE>?

    /// JSON mode: the C library's `stdout` becomes a stream in memory.
    public static func captureForJSON() {
        guard capture == nil, let stream = open_memstream(&memory, &size) else { return }
        fflush(stdout)
        capture = stream
        stdout = stream
    }

    /// Writes what the layout printed since the last call, before stk's
    /// next output.
    static func flush() {
        guard let capture else {
            fflush(stdout)
            return
        }
        fflush(capture)
        guard size > 0, let memory else { return }
        let text = String(decoding: UnsafeRawBufferPointer(start: memory, count: size), as: UTF8.self)
        rewind(capture)
        size = 0
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let json = lines.map { JSONValue.object([("print", .string($0))]).serialized + "\n" }.joined()
        _ = StandardStreams.writeAll(Array(json.utf8), to: STDOUT_FILENO)
    }
}
