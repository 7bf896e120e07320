import Foundation
import StkTestSupport
import Testing

/// The interactive REPL through a real pseudo-terminal, against the built `stk`
/// executable (see StkExecutable for how it is found). Each test waits for
/// what it expects to see, with a timeout, instead of sleeping.
///
/// Commands used: `echo TEXT` (prints TEXT), `batch` ... `end` (a multi-line
/// entry), the command words `layout`/`layouts` and the option `pinLimit=` after
/// `set` (Tab completion).
///
/// Serialized: concurrent forks could hand one test's terminal to another
/// test's child, which would delay end-of-file on the first.
@Suite(.serialized)
final class REPLTests {
    /// XDG_STATE_HOME and HOME of the sessions of one test, removed with it.
    let home: ScratchFolder
    init() throws { home = try .terminalHome() }

    @Test func typedCommandPrintsItsOutput() throws {
        let session = try InteractiveSession(stateHome: home.url)
        let seen = try session.run("echo hello")
        #expect(InteractiveSession.visibleLines(seen) == ["echo hello", "hello", InteractiveSession.prompt])
    }

    @Test func tabCompletesACommandAndListsWhatIsAmbiguous() throws {
        let session = try InteractiveSession(stateHome: home.url)
        // "lay" matches layout and layouts: the first Tab extends it to their
        // common prefix "layout"; a second Tab cannot extend it further, so it
        // lists both and draws the prompt and the line again below the list.
        try session.type("lay\t")
        try session.type("\t")
        let listing = try session.waitFor("\(InteractiveSession.prompt)layout")
        let listedWords = InteractiveSession.visibleLines(listing)
            .map { $0.split(separator: " ").map(String.init) }
        #expect(listedWords.contains(["layout", "layouts"]), "listing was \(listing.debugDescription)")
        try session.type("s\r")
        try session.waitFor("global-stretchy")
    }

