import Foundation
import LayoutKit
import StkRender

/// Executes parsed commands against a Session and writes their output.
///
/// Every front end (the REPL, script files, `-e`, `stk test`) drives one
/// Interpreter. A command either succeeds, fails an expectation (exit status 1,
/// the run goes on unless --bail) or fails with an error (status 2: a script run
/// stops; the REPL reports it and goes on). A failed command changes nothing.
public final class Interpreter {
    public let session: Session
    public var options: InterpreterOptions
    public var output: OutputSink
    /// The worst outcome so far.
    public internal(set) var status: ExitStatus = .success
    /// `quit` was run.
    public internal(set) var quitRequested = false

    /// Loads a plugin library and returns notes to print ("already loaded").
    /// Set by the host, which owns the plugin loader.
    public var loadPlugin: ((String) throws -> [String])?
    /// The plugins given on the command line (`--plugin`), as absolute
    /// paths: `save` writes a `load` for each, so the script replays alone.
    public var commandLinePlugins: [String] = []
    /// Rebuilds the plugins loaded from source (`reload`): notes to show, and
    /// the origins whose layouts were replaced by a new build.
    public var reloadPlugins: (() throws -> (notes: [String], reloaded: Set<String>))?
    /// Told before each command runs, with `FILE:LINE:COL` (empty for the
    /// entry just typed at the REPL, see `InterpreterOptions.typedEntry`) and
    /// the command's text, so that a crash or an interrupt can name the command it stopped:
    /// CrashReport in scripts, the REPL's worker, a `stk test` child.
    public var willRunCommand: ((_ location: String, _ command: String) -> Void)?
    /// Reads a file for `include`. The REPL's worker records what was read, and
    /// gives the same bytes back when it replays the session after a crash, so
    /// the replay is exact even if the file changed since.
    public var readIncludedFile: (URL) -> Data? = { try? SourceText.read($0.path).get() }
    /// The terminal standard output is, in columns and rows, when it is one:
    /// `render` without a size fits it. Set by the host; asked at each render.
    public var terminalSize: (() -> (columns: Int, rows: Int)?)?

    var tracing = false
    var stepping = false
    /// The operation `step` paused, until it ends (Stepping.swift).
    var paused: PausedOperation?
    /// Real paths of the files being included, outermost first (cycles are refused).
    var includeStack: [String] = []
    /// The visible elements before the last state-changing command (`check`).
    var visibleBeforeLastOperation: LayoutChecks.VisibleBefore?
    /// Layout warnings already reported, so each is said once.
    var reportedWarnings: [String] = []
    /// The warnings shown at commands since the last `check` (the collection
    /// view's and the layout's): `check` fails with them.
    var warningsSinceCheck: [LayoutChecks.Finding] = []

    public init(session: Session, options: InterpreterOptions = InterpreterOptions(), output: OutputSink) {
        self.session = session
        self.options = options
        self.output = output
    }

    /// The session's fingerprint with the interpreter's own modes (trace,
    /// step and the phase an operation is paused at): what a replay must reproduce.
    public var fingerprint: String {
        "\(session.fingerprint)/\(tracing ? 1 : 0)\(stepping ? 1 : 0)/\(paused.map { "\($0.phasesShown) \($0.tag)" } ?? "")"
    }

    // MARK: Running

    /// Runs a script: its commands in order, up to its first parse error, which
    /// is then reported. Returns false when the run must stop (an error, `quit`,
    /// or a failed expectation with --bail).
    @discardableResult
    public func run(_ script: Script, trail: [Diagnostic.IncludeSite] = []) -> Bool {
        let firstError = script.firstError
        for diagnostic in script.diagnostics where diagnostic.severity != .error {
            report(diagnostic, trail: trail)
        }
        var echoed = script.file.firstLine - 1
        for command in script.commands {
            if let location = firstError?.location, command.range.start >= location.range.start { break }
            if echoed < command.range.start.line - 1 { echoComments(in: script.file, lines: (echoed + 1)...(command.range.start.line - 1)) }
            echoed = max(echoed, command.range.end.line)
            if !execute(command, in: script.file, trail: trail) { return false }
        }
        if firstError == nil, echoed < script.file.lastLine { echoComments(in: script.file, lines: (echoed + 1)...script.file.lastLine) }
        if let firstError {
            report(firstError, trail: trail)
            status = max(status, .error)
            return false
        }
        return true
    }

    /// Runs a single command. Returns false when the run must stop.
    @discardableResult
    public func execute(_ command: Command, in file: SourceFile, trail: [Diagnostic.IncludeSite] = []) -> Bool {
        if options.echo { echo(file.text(in: command.range), as: "command") }
        let context = CommandContext(command: command, file: file, trail: trail)
        if let willRunCommand {
            willRunCommand(file.name == options.typedEntry ? "" : "\(file.name):\(command.range.start)", file.text(in: command.range))
        }
        // What the collection view noticed during the command (UIKit's checks),
        // whatever its outcome; a paused operation's, when it ends.
        defer { if paused == nil { reportCollectionViewWarnings(context) } }
        do {
            try dispatch(context)
        } catch let failure as ExpectationFailure {
            report(Diagnostic(.error, failure.message, at: failure.range, in: file), trail: trail)
            status = max(status, .expectationFailed)
            return !options.bail
        } catch is StopRun {
            // The included script set the status itself: 2 for an error, 1 for
            // a failed expectation under --bail.
            return false
        } catch {
            report(diagnostic(for: error, context: context), trail: trail)
            status = max(status, .error)
            return false
        }
        return !quitRequested
    }

