import Foundation
import LayoutKit
import StkBench

/// `stk verify LAYOUT`: seeded random sessions of operations on one layout,
/// with LayoutChecks after every step. The operations are `.stk` commands run
/// by an Interpreter, so the first failure shrinks to a short script that any
/// `stk` run replays: the commands, then `check`, which fails (exit 1) while
/// the bug is there and passes once it is fixed.
public final class Verifier {
    public struct Options: Sendable {
        public var seed: UInt64 = 1
        /// How many operations to run in all.
        public var operations = 1000
        /// The data every session starts with (`sections N items=M`).
        public var sections = 4
        public var itemsPerSection = 9
        /// Whether the report keeps the time of each checked operation (the
        /// operation and its checks), for `stk bench`.
        public var timesOperations = false
        /// Commands every session starts with, in place of `sections N
        /// items=M` (`stk verify --setup FILE.stk`): the data, options and
        /// bounds a layout is made for (`preamble` says where `layout NAME` goes).
        public var setup: [String]?
        /// Data changes keep the number of sections (`--keep-sections`): for
        /// a layout made for a fixed set of sections, such as a section
        /// provider with one kind of section per index.
        public var keepsSections = false
        /// Kinds of finding set aside (`--ignore KIND`): a known bug, accepted
        /// for now, that would otherwise fail every session at its first
        /// check and hide everything else. Reproducers end in `check except KIND`.
        public var ignoredChecks: Set<LayoutChecks.Finding.Check> = []
        /// A run that goes on where another ended (a session child started
        /// again after the layout crashed it): the operations already run,
        /// which count toward `operations`, and the checks whose findings
        /// were reported already (a crash), which do not fail again.
        public var operationsAlreadyRun = 0
        public var checksAlreadyReported: Set<LayoutChecks.Finding.Check> = []
        public init(seed: UInt64 = 1, operations: Int = 1000, sections: Int = 4, itemsPerSection: Int = 9,
                    timesOperations: Bool = false, setup: [String]? = nil) {
            self.setup = setup
            self.seed = seed
            self.operations = operations
            self.sections = sections
            self.itemsPerSection = itemsPerSection
            self.timesOperations = timesOperations
        }
    }

    /// The first failure: the operations that lead to it (shrunk), the
    /// findings after the last one, and the script that reproduces it.
    public struct Failure: Sendable, Codable {
        /// The operations of the shrunk session, in order; the last is the one
        /// after which the checks failed.
        public var operations: [String]
        /// How many operations the unshrunk failing session had.
        public var originalCount: Int
        public var findings: [LayoutChecks.Finding]
        /// How many operations of the run had been run when it failed, for
        /// a crash or a hang (which end their session child); nil for others.
        public var atOperation: Int?
        /// A crash in the checks after the last operation, which itself
        /// runs without one (`VerifyIsolation.crashesOnlyInTheChecks`).
        public var crashedInTheChecks = false

        public init(operations: [String], originalCount: Int, findings: [LayoutChecks.Finding]) {
            self.operations = operations
            self.originalCount = originalCount
            self.findings = findings
        }
    }

    public struct Report: Sendable, Codable {
        public var layout: String
        public var seed: UInt64
        /// Operations run and checked (refused ones included).
        public var operationsRun = 0
        /// Operations the model refused (an update out of range): they change nothing.
        public var operationsRefused = 0
        public var failure: Failure?
        /// Failures of other kinds the run met after the first (a finding
        /// whose check no earlier failure found), each shrunk; the run goes
        /// on after a failure, in a new session, to find them.
        public var otherFailures: [Failure] = []
        /// Every failure, the first one first.
        public var failures: [Failure] { (failure.map { [$0] } ?? []) + otherFailures }
        /// Elements named by scroll contexts, and how many of those had not changed.
        public var namedByContexts = 0
        public var namedButUnchanged = 0
        public var seconds = 0.0
        /// With `Options.timesOperations`: microseconds of each checked
        /// operation (the command, then the checks), in order.
        public var operationMicros: [Double] = []

        public var overInvalidationRatio: Double? {
            namedByContexts == 0 ? nil : Double(namedButUnchanged) / Double(namedByContexts)
        }

