import Builtins
import Foundation
import LayoutKit
import StkBench
@testable import StkScript
import Testing

/// The reproducers of the hostile-input findings that run in process: each
/// would hang, allocate without bound or mislead without its fix. Work is
/// checked by counts and sizes, never by the clock.
@Suite struct HostileInputTests {
    func interpreter() throws -> (Interpreter, OutputBuffer) {
        try BuiltinLayouts.register()
        let output = OutputBuffer()
        return (Interpreter(session: try Session(), output: output), output)
    }

    func run(_ text: String) throws -> (Interpreter, OutputBuffer) {
        let (interpreter, output) = try interpreter()
        ScriptRunner(interpreter: interpreter).run(text: text, name: "<test>")
        return (interpreter, output)
    }

    // MARK: H2, H3

    /// H2: `x` and 16,000 `"` made 16,000 diagnostics, each found by a scan of
    /// the word so far: one stray quote is reported per word.
    @Test func quotesInsideAWordAreReportedOnce() {
        let text = "x" + String(repeating: "\"", count: 16_000)
        let lexed = Lexer.lex(SourceFile(name: "<test>", text: text))
        #expect(lexed.diagnostics.count == 1)
        #expect(lexed.diagnostics.first?.message.contains("unexpected '\"' inside a word") == true)
    }

    /// H3: a megabyte of unknown command word: no candidate is within reach,
    /// so the distance is never computed (it was length x candidate cells).
    @Test func didYouMeanIgnoresWordsTooLongToMatch() {
        let word = String(repeating: "q", count: 1_000_000)
        #expect(NearMiss.nearest(to: word, among: CommandCatalog.verbs) == nil)
        #expect(NearMiss.nearest(to: "lauout", among: CommandCatalog.verbs) == "layout")
        #expect(NearMiss.nearest(to: "scrol", among: ["scroll", "sections"]) == "scroll")
    }

    // MARK: Limits

    @Test(arguments: [
        ("scroll by 0,100 steps=1000000", "at most 10000 for 'steps', got 1000000"),
        ("scroll by 0,100 steps=9999999999999", "number out of range in '9999999999999'"),
        ("render width=100000", "at most 1000 for 'width', got 100000"),
        ("bounds 9223372036854775807x844", "number out of range in '9223372036854775807x844'"),
        ("set stickyRows=9223372036854775807", "number out of range in '9223372036854775807'"),
        ("size item 0:0 1x100000000000000000000000000000000000000", "number out of range"),
        ("sections 1 items=1000000000; insert section 0 items=1000000000", "at most 1000000000 items in all"),
        ("sections 1 items=1000000000; insert item 0:0", "at most 1000000000 items in all"),
        ("sections 1 items=20000000; layout grid-sticky itemSize=0.00001x0.00001", "more than 100000 elements"),
        ("sections 1 items=20000000; set minimumInteritemSpacing=0 minimumLineSpacing=0 itemSize=0.00001x0.00001", "more than 100000 elements"),
    ])
    func limitsAreLocatedErrors(_ script: String, _ message: String) throws {
        let (interpreter, output) = try run(script)
        #expect(interpreter.status == .error)
        let text = output.diagnostics.joined()
        #expect(text.contains(message), "\(text)")
        #expect(text.contains("<test>:1:"), "\(text)")
    }

    /// A refused view leaves the session as it was, undo and all.
    @Test func anOverfullViewIsUndone() throws {
        let (interpreter, _) = try run("sections 1 items=2000000; set minimumInteritemSpacing=0 minimumLineSpacing=0 itemSize=0.001x0.001")
        #expect(interpreter.status == .error)
        #expect(interpreter.session.collectionView.visibleAttributes.count < 100)
        #expect(interpreter.session.history == ["sections 1 items=2000000"])
    }

    // MARK: Undo