    func report(_ diagnostic: Diagnostic, trail: [Diagnostic.IncludeSite]) {
        var d = diagnostic
        for site in trail.reversed() { d = d.included(from: site) }
        output.writeDiagnostic(d.rendered(colors: options.diagnosticColor, typedEntry: options.typedEntry), severity: d.severity)
    }

    /// A diagnostic for an error thrown by a command, at the most precise range known.
    func diagnostic(for error: Error, context: CommandContext) -> Diagnostic {
        switch error {
        case let e as CommandError:
            return Diagnostic(.error, e.message, at: e.range ?? context.command.range, in: context.file, suggestion: e.suggestion)
        case let e as Diagnostic:
            return e
        case let e as SessionError:
            return Diagnostic(.error, e.message, at: context.command.range, in: context.file, suggestion: e.suggestion)
        case let e as CollectionViewError:
            return Diagnostic(.error, e.message, at: context.command.range, in: context.file)
        default:
            return Diagnostic(.error, "\(error)", at: context.command.range, in: context.file)
        }
    }

    // MARK: Dispatch

    func dispatch(_ c: CommandContext) throws {
        if paused != nil && !Self.runsWhilePaused(c.command.kind) { try finishPausedOperation(before: c) }
        switch c.command.kind {
        case let .layout(name, assignments): try runLayout(name, assignments, c)
        case let .set(assignments): try runSet(assignments, c)
        case let .options(layout): try runOptions(layout)
        case .layouts: runLayouts()
        case let .sections(counts): try runSections(counts, c)
        case .insertSections, .deleteSections, .moveSection, .reloadSections,
             .insertItems, .deleteItems, .moveItem, .reloadItems, .batch:
            try runUpdates(c)
        case let .size(element, size): try runSize(element, size, c)
        case let .prefer(target, size): try runPrefer(target, size, c)
        case let .bounds(size, animated):
            try mutate(c, blaming: size.range) {
                let cv = self.session.collectionView
                try cv.setBounds(CGRect(origin: cv.contentOffset, size: size.value), animated: animated)
            }
        case let .margins(insets): try mutate(c, blaming: insets.range) { try self.session.setLayoutMargins(insets.value) }
        case let .paging(on): try mutate(c) { self.session.collectionView.isPagingEnabled = on.value }
        case let .deceleration(rate): try mutate(c) { self.session.collectionView.decelerationRate = .init(rawValue: rate.value) }
        case let .scrollFling(velocity, steps): try runFling(velocity, steps, c)
        case let .inset(insets): try mutate(c, blaming: insets.range) { try self.session.collectionView.setContentInset(insets.value) }
        case let .safeArea(insets): try mutate(c, blaming: insets.range) { try self.session.collectionView.setSafeAreaInsets(insets.value) }
        case let .scrollTo(point): try mutate(c, blaming: point.range) { try self.session.collectionView.setContentOffset(point.value) }
        case let .scrollBy(delta, steps): try runScrollBy(delta, steps, c)
        case let .scrollToItem(indexPath, position): try runScrollToItem(indexPath, position, c)
        case let .scrollSection(section, verb, amount, steps): try runScrollSection(section, verb, amount, steps, c)
        case let .attr(element): try runAttr(element)
        case .visible: runVisible()
        case .snapshot: runSnapshot()
        case let .snapshotApply(edits, mode, _): try runSnapshotApply(edits, mode, c)
        case .sectionSnapshot(let section): try runSectionSnapshot(section)
        case let .sectionSnapshotApply(section, edits, mode, _): try runSectionSnapshotApply(section, edits, mode, c)
        case .check(let except): try runCheck(c, except: Set(except.map(\.value)))
        case .contentSize: runContentSize()
        case .context: runContext()
        case let .render(width, height): try runRender(width, height)
        case let .trace(on): tracing = on.value
        case let .step(on): stepping = on.value
        case let .next(count): try runNext(count?.value ?? 1)
        case .continue: try runContinue()
        case let .expect(expectation): try runExpect(expectation, c)
        case let .load(path): try runLoad(path, c)
        case let .include(path): try runInclude(path, c)
        case let .echo(text): answer(text: text.value, json: .object([("echo", .string(text.value))]))
        case let .save(path, force): try runSave(path, force: force, c)
        case let .export(format, path, force): try runExport(format, path, force: force, c)
        case .undo: try runUndo()
        case .reset: try runReset()
        case .reloadPlugins: try runReloadPlugins(c)
        case let .help(topic): try runHelp(topic)
        case .quit: quitRequested = true
        }
    }