        public init(layout: String, seed: UInt64) {
            self.layout = layout
            self.seed = seed
        }

        /// A hang: `operations` (the last one still running after `seconds`)
        /// as a failure (shrunk by the caller, whose replays may hang).
        public static func hang(layout: String, seed: UInt64, operations: [String], operationsRun: Int, seconds: Double) -> Report {
            var report = Report(layout: layout, seed: seed)
            report.operationsRun = operationsRun
            let message = String(format: "'%@' did not finish within %g s: the layout hangs (an app would freeze)", operations.last ?? "", seconds)
            report.failure = Failure(operations: operations, originalCount: operations.count,
                                     findings: [LayoutChecks.Finding(check: .hang, element: nil, message: message)])
            report.failure?.atOperation = operationsRun
            return report
        }
    }

    public let layoutName: String
    public private(set) var options: Options
    let registry: LayoutRegistry
    let loadPlugin: ((String) throws -> [String])?
    /// Called every so often with the operations run so far (progress on a terminal).
    public var progress: ((Int) -> Void)?
    /// Called before each random operation runs, with the session's
    /// operations up to and including it and how many have run in all: a
    /// watchdog that finds it still running later names it (`--timeout`).
    public var willRunOperation: ((_ operations: [String], _ operationsRun: Int) -> Void)?
    /// Called when that operation and the checks after it are done.
    public var didRunOperation: (() -> Void)?
    /// Called with the report so far each time a failure joins it: a
    /// session child saves it, so that a crash later loses none of it.
    public var didRecordFailure: ((Report) -> Void)?

    /// A session is this many operations long; then a new one starts from the
    /// initial state (so a run explores many starts, and a failure's session
    /// is short before shrinking).
    static let sessionLength = 50

    public init(layoutName: String, options: Options, registry: LayoutRegistry = .shared,
                loadPlugin: ((String) throws -> [String])? = nil) {
        self.layoutName = layoutName
        self.options = options
        self.registry = registry
        self.loadPlugin = loadPlugin
    }

    /// The commands every session starts with: data small enough that a few
    /// screens hold all of it, and the layout made over it.
    var preamble: [String] { Self.preamble(layoutName: layoutName, options: options).commands }

    /// The commands shrinking never removes: up to the layout's.
    var fixedPrefix: Int { Self.preamble(layoutName: layoutName, options: options).fixedPrefix }

    /// The commands every session starts with, and how many of them
    /// shrinking keeps (up to the layout's).
    ///
    /// The layout is made over the session's data, as an app's is over its
    /// data source's: without a setup, `sections 4 items=9`, then `layout
    /// NAME` (a section provider with a kind of section per index, as
    /// Apple's samples have, holds from its first pass when it has as many
    /// kinds). With a setup, over the setup's data: a setup that
    /// starts with `sections` runs that first, then `layout`, then the rest
    /// (a layout that asserts its data in `prepare()`, one section for a
    /// cover flow, holds from its first pass); any other setup runs after
    /// `sections 0` and `layout`: a layout made for other data (a section
    /// provider for three sections) would warn about the default twenty
    /// before the setup makes its own. A setup that makes the layout itself,
    /// with options (`layout card-swiper cellHeight=500`, for a layout that
    /// needs one from its first pass), has its own line in place of
    /// `layout NAME`, where it stands.
    public static func preamble(layoutName: String, options: Options) -> (commands: [String], fixedPrefix: Int) {
        guard let setup = options.setup else {
            return (["sections \(options.sections) items=\(options.itemsPerSection)", "layout \(layoutName)"], 2)
        }
        if let own = setup.firstIndex(where: { makesLayout($0, named: layoutName) }) {
            let commands = (setup.first.map(isDataCommand) == true ? [] : ["sections 0"]) + setup
            return (commands, commands.count - setup.count + own + 1)
        }
        if let first = setup.first, isDataCommand(first) {
            return ([first, "layout \(layoutName)"] + setup.dropFirst(), 2)
        }
        return (["sections 0", "layout \(layoutName)"] + setup, 2)
    }