    /// 2,000 sections of which each insert changes one: every undo state
    /// shares all but a chunk or two with the one before it.
    @Test func undoStatesShareUnchangedSections() throws {
        let (interpreter, _) = try run("sections 2000 items=3")
        let session = interpreter.session
        var previous: SharedSections? = nil
        var fresh = 0
        for k in 0..<20 {
            ScriptRunner(interpreter: interpreter).run(text: "insert item \(k * 97):0", name: "<test>")
            let state = session.state()
            if let previous {
                let before = Set(previous.chunkIdentities)
                fresh += state.sections.chunkIdentities.filter { !before.contains($0) }.count
            }
            previous = state.sections
            #expect(state.sections.equals(session.collectionView.sections))
        }
        #expect(previous!.chunkIdentities.count > 2)
        // One changed chunk per insert (the state taken right after it).
        #expect(fresh <= 19 * 2)
        // Sharing never changes what undo restores.
        ScriptRunner(interpreter: interpreter).run(text: "undo", name: "<test>")
        #expect(session.collectionView.sections[19 * 97].itemCount == 3)
        #expect(session.collectionView.sections[18 * 97].itemCount == 4)
    }

    /// `sections 100000 items=2` numbers its sections one by one: every
    /// chunk of an undo state is then a run (a section and a count), so the
    /// state stores one section a chunk. An insert makes the one chunk it
    /// touched hold its sections and shares every other chunk: the state
    /// costs what changed, not what exists. Undo gives the same sections back.
    @Test func undoStatesCostWhatChanged() throws {
        let (interpreter, _) = try run("sections 100000 items=2")
        let session = interpreter.session
        let data = session.collectionView.sections
        let before = session.state().sections
        #expect(before.chunks.count >= 100_000 / SharedSections.maximumChunk)
        #expect(before.storedSections == before.chunks.count)
        #expect(before.equals(data))
        ScriptRunner(interpreter: interpreter).run(text: "insert item 500:0", name: "<test>")
        let after = session.state().sections
        var start = 0
        let touched = try #require(after.chunks.firstIndex { chunk in
            defer { start += chunk.count }
            return (start..<(start + chunk.count)).contains(500)
        })
        #expect(after.storedSections == after.chunks.count - 1 + after.chunks[touched].count)
        let shared = Set(before.chunkIdentities)
        #expect(after.chunkIdentities.enumerated().allSatisfy { $0.offset == touched || shared.contains($0.element) })
        #expect(!shared.contains(after.chunkIdentities[touched]))
        ScriptRunner(interpreter: interpreter).run(text: "undo", name: "<test>")
        let restored = session.collectionView.sections
        #expect(restored.map(\.identity) == data.map(\.identity))
        #expect(restored.allSatisfy { $0.itemCount == 2 && $0.isPlain })
    }

    /// `undo` costs what the undone command changed: over 100,000 sections
    /// the restored flow layout lays out again only the section the insert
    /// touched (it starts from the geometry of the layout it replaces), and
    /// the data come back as they were, identities and revisions and all, so
    /// the next state taken shares every chunk with the one restored.
    @Test func undoLaysOutOnlyWhatTheUndoneCommandChanged() throws {
        let (interpreter, _) = try run("sections 100000 items=2")
        let session = interpreter.session
        let data = session.collectionView.sections
        let before = session.state().sections
        ScriptRunner(interpreter: interpreter).run(text: "insert item 500:0\nundo", name: "<test>")
        #expect(session.collectionView.sections == data)
        #expect(session.layout.counters.sectionsComputed <= 2, "sections computed: \(session.layout.counters.sectionsComputed)")
        #expect(session.state().sections.isSame(as: before))
        // And so does the undo of a section insert, which moves every section after it.
        ScriptRunner(interpreter: interpreter).run(text: "insert section 3 items=5\nundo", name: "<test>")
        #expect(session.collectionView.sections == data)
        #expect(session.layout.counters.sectionsComputed <= 2, "sections computed: \(session.layout.counters.sectionsComputed)")
    }

    /// The restored built-in flow's first pass is at the restored offset:
    /// one pass makes what is visible there. (It laid out at the top first,
    /// then scrolled: twice the attributes, half of an undo's time.)
    @Test func undoLaysOutOnceAtTheRestoredOffset() throws {
        let (interpreter, _) = try run("sections 40 items=7; scroll to 0,1500; insert item 3:0; undo")
        let session = interpreter.session
        #expect(interpreter.status == .success)
        #expect(session.collectionView.contentOffset == CGPoint(x: 0, y: 1500))
        let visible = session.collectionView.visibleElements.count
        #expect(visible > 40)
        // A query of the visible rect makes each visible element once; the
        // pinned header of the section on top is made by prepare() as well.
        #expect(session.layout.counters.attributesCreated <= visible + 2,
                "made \(session.layout.counters.attributesCreated) for \(visible) visible")
    }

    /// What `undo` restores answers as a session that never ran the undone
    /// commands: every element's attributes over the whole content, the
    /// content size and the bounds, after each undo and after a command that
    /// follows it (the restored layout's caches must name the data as it is).
    @Test func undoAnswersAsASessionWithoutTheUndoneCommands() throws {
        let setUps = [
            "sections 40 items=7",
            "sections 40 items=7; safearea 20,10,0,5; inset 0,0,30,0",
            "layout global-stretchy; sections 30 items=5; set headerSize=390x30 footerSize=390x10",
            "layout fading-first-header; sections 30 items=4; size item 2:1 80x80",
            "layout grid-sticky; sections 30 items=9",
            "sections 20 items=3; set estimatedItemSize=50x50; prefer item 0:0 60x90",
        ]
        let undone = [
            "insert item 3:0", "delete section 2", "insert section 5 items=9", "move section 1 to 7",
            "size item 4:0 120x30", "scroll to 0,400", "set itemSize=40x40", "reload section 6",
        ]
        let after = ["insert item 0:0", "scroll to 0,200", "delete item 9:1"]
        for setUp in setUps {
            for command in undone {
                for next in after {
                    let (withUndo, _) = try run("\(setUp); scroll to 0,100; \(command); undo; \(next)")
                    let (without, _) = try run("\(setUp); scroll to 0,100; \(next)")
                    #expect(without.status == .success, "\(setUp); \(next)")
                    #expect(withUndo.status == without.status, "\(setUp); \(command); undo; \(next)")
                    #expect(picture(of: withUndo.session) == picture(of: without.session), "\(setUp); \(command); undo; \(next)")
                }
                let (withUndo, _) = try run("\(setUp); scroll to 0,100; \(command); undo")
                let (without, _) = try run("\(setUp); scroll to 0,100")
                #expect(picture(of: withUndo.session) == picture(of: without.session), "\(setUp); \(command); undo")
            }
        }
    }

    /// Everything a session shows of its layout: the bounds, the content size
    /// and every element over the whole content, in order.
    private func picture(of session: Session) -> [String] {
        let cv = session.collectionView
        let size = cv.contentSize
        let everything = CGRect(x: -1000, y: -1000, width: size.width + 2000, height: size.height + 2000)
        let elements = (session.layout.layoutAttributesForElements(in: everything) ?? [])
            .map { AttributesSnapshot($0).description }.sorted()
        return ["bounds \(cv.bounds)", "content \(size)", "insets \(cv.adjustedContentInset)"] + elements
    }

    /// An allocation that fails (the runtime aborts after malloc said
    /// ENOMEM) is stk running out of memory, never the layout crashing.
    @Test func anAllocationFailureIsNotBlamedOnTheLayout() {
        #expect(CrashReport.isAllocationFailure(signal: SIGABRT, errno: ENOMEM))
        #expect(CrashReport.message(signal: SIGABRT, errno: ENOMEM).head.description == "out of memory")
        #expect(!CrashReport.isAllocationFailure(signal: SIGABRT, errno: 0))
        #expect(!CrashReport.isAllocationFailure(signal: SIGSEGV, errno: ENOMEM))
        #expect(CrashReport.message(signal: SIGILL, errno: 0).head.description == "the layout crashed")
    }

    /// X4: `undo` says which command it reverted, which is not the last one
    /// typed when that one changed nothing.
    @Test func undoNamesWhatItReverted() throws {
        let (_, output) = try run("scroll to 0,40\nscroll to 0,40\nundo\nreset\nundo")
        #expect(output.lines == ["undid: scroll to 0,40", "undid: reset"])
    }

    // MARK: X1, X2

    @Test func invalidUTF8IsLocated() {
        let bytes: [UInt8] = Array("sections 2\necho ab".utf8) + [0xFF] + Array("c\n".utf8)
        guard case .failure(let diagnostic) = SourceText.decode(bytes, name: "f.stk") else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(diagnostic.location?.range.start == SourceLocation(line: 2, column: 8))
        #expect(diagnostic.message.contains("0xFF"))
    }

    @Test func oneByteOrderMarkIsSetAsideATwoIsRefused() {
        let mark = SourceFile.byteOrderMark
        guard case .success(let one) = SourceText.decode(mark + Array("echo hi".utf8), name: "f") else {
            Issue.record("one mark refused")
            return
        }
        #expect(SourceFile(name: "f", text: one).line(1) == "echo hi")
        guard case .failure(let two) = SourceText.decode(mark + mark + Array("echo hi".utf8), name: "f") else {
            Issue.record("two marks accepted")
            return
        }
        #expect(two.location?.range.start == SourceLocation(line: 1, column: 1))
    }

    // MARK: Files

    func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stk-safefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    @Test func createNeverReplaces() throws {
        let folder = try scratch()
        let path = folder + "/a.stk"
        try SafeFile.create(Data("one\n".utf8), at: path)
        #expect(throws: SafeFile.WriteError.self) { try SafeFile.create(Data("two\n".utf8), at: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\n")
        // A dangling link is something there too.
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
        #expect(throws: SafeFile.WriteError.self) { try SafeFile.create(Data("x".utf8), at: folder + "/dangling") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/nowhere"))
    }

    /// D2: a link stays a link, and the file it names gets the new lines.
    @Test func replaceFollowsLinks() throws {
        let folder = try scratch()
        try SafeFile.create(Data("old\n".utf8), at: folder + "/real.stk")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.stk", withDestinationPath: "real.stk")
        try SafeFile.replace(Data("new\n".utf8), at: folder + "/link.stk")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.stk") == "real.stk")
        #expect(try String(contentsOfFile: folder + "/real.stk", encoding: .utf8) == "new\n")
    }

    /// D3: a read-only file is refused, even with a writable folder (and as root).
    @Test func replaceRefusesReadOnlyFiles() throws {
        let folder = try scratch()
        let path = folder + "/ro.stk"
        try SafeFile.create(Data("keep\n".utf8), at: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        #expect(throws: SafeFile.WriteError.self) { try SafeFile.replace(Data("lost\n".utf8), at: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep\n")
    }

    /// D1: a FIFO is written in place, never replaced by a regular file; a
    /// failing device write is an error.
    @Test func replaceWritesSpecialFilesInPlace() throws {
        let folder = try scratch()
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        // The reader reads to the end of the stream: a reader that stopped at
        // what a FIFO's size says (0) would leave the writer a broken pipe.
        final class Received: @unchecked Sendable { var data = Data() }
        let received = Received()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo) { received.data = handle.readDataToEndOfFile() }
            done.signal()
        }
        reader.start()
        try SafeFile.replace(Data("through\n".utf8), at: fifo)
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(String(decoding: received.data, as: UTF8.self) == "through\n", "written through the FIFO, in place")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        // A FIFO no process reads would block for ever: refused after a second.
        let unread = folder + "/unread"
        #expect(mkfifo(unread, 0o644) == 0)
        #expect(throws: SafeFile.WriteError(description: "cannot write \(unread): it is a FIFO that no process is reading")) {
            try SafeFile.replace(Data("x".utf8), at: unread)
        }
        if FileManager.default.fileExists(atPath: "/dev/full") {
            #expect(throws: SafeFile.WriteError.self) { try SafeFile.replace(Data("x".utf8), at: "/dev/full") }
            #expect(lstat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        }
    }

    @Test func foldersAndMissingFoldersAreSaidInWords() throws {
        let folder = try scratch()
        #expect(throws: SafeFile.WriteError.self) { try SafeFile.replace(Data(), at: folder) }
        do {
            try SafeFile.create(Data(), at: folder + "/nodir/x.stk", as: "nodir/x.stk")
            Issue.record("wrote into a missing folder")
        } catch {
            #expect("\(error)" == "cannot write nodir/x.stk: no such folder: nodir")
        }
    }

    // MARK: Include depth

    /// C2: a chain of includes 2,000 files deep overflowed the stack.
    @Test func deepIncludeChainsStopAtTheLimit() throws {
        let folder = try scratch()
        for k in 0..<(Limits.includeDepth + 10) {
            try "include f\(k + 1).stk\n".write(toFile: folder + "/f\(k).stk", atomically: true, encoding: .utf8)
        }
        try "echo bottom\n".write(toFile: folder + "/f\(Limits.includeDepth + 10).stk", atomically: true, encoding: .utf8)
        let (interpreter, output) = try interpreter()
        ScriptRunner(interpreter: interpreter).run(file: folder + "/f0.stk")
        #expect(interpreter.status == .error)
        #expect(output.diagnostics.joined().contains("includes nested more than \(Limits.includeDepth) deep"))
        #expect(!output.lines.contains("bottom"))
    }
}