    // MARK: State changes

    /// Runs a state-changing command through the session (undo, save history),
    /// then shows its layout cycle (trace, step) and new layout warnings. A
    /// refusal of the model is placed at `blamed`, the argument it refuses
    /// when the command has a single one, else at the whole command.
    func mutate(_ c: CommandContext, record: Bool = true, blaming blamed: SourceRange? = nil, _ body: @escaping () throws -> Void) throws {
        // What was on screen, for the context check of `check` and `stk verify`.
        let before = LayoutChecks.snapshot(session.collectionView)
        if stepping {
            try startStepped(c, record: record, blaming: blamed, visibleBefore: before, body)
            return
        }
        let pending = session.beginOperation(record ? c.command.description : nil)
        let result = Result { try body() }
        if tracing, case .success = result {
            for event in session.currentEvents { writeEvent(event) }
        }
        try end(pending, result, context: c, blaming: blamed, visibleBefore: before)
    }

    func writeEvent(_ event: LayoutCycleEvent) {
        if options.json {
            output.writeLine(JSONFormat.event(event).serialized)
        } else {
            var lines = TraceFormat.lines(for: event, color: options.color)
            // A layout written without LayoutKit's helpers counts nothing:
            // `prepare()` alone, as its frames show it, not `(touched 0, sections 0)`.
            if case .prepared = event, !session.frameLog.countsWork(session.collectionView.collectionViewLayout) {
                lines = FrameLog.withoutCounters(lines)
            }
            for line in lines { output.writeLine(line) }
        }
    }

    /// How many new layout warnings one command shows; the rest are counted.
    /// A layout warns per section (an item too wide in each of 10,000
    /// sections), and a screenful of the same warning hides everything else.
    static let warningsShownPerCommand = 3

    func reportNewWarnings(_ c: CommandContext) {
        let warnings = session.layout.layoutWarnings
        let known = Set(reportedWarnings)
        report(warnings: warnings.filter { !known.contains($0) }, of: "the layout", at: c)
        reportedWarnings = warnings
    }

    /// Up to `warningsShownPerCommand` warnings at the command, then a note
    /// counting the rest. All of them wait for the next `check`.
    private func report(warnings: [String], of source: String, at c: CommandContext) {
        noteForCheck(warnings)
        for warning in warnings.prefix(Self.warningsShownPerCommand) {
            report(Diagnostic(.warning, warning, at: c.command.range, in: c.file), trail: c.trail)
        }
        let hidden = warnings.count - Self.warningsShownPerCommand
        if hidden > 0 {
            report(Diagnostic(.note, "\(hidden) more warning\(hidden == 1 ? "" : "s") of \(source) not shown"), trail: c.trail)
        }
    }

    /// Keeps `warnings` for the next `check`, each once (a layout that warns on
    /// every pass of a session that never checks does not grow it without bound).
    func noteForCheck(_ warnings: [String]) {
        for warning in warnings { noteForCheck(LayoutChecks.Finding(check: .warning, element: nil, message: warning)) }
    }

    /// Keeps one finding for the next `check`, once.
    func noteForCheck(_ finding: LayoutChecks.Finding) {
        guard warningsSinceCheck.count < 100, !warningsSinceCheck.contains(where: { $0.message == finding.message }) else { return }
        warningsSinceCheck.append(finding)
    }

    /// The collection view's warnings (UIKit's checks on the layout's answers,
    /// docs/language.md "UIKit's checks"), at the command that ran into them.
    func reportCollectionViewWarnings(_ c: CommandContext) {
        report(warnings: session.collectionView.takeWarnings(), of: "the collection view", at: c)
        // stk's own limits: said, and never a finding of `check` or verify.
        for note in session.collectionView.takeNotes() {
            report(Diagnostic(.note, note, at: c.command.range, in: c.file), trail: c.trail)
        }
    }

    /// Prints what a query answers: JSON in --json mode, text otherwise.
    func answer(text: @autoclosure () -> String, json: @autoclosure () -> JSONValue) {
        if options.json {
            output.writeLine(json().serialized)
        } else {
            let text = text()
            // Most answers are one line: written as they are, not split.
            guard text.containsLineFeed else { return output.writeLine(text) }
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { output.writeLine(String(line)) }
        }
    }
}

/// The command being run, with where it came from.
struct CommandContext {
    let command: Command
    let file: SourceFile
    let trail: [Diagnostic.IncludeSite]
}

/// An error in a command, placed at an argument when one is to blame.
struct CommandError: Error {
    let message: String
    let range: SourceRange?
    let suggestion: String?
    init(_ message: String, at range: SourceRange? = nil, suggestion: String? = nil) {
        self.message = message
        self.range = range
        self.suggestion = suggestion
    }
}

/// A failed `expect`, at the expectation's range.
struct ExpectationFailure: Error {
    let message: String
    let range: SourceRange
}

/// Thrown when an included script stopped the run (it already reported why).
struct StopRun: Error {}