    /// The commands of a `--setup` script, one entry a line as a reproducer
    /// prints them: a line each, except that a block written over several
    /// lines (`batch` ... `end`, `snapshot edit` ... `apply`) is one entry,
    /// its lines joined with `;`, and a line ending in `\` goes on with the
    /// next. Comments, blank lines and `#>` outputs are left out. A script
    /// that ends inside a block is refused, at the line that opened it.
    public static func setupCommands(fromScript text: String, named name: String) throws -> [String] {
        var entries: [String] = []
        var open: (parts: [String], line: Int, continues: Bool)? = nil
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            var entry = open ?? (parts: [], line: index + 1, continues: false)
            if entry.continues, let last = entry.parts.popLast() {
                entry.parts.append(last.dropLast().trimmingCharacters(in: .whitespaces) + " " + line)
            } else {
                entry.parts.append(line)
            }
            switch Parser.inputStatus(of: entry.parts.joined(separator: "\n")) {
            case .complete:
                entries.append(entry.parts.joined(separator: "; "))
                open = nil
            case .needsMoreInput(let reason):
                entry.continues = reason == .lineContinuation
                open = entry
            }
        }
        if let open {
            throw SessionError("the setup script \(name) ends inside the entry that starts at line \(open.line) ('\(open.parts[0])'): close its block ('end' after 'batch', 'apply' after 'snapshot edit')")
        }
        return entries
    }

    /// `layout NAME ...` for this layout: a setup's own making of it.
    static func makesLayout(_ command: String, named layoutName: String) -> Bool {
        let words = command.split(separator: " ", omittingEmptySubsequences: true)
        return words.count >= 2 && words[0] == "layout" && words[1] == layoutName
    }

    /// `sections ...`: the command that gives a session its data.
    static func isDataCommand(_ command: String) -> Bool {
        command.split(separator: " ", maxSplits: 1).first == "sections"
    }

    public func run() throws -> Report {
        guard let entry = registry.entry(named: layoutName) else {
            throw SessionError.unknownLayout(layoutName, known: registry.names)
        }
        // A screen whose diffable data source names its sections with an
        // enum's cases, known at registration: its sessions start with no
        // more sections than the cases from the first command, as a setup
        // would give (its section provider may trap on any other).
        let registeredCases = entry.descriptor.sectionIdentifierCases
        if options.setup == nil, let cases = registeredCases {
            options.setup = ["sections \(min(cases, options.sections)) items=\(options.itemsPerSection)"]
        }
        if let other = options.setup?.first(where: { $0.split(separator: " ").first == "layout" && !Self.makesLayout($0, named: layoutName) }) {
            throw SessionError("the setup command '\(other)' makes another layout than the one verified (\(layoutName))")
        }
        let start = DispatchTime.now()
        var report = Report(layout: layoutName, seed: options.seed)
        report.operationsRun = options.operationsAlreadyRun
        var random = SplitMix64(seed: options.seed)
        // The checks whose findings a failure already reported: a session that
        // fails with only those ends, and the run goes on in a new one.
        var reported = options.checksAlreadyReported
        func record(_ failure: Failure) {
            if report.failure == nil { report.failure = failure } else { report.otherFailures.append(failure) }
            reported.formUnion(failure.findings.map(\.check))
            didRecordFailure?(report)
        }
        while report.operationsRun < options.operations {
            let session = try VerifySession(registry: registry, loadPlugin: loadPlugin)
            for (index, command) in preamble.enumerated() {
                let ran = watched(Array(preamble[...index]), report.operationsRun, session.run(command))
                // A setup command that does not run (the first `sections`
                // included) is the user's error, not a finding.
                if !ran && options.setup != nil && !Self.makesLayout(command, named: layoutName) {
                    throw SessionError("the setup command '\(command)' failed: \(session.lastDiagnostic ?? "refused")")
                }
            }
            // A diffable data source whose sections are an enum's cases has
            // no identifier past them: the default data, of more sections,
            // would make its section provider answer nil. The sessions start
            // with no more sections than it has cases, as a setup would give.
            if options.setup == nil, let cases = session.interpreter.session.collectionView.sectionIdentifierCases {
                options.setup = ["sections \(min(cases, options.sections)) items=\(options.itemsPerSection)"]
                continue
            }
            let findings = findingsNotIgnored(session.evaluate())
            if !findings.isEmpty {
                // Every session starts so: nothing else can be learned.
                record(Failure(operations: preamble, originalCount: preamble.count, findings: findings))
                break
            }
            var operations = preamble
            let length = min(Self.sessionLength, options.operations - report.operationsRun)
            for _ in 0..<length {
                // A data source whose sections are an enum's cases has no
                // identifier for a section added: such a layout keeps its sections.
                let keepsSections = options.keepsSections || registeredCases != nil
                    || session.interpreter.session.collectionView.sectionIdentifierCases != nil
                let command = OperationGenerator.next(for: session.interpreter.session, using: &random, keepingSections: keepsSections)
                operations.append(command)
                willRunOperation?(operations, report.operationsRun)
                let started = options.timesOperations ? DispatchTime.now().uptimeNanoseconds : 0
                if !session.run(command) { report.operationsRefused += 1 }
                report.operationsRun += 1
                var evaluation = session.evaluate()
                evaluation.findings = findingsNotIgnored(evaluation)
                didRunOperation?()
                if options.timesOperations {
                    report.operationMicros.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1000)
                }
                if report.operationsRun % 250 == 0 { progress?(report.operationsRun) }
                if !evaluation.findings.isEmpty {
                    if let new = evaluation.findings.first(where: { !reported.contains($0.check) }) {
                        // Shrunk for the kind not reported yet (findings first).
                        let findings = [new] + evaluation.findings.filter { $0 != new }
                        record(shrink(operations, findings: findings))
                    }
                    break
                }
                report.namedByContexts += evaluation.named
                report.namedButUnchanged += evaluation.namedButUnchanged
            }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return report
    }

    /// An evaluation's findings but those of the kinds set aside.
    private func findingsNotIgnored(_ evaluation: LayoutChecks.Evaluation) -> [LayoutChecks.Finding] {
        options.ignoredChecks.isEmpty ? evaluation.findings : evaluation.findings.filter { !options.ignoredChecks.contains($0.check) }
    }

    /// `ran`, a command's outcome, with the watchers told before and after
    /// it (a setup command may hang as well as a random operation).
    private func watched(_ operations: [String], _ operationsRun: Int, _ ran: @autoclosure () -> Bool) -> Bool {
        willRunOperation?(operations, operationsRun)
        defer { didRunOperation?() }
        return ran()
    }

    /// Runs `operations` from a fresh session, then the checks unless
    /// `checks` is false (`stk verify --replay`, a candidate of a crash's
    /// shrinking, which either crashes the process or returns).
    public func replay(_ operations: [String], checks: Bool = true) {
        guard !checks else { return _ = fails(operations) }
        guard let session = try? VerifySession(registry: registry, loadPlugin: loadPlugin) else { return }
        for command in operations { session.run(command) }
    }

    // MARK: Shrinking

    /// Whether running `operations` from a fresh session fails the checks
    /// after the last one; the findings if so.
    func fails(_ operations: [String]) -> [LayoutChecks.Finding]? {
        guard let session = try? VerifySession(registry: registry, loadPlugin: loadPlugin) else { return nil }
        for command in operations { session.run(command) }
        let findings = findingsNotIgnored(session.evaluate())
        return findings.isEmpty ? nil : findings
    }

    /// Delta debugging (ddmin, without the complements step): removes ever
    /// smaller chunks of the operations before the last while the checks
    /// still fail after the last with a finding of the same kind. The first
    /// (`layout NAME`) always stays.
    func shrink(_ operations: [String], findings: [LayoutChecks.Finding]) -> Failure {
        let kind = findings[0].check
        func stillFails(_ candidate: [String]) -> [LayoutChecks.Finding]? {
            guard let found = fails(candidate), found.contains(where: { $0.check == kind }) else { return nil }
            return found
        }
        var currentFindings = findings
        var current = DeltaDebugging.shrink(operations, fixedPrefix: fixedPrefix, maximumTries: 2000) { candidate in
            guard let found = stillFails(candidate) else { return false }
            currentFindings = found
            return true
        }.operations
        // The failing operation itself may not be needed: the bug may show
        // after the one before it.
        while current.count > fixedPrefix, let found = stillFails(Array(current.dropLast())) {
            current.removeLast()
            currentFindings = found
        }
        return Failure(operations: current, originalCount: operations.count, findings: currentFindings)
    }

    // MARK: The reproducer

    /// A script that fails with the bug and passes once it is fixed: the
    /// shrunk operations, then `check`.
    public static func reproducer(for failure: Failure, report: Report, plugins: [String],
                                  ignoring ignored: Set<LayoutChecks.Finding.Check> = []) -> String {
        let hangs = failure.findings.contains { $0.check == .hang }
        let crashes = failure.findings.contains { $0.check == .crash }
        var text = "# stk verify \(report.layout) --seed \(report.seed): a reproducer, shrunk from \(failure.originalCount) operations.\n"
        // A fling whose target the layout cannot give fails as a command: the
        // script stops there, before `check`.
        let stops = failure.findings.contains(where: \.stoppedTheScript)
        if hangs {
            text += "# It hangs at its last operation while the layout has the bug (stk test --timeout stops it), and passes once it is fixed:\n"
        } else if crashes {
            text += failure.crashedInTheChecks
                ? "# It crashes in the check after its last operation while the layout has the bug (exit 2: stk reports the crash), and passes once it is fixed:\n"
                : "# It crashes at its last operation while the layout has the bug (exit 2: stk reports the crash), and passes once it is fixed:\n"
        } else {
            text += stops ? "# It fails (exit 2: the fling stops it) while the layout has the bug, and passes once it is fixed:\n"
                          : "# It fails (exit 1) while the layout has the bug, and passes once it is fixed:\n"
        }
        text += "#   stk \(plugins.map { "--plugin \($0) " }.joined())FILE.stk\n"
        text += "# What the checks found after the last operation:\n"
        for finding in failure.findings.prefix(10) { text += "#   \(finding)\n" }
        if failure.findings.count > 10 { text += "#   ... and \(failure.findings.count - 10) more\n" }
        for operation in failure.operations { text += operation + "\n" }
        // The kinds set aside stay aside: the check fails with this bug only.
        let except = LayoutChecks.Finding.Check.words(of: ignored)
        text += except.isEmpty ? "check\n" : "check except \(except.joined(separator: " "))\n"
        return text
    }
}

