import Foundation

/// The crashed thread of a crash report written by the Swift runtime's
/// backtracer (`SWIFT_BACKTRACE=format=json`), reduced to what a layout's
/// author needs: the frames of their own code, with file and line.
public struct CrashBacktrace: Equatable, Sendable {
    public struct Frame: Equatable, Sendable {
        /// The function, without the offset (`CrashingLayout.prepare()`).
        public var function: String
        /// The library or executable it is in.
        public var image: String
        public var file: String?
        public var line: Int?
        public var column: Int?
    }

    /// The runtime's description of the fault (`Illegal instruction`).
    public var description: String
    /// The crashed thread's frames, innermost first.
    public var frames: [Frame]

    public init(description: String, frames: [Frame]) {
        self.description = description
        self.frames = frames
    }

    public init?(json: Data) {
        guard let report = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
        description = report["description"] as? String ?? ""
        let threads = report["threads"] as? [[String: Any]] ?? []
        let crashed = threads.first { $0["crashed"] as? Bool == true } ?? threads.first
        frames = Self.frames(of: crashed)
        // A process stopped from outside (SIGABRT on Ctrl-C) takes the signal
        // on any thread: then the thread running the user's code says where.
        if userFrames().isEmpty, let running = threads.lazy.map(Self.frames).first(where: { thread in
            thread.contains { !Self.isOwnImage($0.image) && $0.file != nil }
        }) {
            frames = running
        }
    }

    private static func frames(of thread: [String: Any]?) -> [Frame] {
        (thread?["frames"] as? [[String: Any]] ?? []).compactMap { frame in
            guard let text = frame["description"] as? String else { return nil }
            // "f(_:) + 68": the offset means nothing to the reader.
            let function = text.range(of: " + ", options: .backwards).map { String(text[..<$0.lowerBound]) } ?? text
            let location = frame["sourceLocation"] as? [String: Any]
            return Frame(function: function, image: frame["image"] as? String ?? "",
                         file: location?["file"] as? String, line: location?["line"] as? Int,
                         column: location?["column"] as? Int)
        }
    }

    /// The value of `SWIFT_BACKTRACE` for a child process whose crash report
    /// is wanted: JSON, every thread (a process stopped from outside may take
    /// the signal on any of them), written to `path` and not to
    /// the terminal, no interactive prompt.
    public static func environmentValue(reportTo path: String) -> String {
        ["enable=yes", "interactive=no", "color=no", "format=json", "threads=all",
         "registers=none", "images=none", "sanitize=no", "output-to=\(path)"].joined(separator: ",")
    }

    /// Reads a report written there, if the child crashed.
    public static func read(from path: String) -> CrashBacktrace? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        return CrashBacktrace(json: data)
    }

    /// Images that are stk, Swift's runtime or the system: never the user's
    /// layout. A plugin is any other library (built from source, it is
    /// `libplugin.so` in the cache).
    public static func isOwnImage(_ image: String) -> Bool {
        let ownPrefixes = ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "libc.", "libc-",
                           "libm.", "libstdc++", "ld-linux", "libLayoutKit", "libpthread", "libicu", "lib_Foundation"]
        return image == "stk" || ownPrefixes.contains { image.hasPrefix($0) }
    }

    /// Up to `limit` frames of the user's layout that have a source location,
    /// innermost first.
    public func userFrames(limit: Int = 3) -> [Frame] {
        Array(frames.filter { !Self.isOwnImage($0.image) && $0.file.map(Self.isSourceFile) == true && !Self.isAdapterCode($0) }
            .prefix(limit))
    }

    /// Whether a frame is code the source adapter added to the user's files
    /// (`__stkLayouts0()`, which makes each layout as the plugin loads): its
    /// file is stk's copy in a build folder, not a file the user wrote.
    static func isAdapterCode(_ frame: Frame) -> Bool {
        frame.function.contains("__stk")
    }

    /// Whether a frame's file is one a person wrote: not the compiler's
    /// (`<compiler-generated>`: a thunk, or a trap's wrapper in a plugin).
    static func isSourceFile(_ file: String) -> Bool {
        !file.hasSuffix("<compiler-generated>")
    }

    /// `  at FUNCTION (FILE:LINE:COL)` for each of `userFrames`.
    public func userFrameLines(limit: Int = 3) -> [String] {
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
