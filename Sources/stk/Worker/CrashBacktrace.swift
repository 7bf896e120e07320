import Foundation

/// The crashed thread of a crash report written by the Swift runtime's
/// backtracer (`SWIFT_BACKTRACE=format=json`), reduced to what a layout's
/// author needs: the frames of their own code, with file and line.
struct CrashBacktrace: Equatable {
    struct Frame: Equatable {
        /// The function, without the offset (`CrashingLayout.prepare()`).
        var function: String
        /// The library or executable it is in.
        var image: String
        var file: String?
        var line: Int?
        var column: Int?
    }

    /// The runtime's description of the fault (`Illegal instruction`).
    var description: String
    /// The crashed thread's frames, innermost first.
    var frames: [Frame]

    init(description: String, frames: [Frame]) {
        self.description = description
        self.frames = frames
    }

    init?(json: Data) {
        guard let report = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
        description = report["description"] as? String ?? ""
        let threads = report["threads"] as? [[String: Any]] ?? []
        let crashed = threads.first { $0["crashed"] as? Bool == true } ?? threads.first
        frames = (crashed?["frames"] as? [[String: Any]] ?? []).compactMap { frame in
            guard let text = frame["description"] as? String else { return nil }
            // "f(_:) + 68": the offset means nothing to the reader.
            let function = text.range(of: " + ", options: .backwards).map { String(text[..<$0.lowerBound]) } ?? text
            let location = frame["sourceLocation"] as? [String: Any]
            return Frame(function: function, image: frame["image"] as? String ?? "",
                         file: location?["file"] as? String, line: location?["line"] as? Int,
                         column: location?["column"] as? Int)
        }
    }

    /// Images that are stk, Swift's runtime or the system: never the user's
    /// layout. A plugin is any other library (built from source, it is
    /// `libplugin.so` in the cache).
    static func isOwnImage(_ image: String) -> Bool {
        let ownPrefixes = ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "libc.", "libc-",
                           "libm.", "libstdc++", "ld-linux", "libLayoutKit", "libpthread", "libicu", "lib_Foundation"]
        return image == "stk" || ownPrefixes.contains { image.hasPrefix($0) }
    }

    /// Up to `limit` frames of the user's layout that have a source location,
    /// innermost first.
    func userFrames(limit: Int = 3) -> [Frame] {
        Array(frames.filter { !Self.isOwnImage($0.image) && $0.file != nil }.prefix(limit))
    }

    /// `  at FUNCTION (FILE:LINE:COL)` for each of `userFrames`.
    func userFrameLines(limit: Int = 3) -> [String] {
        userFrames(limit: limit).map { frame in
            var place = frame.file ?? ""
            if let line = frame.line, line > 0 {
                place += ":\(line)"
                if let column = frame.column, column > 0 { place += ":\(column)" }
            }
            return "  at \(frame.function) (\(place))"
        }
    }
}