/// A session run by commands, quietly.
final class VerifySession {
    let interpreter: Interpreter
    private let output = OutputBuffer()

    init(registry: LayoutRegistry, loadPlugin: ((String) throws -> [String])?) throws {
        let session = try Session(registry: registry)
        session.frameLog.isEnabled = false // never exported: no frames to keep
        interpreter = Interpreter(session: session, output: output)
        interpreter.loadPlugin = loadPlugin
    }

    /// Runs one command; false when it was refused.
    @discardableResult
    func run(_ command: String) -> Bool {
        interpreter.status = .success
        output.clear()
        ScriptRunner(interpreter: interpreter).run(text: command, name: "<verify>")
        return interpreter.status == .success
    }

    /// The first line of the last command's first diagnostic.
    var lastDiagnostic: String? {
        output.diagnostics.first?.split(separator: "\n").first.map(String.init)
    }

    /// What `check` would find after the last command, with its over-invalidation.
    func evaluate() -> LayoutChecks.Evaluation {
        interpreter.checkEvaluation()
    }
}

/// Random operations as `.stk` commands, drawn to exercise what layouts get
/// wrong: scrolls small and large (with steps), flings (with paging and
/// deceleration rates), resizes (rotations), insets, option changes, data
/// changes and batch updates, reloads, and cells that size themselves
/// (`prefer`, with `estimatedItemSize` among the option changes).
enum OperationGenerator {
    static func next(for session: Session, using random: inout SplitMix64, keepingSections: Bool = false) -> String {
        var draw = OperationDraw(session: session, random: random, keepingSections: keepingSections)
        let operation = draw.operation()
        random = draw.random
        return operation
    }