/// A seeded generator of scripts, mutated from the language's own commands,
/// run through the lexer, the parser and the interpreter in process: any
/// crash or trap fails the test run. Bounded: a fixed number of scripts of
/// bounded length, with values drawn to hit the limits and their edges.
@Suite struct ScriptFuzzTests {
    /// Draws from SplitMix64: seeded, so a failing script replays exactly.
    struct Generator {
        var random: SplitMix64
        init(state: UInt64) { random = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { random.next() }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let seeds = [
        "sections 3 items=5", "sections 2,0,7", "insert section 0 items=3", "delete section 1", "move section 0 to 1",
        "insert item 0:0", "delete item 0:1", "move item 0:0 to 0:2", "reload item 0:0", "size item 0:1 30x40",
        "size header 0 390x30", "size footer 1 default", "batch; insert item 0:0; delete item 0:1; end",
        "layout grid-sticky stickyRows=2", "layout global-stretchy", "layout fading-first-header", "layout flow-sticky pinLimit=nextHeader",
        "set itemSize=100x44 minimumLineSpacing=3", "set sectionInset=1,2,3,4 headerSize=390x20", "set scrollDirection=horizontal",
        "set estimatedItemSize=50x50", "prefer item 0:0 80x90", "bounds 320x480", "bounds 844x390 animated", "inset 10,0,0,0",
        "safearea 20,0,34,0", "scroll to 0,300", "scroll by 0,77 steps=3", "scroll fling 0,3000 steps=5", "scroll to item 1:2 center",
        "paging on", "deceleration fast", "margins 0,16,0,16", "attr item 0:0", "attr header 0", "visible", "contentsize",
        "context", "render width=40", "check", "expect visible count >= 0", "expect attr item 0:0 y == 0", "undo", "reset",
        "echo \"a b\"", "help scroll", "options", "layouts", "trace on", "trace off",
    ]
    static let junk = ["\"", "x\"\"", ";", "\\", "#", "=", "==", "end", "batch", "0:", ":0", "-1", "1e5", "0.00001x0.00001",
                       "999999999999", "1000000000000", "1000000000001", "9223372036854775807", "nan", "inf", "\u{FEFF}",
                       "é", "💥", "--force", "items=", "steps=10000", "width=1000", "0,0,0,0", "x=1", "\t"]

    @Test func generatedScriptsNeverCrash() throws {
        try BuiltinLayouts.register()
        var g = Generator(state: 20_261_125)
        for _ in 0..<1_000 {
            var lines: [String] = []
            for _ in 0..<(1 + g.int(8)) {
                var words = g.pick(Self.seeds).split(separator: " ").map(String.init)
                for _ in 0..<g.int(3) {
                    switch g.int(4) {
                    case 0: words.insert(g.pick(Self.junk), at: g.int(words.count + 1))
                    case 1 where !words.isEmpty: words[g.int(words.count)] = g.pick(Self.junk)
                    case 2 where !words.isEmpty: words.remove(at: g.int(words.count))
                    default: words.append(g.pick(Self.junk))
                    }
                }
                lines.append(words.joined(separator: g.int(5) == 0 ? "" : " "))
            }
            let output = OutputBuffer()
            let interpreter = Interpreter(session: try Session(), output: output)
            ScriptRunner(interpreter: interpreter).run(text: lines.joined(separator: g.int(4) == 0 ? ";" : "\n"), name: "<fuzz>")
            // Every error is located, and no number printed is infinite or NaN.
            for d in output.diagnostics where d.contains("error:") {
                #expect(d.hasPrefix("<fuzz>:"), "\(lines)\n\(d)")
            }
            for line in output.lines where !lines.contains(where: { $0.contains("echo") }) {
                #expect(line.range(of: #"(^|[=,x: \[])-?(inf|nan)\b"#, options: .regularExpression) == nil, "\(lines)\n\(line)")
            }
        }
    }
}