    @Test func tabCompletesAnOptionName() throws {
        let session = try InteractiveSession(stateHome: home.url)
        // One candidate: "pi" becomes "pinLimit=", without a space after the "=".
        try session.type("set pi\t")
        try session.type("nextHeader\r")
        try session.waitFor(InteractiveSession.prompt)
        let options = try session.run("options")
        #expect(InteractiveSession.visibleLines(options).contains { $0.hasPrefix("pinLimit") && $0.contains("nextHeader") },
                "options printed \(options.debugDescription)")
    }

    /// A symbolic link to a folder (SwiftPM's `.build/debug`) completes as a
    /// folder, with `/` and no space, so the file inside can be typed next.
    @Test func tabCompletesASymlinkedFolderWithASlash() throws {
        let folder = try ScratchFolder(["real/inside.stk": "echo included-through-link\n"])
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("links"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("links/debug").path,
                                                   withDestinationPath: "../real")
        let session = try InteractiveSession(stateHome: home.url)
        try session.type("include \(folder.url.path)/links/deb\t")
        try session.waitFor("debug/") // the editor redraws the line: the folder's name may come in pieces
        try session.type("inside.stk\r")
        try session.waitFor("included-through-link")
        try session.waitFor(InteractiveSession.prompt)
    }

    /// The prompt names the paused operation and phase; Ctrl-C at it runs
    /// the operation to its end and says so.
    @Test func thePromptShowsThePausedPhaseAndCtrlCFinishesIt() throws {
        let session = try InteractiveSession(stateHome: home.url)
        try session.run("step on")
        let paused = "stk:flow-sticky [scroll 1/4 should-invalidate]> "
        let first = try session.run("scroll by 0,80 steps=4", expectingPrompt: paused)
        #expect(InteractiveSession.visibleLines(first).contains { $0.hasPrefix("shouldInvalidateLayout(forBoundsChange: 0,20,390,844)") })
        // Should-invalidate, context, invalidate, bounds set, prepare: the 5th phase.
        try session.run("next 4", expectingPrompt: "stk:flow-sticky [scroll 1/4 prepare]> ")
        try session.type("\u{03}")
        // 32 phases, 5 shown.
        try session.waitFor("interrupted: 'scroll by 0,80 steps=4' ran to its end (27 more phases, not shown)")
        try session.waitFor(InteractiveSession.prompt)
        let attr = try session.run("attr header 0")
        #expect(InteractiveSession.visibleLines(attr).contains("header 0 frame=0,80,390,44 zIndex=2 alpha=1 hidden=false pinned"), "\(attr)")
    }

    @Test func ctrlCDiscardsTheHalfTypedLine() throws {
        let session = try InteractiveSession(stateHome: home.url)
        try session.type("echo typed-away")
        try session.waitFor("typed-away") // the line is in the editor before Ctrl-C
        try session.type("\u{03}")
        try session.waitFor(InteractiveSession.prompt)
        // Enter on the fresh line must run nothing; the session goes on.
        try session.type("\r")
        try session.waitFor(InteractiveSession.prompt)
        let seen = try session.run("echo after-interrupt")
        #expect(InteractiveSession.visibleLines(seen).contains("after-interrupt"))
        #expect(!session.terminal.text.containsLine("typed-away"))
    }

    @Test func ctrlCDiscardsAPendingMultiLineEntry() throws {
        let session = try InteractiveSession(stateHome: home.url)
        try session.run("batch", expectingPrompt: InteractiveSession.continuationPrompt)
        try session.type("echo never-run")
        try session.waitFor("never-run")
        try session.type("\u{03}")
        // Back at the primary prompt, with nothing pending: `end` alone does not close the batch.
        let afterInterrupt = try session.waitFor(InteractiveSession.prompt)
        #expect(!afterInterrupt.contains(InteractiveSession.continuationPrompt))
        try session.run("echo fresh")
        #expect(!session.terminal.text.containsLine("never-run"))
    }

    @Test func continuationPromptInsideBatch() throws {
        let session = try InteractiveSession(stateHome: home.url)
        // Nothing runs before `end`: each line inside the batch is answered by
        // the continuation prompt alone.
        let afterBatch = try session.run("batch", expectingPrompt: InteractiveSession.continuationPrompt)
        #expect(InteractiveSession.visibleLines(afterBatch) == ["batch", "...> "])
        let afterInner = try session.run("insert item 0:0", expectingPrompt: InteractiveSession.continuationPrompt)
        #expect(InteractiveSession.visibleLines(afterInner) == ["insert item 0:0", "...> "])
        let afterEnd = try session.run("end")
        #expect(InteractiveSession.visibleLines(afterEnd).last == InteractiveSession.prompt)
        #expect(!afterEnd.contains(InteractiveSession.continuationPrompt))
    }

    @Test func ctrlRSearchesTheHistoryBackwards() throws {
        let session = try InteractiveSession(stateHome: home.url)
        try session.run("echo alpha-one")
        try session.run("echo beta-two")
        // Ctrl-R, then "alp": the newest entry containing it is "echo alpha-one".
        try session.type("\u{12}alp")
        try session.waitFor("alpha-one") // the match is drawn
        try session.type("\r")
        try session.waitFor("\r\nalpha-one\r\n")
    }

    @Test(arguments: ["C.UTF-8", nil])
    func multibyteInputSurvives(locale: String?) throws {
        // Without any locale variable the editor still decodes UTF-8.
        let session = try InteractiveSession(stateHome: home.url, locale: locale)
        try session.run("echo grüße ✓")
        #expect(session.terminal.text.containsLine("grüße ✓"))
        // Backspace removes a whole character, not one byte of it: "é" + Backspace + "e" is "e".
        try session.run("echo é\u{7f}e")
        #expect(session.terminal.text.containsLine("e"))
    }

    @Test func ctrlDOnAnEmptyLineExitsWithStatusZero() throws {
        let session = try InteractiveSession(stateHome: home.url)
        try session.type("\u{04}")
        #expect(try session.terminal.waitForExit() == .exited(0))
    }

    @Test func historySurvivesARestart() throws {
        let first = try InteractiveSession(stateHome: home.url)
        try first.run("echo from-the-first-session")
        try first.type("\u{04}")
        #expect(try first.terminal.waitForExit() == .exited(0))
        let historyFile = home.url.appendingPathComponent("stk/history")
        #expect(FileManager.default.fileExists(atPath: historyFile.path))

        let second = try InteractiveSession(stateHome: home.url)
        try second.type("\u{1b}[A") // Up arrow recalls the previous session's line
        try second.waitFor("echo from-the-first-session")
        let seen = try second.run("")
        #expect(InteractiveSession.visibleLines(seen).contains("from-the-first-session"))
    }

    @Test func historyRecallsAMultiLineEntryWhole() throws {
        let session = try InteractiveSession(stateHome: home.url)
        try session.run("batch", expectingPrompt: InteractiveSession.continuationPrompt)
        try session.run("insert item 0:0", expectingPrompt: InteractiveSession.continuationPrompt)
        try session.run("end")
        // One Up recalls all three lines as one entry; Enter runs it complete,
        // so the primary prompt follows without any continuation prompt.
        try session.type("\u{1b}[A")
        let recalled = try session.waitFor("end")
        #expect(recalled.contains("batch") && recalled.contains("insert item 0:0"), "recalled \(recalled.debugDescription)")
        let seen = try session.run("")
        #expect(!seen.contains(InteractiveSession.continuationPrompt), "saw \(seen.debugDescription)")
    }

    /// Without XDG_STATE_HOME, the XDG default under HOME; an old
    /// ~/.stk_history is read once, when the new file does not exist yet.
    @Test func historyUsesTheXDGDefaultWithoutXDGStateHomeAndMigratesTheOldFile() throws {
        let legacy = home.url.appendingPathComponent(".stk_history")
        try Data("_HiStOrY_V2_\necho\\040from-the-old-file\n".utf8).write(to: legacy)
        let session = try InteractiveSession(stateHome: home.url, setsXDGStateHome: false)
        try session.run("echo kept-in-home")
        // The migrated entry is there: Up twice recalls it.
        try session.type("\u{1B}[A\u{1B}[A")
        let recalled = try session.waitFor("from-the-old-file")
        #expect(recalled.contains("from-the-old-file"))
        try session.type("\u{15}\u{04}") // clear the line, then Ctrl-D
        #expect(try session.terminal.waitForExit() == .exited(0))
        let historyFile = home.url.appendingPathComponent(".local/state/stk/history")
        let saved = try String(contentsOf: historyFile, encoding: .utf8)
        // libedit's format encodes the space as \040.
        #expect(saved.contains("echo\\040kept-in-home"), "history file holds \(saved.debugDescription)")
        #expect(saved.contains("echo\\040from-the-old-file"), "history file holds \(saved.debugDescription)")
        // The old file is left as it was.
        #expect(try String(contentsOf: legacy, encoding: .utf8) == "_HiStOrY_V2_\necho\\040from-the-old-file\n")
    }

    /// A terminal closed while an entry runs (seconds of work here) keeps
    /// that entry: the history is saved before an entry runs, not after.
    @Test func historyKeepsTheEntryInFlightWhenTheTerminalCloses() throws {
        for trial in 0..<3 {
            let session = try InteractiveSession(stateHome: home.url)
            try session.run("echo trial-\(trial)")
            try session.type("sections 2000000 items=\(100 + trial)\r")
            try session.waitFor("\r\n")
            session.terminal.hangUp()
            _ = try? session.terminal.waitForExit()
            let saved = try String(contentsOf: home.url.appendingPathComponent("stk/history"), encoding: .utf8)
            #expect(saved.contains("sections\\0402000000\\040items=\(100 + trial)"), "trial \(trial): \(saved.suffix(200).debugDescription)")
        }
    }

    /// An entry of exactly 64 KiB (65,536 bytes as typed, its lines joined by
    /// line breaks) is kept; one byte more runs but is not kept, and a note
    /// says so once. Typed as `\`-continued lines of 200 bytes, as a paste.
    @Test func historyKeepsEntriesUpTo64KiB() throws {
        let session = try InteractiveSession(stateHome: home.url)
        for (tag, bytes) in [("kept", 65_536), ("dropped", 65_537)] {
            let lines = Self.continuedEntry(tag: tag, bytes: bytes)
            #expect(lines.joined(separator: "\n").utf8.count == bytes)
            for line in lines.dropLast() { try session.run(line, expectingPrompt: InteractiveSession.continuationPrompt) }
            try session.run(lines.last!)
        }
        try session.type("\u{04}")
        #expect(try session.terminal.waitForExit() == .exited(0))
        let seen = session.terminal.text
        #expect(seen.components(separatedBy: "note: entries longer than 64 KiB are not kept in the history").count == 2,
                "the note once: \(seen.suffix(300).debugDescription)")
        let saved = try String(contentsOf: home.url.appendingPathComponent("stk/history"), encoding: .utf8)
        // libedit's format encodes the space as \040.
        #expect(saved.contains("echo\\040kept"), "\(saved.prefix(200).debugDescription)")
        #expect(!saved.contains("dropped"), "\(saved.prefix(200).debugDescription)")
    }

    /// `echo TAG \`, lines of 200 `b` and a `\`, and a last line of `c` that
    /// makes the entry `bytes` long.
    static func continuedEntry(tag: String, bytes: Int) -> [String] {
        var lines = ["echo \(tag) \\"]
        var total = lines[0].utf8.count
        let middle = String(repeating: "b", count: 199) + "\\"
        while total + 1 + middle.utf8.count + 1 + 100 < bytes {
            lines.append(middle)
            total += 1 + middle.utf8.count
        }
        lines.append(String(repeating: "c", count: bytes - total - 1))
        return lines
    }

    /// The history is written atomically after each entry: a session whose
    /// terminal is closed (SIGHUP, the pty gone) keeps every entry it ran, in
    /// 20 of 20 trials, and no temporary file is left behind.
    @Test func historySurvivesTheTerminalBeingClosed() throws {
        for trial in 0..<20 {
            let session = try InteractiveSession(stateHome: home.url)
            for n in 0..<5 { try session.run("echo trial-\(trial)-entry-\(n)") }
            session.terminal.hangUp()
            _ = try? session.terminal.waitForExit()
            let saved = try String(contentsOf: home.url.appendingPathComponent("stk/history"), encoding: .utf8)
            #expect(saved.contains("echo\\040trial-\(trial)-entry-4"), "trial \(trial): \(saved.suffix(200).debugDescription)")
            #expect(saved.contains("echo\\040trial-0-entry-0"), "trial \(trial) lost earlier sessions")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.url.appendingPathComponent("stk").path)
        #expect(leftovers == ["history"])
    }
}

extension String {
    /// Whether `line` appears as a whole output line (between line breaks),
    /// as opposed to inside the echo of a typed line after the prompt.
    fileprivate func containsLine(_ line: String) -> Bool {
        contains("\r\n\(line)\r\n")
    }
}