    /// `snapshot edit; ...; apply`: one to four edits that the snapshot accepts
    /// (each drawn against the snapshot as the earlier ones left it).
    static func snapshotEdit(_ snapshot: inout DiffableSnapshot, using random: inout SplitMix64, keepingSections: Bool) -> String {
        var edits: [String] = []
        var fresh = snapshot.nextItemNumber
        func pick<T>(_ list: [T]) -> T? { list.isEmpty ? nil : list[Int(random.below(UInt64(list.count)))] }
        for _ in 0..<(1 + random.below(4)) {
            let items = Array(snapshot.itemIdentifiers.joined())
            let sections = snapshot.sectionIdentifiers
            let position: DiffableSnapshot.Position = random.below(2) == 0 ? .before : .after
            let word = position == .before ? "before" : "after"
            switch random.below(keepingSections ? 5 : 7) {
            case 0:
                if let s = pick(sections) {
                    let id = "N\(fresh)"; fresh += 1
                    if (try? snapshot.appendItems([id], toSection: s)) != nil { edits.append("append items \(id) to \(s)") }
                }
            case 1:
                if let a = pick(items) {
                    let id = "N\(fresh)"; fresh += 1
                    if (try? snapshot.insertItems([id], position, a)) != nil { edits.append("insert items \(id) \(word) \(a)") }
                }
            case 2:
                if let i = pick(items), (try? snapshot.deleteItems([i])) != nil { edits.append("delete items \(i)") }
            case 3:
                if let i = pick(items), let a = pick(items), i != a, (try? snapshot.moveItem(i, position, a)) != nil {
                    edits.append("move item \(i) \(word) \(a)")
                }
            case 4:
                if let i = pick(items) { edits.append((random.below(2) == 0 ? "reload" : "reconfigure") + " items \(i)") }
            case 5:
                if let s = pick(sections), let a = pick(sections), s != a, (try? snapshot.moveSection(s, position, a)) != nil {
                    edits.append("move section \(s) \(word) \(a)")
                }
            default:
                let id = "T\(fresh)"; fresh += 1
                if (try? snapshot.appendSections([id])) != nil { edits.append("append sections \(id)") }
            }
        }
        return (["snapshot edit"] + edits + ["apply"]).joined(separator: "; ")
    }

    /// `set NAME=VALUE` for a random option of the layout, with a value near
    /// its default (sizes that fit the smallest viewport); nil when the layout
    /// has no option to vary.
    static func optionChange(_ descriptor: LayoutDescriptor, using random: inout SplitMix64) -> String? {
        let candidates = descriptor.options.filter {
            switch $0.defaultValue {
            case .bool, .number, .size: return true
            default: return false
            }
        }
        guard !candidates.isEmpty else { return nil }
        let option = candidates[Int(random.below(UInt64(candidates.count)))]
        let factor = [0.5, 1.0, 1.5, 2.0][Int(random.below(4))]
        switch option.defaultValue {
        case .bool(let b): return "set \(option.name)=\(random.below(2) == 0 ? !b : b)"
        case .number(let n):
            let value = n == 0 ? Double(random.below(30)) : (n * factor).rounded()
            return "set \(option.name)=\(Int(value))"
        case .size where option.name == FlowOptions.estimatedItemSize:
            // Self-sizing on, with an estimate of a real cell's order (the
            // sizes `prefer` draws), or off again.
            if random.below(4) == 0 { return "set \(option.name)=0x0" }
            return "set \(option.name)=\(20 + random.below(140))x\(20 + random.below(100))"
        case .size(let s):
            // At most what the smallest viewport holds (300 wide; 390 high
            // less the largest inset drawn, 20 + 20): an item larger than its
            // flow is UIKit's warning, and the generator's doing, not the layout's.
            let w = s.width == 0 ? Double(random.below(60)) : min(300, (Double(s.width) * factor).rounded())
            let h = s.height == 0 ? Double(random.below(60)) : min(350, (Double(s.height) * factor).rounded())
            return "set \(option.name)=\(Int(w))x\(Int(h))"
        default: return nil
        }
    }
}

/// One draw of `OperationGenerator.next`: the view as it stood when the draw
/// began, and the generator, which the draw holds until it is done (`next`
/// hands it back) so that its steps draw from it in the same order as one
/// function would. A step's draws are in the order of its text, left to right:
/// reordering them would change what a seed replays.
private struct OperationDraw {
    let session: Session
    let cv: CollectionView
    let keepingSections: Bool
    var random: SplitMix64
    /// How far the view scrolls each way (0 when its content fits).
    let maxX: CGFloat
    let maxY: CGFloat
    let sections: Int
    /// The sections that scroll on their own: a compositional layout's
    /// orthogonal rows (none for other layouts).
    let rows: [Int]

    init(session: Session, random: SplitMix64, keepingSections: Bool) {
        self.session = session
        self.random = random
        self.keepingSections = keepingSections
        cv = session.collectionView
        let content = cv.contentSize
        let bounds = cv.bounds
        maxX = max(0, content.width - bounds.width)
        maxY = max(0, content.height - bounds.height)
        let sections = cv.numberOfSections
        self.sections = sections
        rows = (cv.collectionViewLayout as? CollectionViewCompositionalLayout).map { layout in
            (0..<sections).filter { layout.orthogonalOffset(ofSection: $0) != nil }
        } ?? []
    }

    /// The operation, chosen by one draw out of 100; the ranges are the odds.
    mutating func operation() -> String {
        let choice = random.below(100)
        switch choice {
        // A quarter of the scrolls go to an orthogonal row where there is one
        // (other layouts draw as before).
        case 0..<45 where !rows.isEmpty && random.below(4) == 0:
            return rowScroll()
        case 0..<25:
            return "scroll to \(coordinate(maxX)),\(coordinate(maxY))"
        case 25..<38:
            let dx = Int(random.below(81)) - 40, dy = Int(random.below(301)) - 150
            return "scroll by \(maxX > 0 ? dx : 0),\(dy) steps=\(1 + random.below(4))"
        case 38..<45:
            let steps = random.below(3) == 0 ? "" : " steps=\(1 + random.below(12))"
            return "scroll fling \(flingVelocity(maxX > 0)),\(flingVelocity(maxY > 0 || maxX == 0))\(steps)"
        case 45..<47:
            // Where a fling proposes to stop: page boundaries, or a rate.
            return random.below(2) == 0 ? "paging \(random.below(2) == 0 ? "on" : "off")"
                                        : "deceleration \(random.below(2) == 0 ? "normal" : "fast")"
        case 47..<53:
            let sizes = ["390x844", "844x390", "320x568", "768x1024", "300x500"]
            return "bounds \(sizes[Int(random.below(UInt64(sizes.count)))])"
        case 53..<57:
            return "inset \(random.below(3) * 10),0,\(random.below(3) * 10),0"
        case 57..<64:
            let descriptor = session.descriptor
            if let option = OperationGenerator.optionChange(descriptor, using: &random) { return option }
            return "scroll to 0,\(coordinate(maxY))"
        case 64..<72:
            let s = section()
            // With no section (a setup that gives no data), item 0:0, which
            // the session refuses: reading section 0's count crashed verify
            // itself, and the crash was blamed on the layout.
            return "insert item \(s):\(min(item(in: s) ?? 0, sections == 0 ? 0 : cv.numberOfItems(inSection: min(s, sections - 1))))"
        case 72..<80:
            let s = section()
            guard let i = item(in: s) else { return "insert item \(s):0" }
            return "delete item \(s):\(i)"
        case 80..<83:
            return preference()
        case 83..<85 where keepingSections:
            return "reload section \(section())"
        case 83..<85:
            return sectionChange()
        default:
            return dataChange(choice)
        }
    }

    /// The operations drawn 85 and up (`choice`): an item's size, a batch
    /// update, a snapshot applied, a reload, or new data.
    private mutating func dataChange(_ choice: UInt64) -> String {
        switch choice {
        case 85..<90:
            let s = section()
            guard let i = item(in: s) else { return "reload section \(s)" }
            return "size item \(s):\(i) \(20 + random.below(100))x\(20 + random.below(100))"
        case 93..<95:
            // A diffable data source's apply: a few edits of the identifiers,
            // performed as the difference (one batch update).
            var snapshot = session.identifiers.snapshot(itemCounts: cv.itemCounts)
            let keepingSections = keepingSections
            return OperationGenerator.snapshotEdit(&snapshot, using: &random, keepingSections: keepingSections)
        case 90..<93:
            let s = section()
            guard let i = item(in: s) else { return "reload section \(s)" }
            return "batch; delete item \(s):\(i); insert item \(s):0; end"
        case 95..<98:
            return "reload section \(section())"
        default:
            return newData()
        }
    }

    /// A scroll of one orthogonal row: to an offset, by a distance, or a fling.
    private mutating func rowScroll() -> String {
        let row = rows[Int(random.below(UInt64(rows.count)))]
        switch random.below(3) {
        case 0: return "scroll section \(row) to \(Int(random.below(1200)) - 100)"
        case 1: return "scroll section \(row) by \(Int(random.below(601)) - 300) steps=\(1 + random.below(4))"
        default: return "scroll section \(row) fling \((Int(random.below(80)) - 40) * 100) steps=\(1 + random.below(6))"
        }
    }

    /// A release at up to 4,000 points per second (a fast swipe), or none (a
    /// bounce settling); the layout's
    /// targetContentOffset(forProposedContentOffset:withScrollingVelocity:)
    /// decides where the animation ends. No draw on an axis that cannot scroll.
    private mutating func flingVelocity(_ scrolls: Bool) -> Int {
        guard scrolls, random.below(5) != 0 else { return 0 }
        return (Int(random.below(80)) - 40) * 100
    }

    /// Self-sizing: what a cell's content wants, mostly for cells on screen
    /// (measured at once), else for one the view will reach or a whole
    /// section (or, in a compositional layout, what a header wants); a flow
    /// layout takes it once an option change sets its estimatedItemSize.
    private mutating func preference() -> String {
        guard sections > 0 else { return newData() }
        let wanted = random.below(10) == 0 ? "none" : "\(20 + random.below(140))x\(20 + random.below(100))"
        let visible = cv.indexPathsForVisibleItems
        switch random.below(10) {
        case 0..<5 where !visible.isEmpty:
            let p = visible[Int(random.below(UInt64(visible.count)))]
            return "prefer item \(p.section):\(p.item) \(wanted)"
        case 0..<7:
            let s = section()
            guard let i = item(in: s) else { return "prefer section \(s) \(wanted)" }
            return "prefer item \(s):\(i) \(wanted)"
        default:
            // A compositional layout measures headers too (an estimated
            // boundary item); drawn for it alone, so that every other
            // layout's draws stay as they were.
            if cv.collectionViewLayout is CollectionViewCompositionalLayout, random.below(2) == 0 {
                return "prefer header \(section()) \(wanted)"
            }
            return "prefer section \(section()) \(wanted)"
        }
    }

    /// A section inserted (of up to 7 items) or deleted; where there is at
    /// most one section, a section of 3 items is inserted instead.
    private mutating func sectionChange() -> String {
        random.below(2) == 0 ? "insert section \(Int(random.below(UInt64(sections + 1)))) items=\(random.below(8))"
                             : (sections > 1 ? "delete section \(section())" : "insert section 0 items=3")
    }

    /// A scroll coordinate up to 60 points past either end of `limit`, where
    /// layouts meet their edge cases.
    private mutating func coordinate(_ limit: CGFloat) -> Int { Int(random.below(UInt64(max(1, limit + 120)))) - 60 }

    /// A random section (0 when there is none, so that the command is refused).
    private mutating func section() -> Int { sections == 0 ? 0 : Int(random.below(UInt64(sections))) }

    /// A random item of section `s`; nil, with nothing drawn, when it has none.
    private mutating func item(in s: Int) -> Int? {
        guard s < sections else { return nil }
        let count = cv.numberOfItems(inSection: s)
        return count == 0 ? nil : Int(random.below(UInt64(count)))
    }

    /// New data: as many sections as now when they must be kept, else 1 to 5.
    private mutating func newData() -> String {
        keepingSections ? "sections \(max(1, sections)) items=\(random.below(12))" : "sections \(1 + random.below(5)) items=\(random.below(12))"
    }
}

extension SplitMix64 {
    /// Uniform in 0..<bound (bound > 0).
    mutating func below(_ bound: UInt64) -> UInt64 { UInt64(next(below: Int(bound))) }
}
