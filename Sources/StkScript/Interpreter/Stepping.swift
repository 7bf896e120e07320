import Foundation
import LayoutKit
import StkRender

/// A state-changing operation that `step` runs phase by phase: paused in the
/// middle of its layout cycle, with what ending it still needs.
final class PausedOperation {
    let run: ResumableOperation
    let pending: Session.PendingOperation
    /// The command that started it, where its errors and warnings are reported.
    let context: CommandContext
    /// The argument a refusal of the model blames (as `mutate` has it).
    let blamed: SourceRange?
    /// What was on screen before it (for `check`).
    let visibleBefore: LayoutChecks.VisibleBefore
    /// The command's first word, for the prompt (`scroll`).
    let verb: String
    /// The bounds changes it plans (`scroll by … steps=8`), when more than one.
    let plannedBoundsChanges: Int?
    /// The bounds changes it began so far (each begins with should-invalidate).
    var boundsChanges = 0
    /// The phase it is paused after.
    var phase: LayoutCycleEvent
    /// The phases shown so far: each pause shows its phase.
    var phasesShown: Int { run.phaseCount }

    init(run: ResumableOperation, pending: Session.PendingOperation, context: CommandContext, blamed: SourceRange?,
         visibleBefore: LayoutChecks.VisibleBefore, phase: LayoutCycleEvent) {
        self.run = run
        self.pending = pending
        self.context = context
        self.blamed = blamed
        self.visibleBefore = visibleBefore
        self.phase = phase
        verb = context.command.description.split(separator: " ").first.map(String.init) ?? ""
        switch context.command.kind {
        case let .scrollBy(_, steps): plannedBoundsChanges = (steps?.value ?? 1) > 1 ? steps?.value : nil
        case let .scrollFling(_, steps): plannedBoundsChanges = steps?.value ?? CollectionView.defaultAnimationSteps
        case let .scrollSection(_, verb, _, steps):
            plannedBoundsChanges = verb == .fling ? steps?.value ?? CollectionView.defaultAnimationSteps : ((steps?.value ?? 1) > 1 ? steps?.value : nil)
        default: plannedBoundsChanges = nil
        }
        count(phase)
    }

    func count(_ event: LayoutCycleEvent) {
        if case .shouldInvalidateAsked = event { boundsChanges += 1 }
    }

    /// `scroll 3/8 prepare`: the operation, which bounds change of how many
    /// when it plans several, and the phase.
    var tag: String {
        var parts = [verb]
        if let planned = plannedBoundsChanges { parts.append("\(max(boundsChanges, 1))/\(planned)") }
        parts.append(phase.phaseName)
        return parts.joined(separator: " ")
    }
}

// step, next, continue; what a paused operation does to the other commands.
//
// With `step on`, a state-changing command starts its operation and pauses it
// after its first phase (see ResumableOperation): the layout, the collection
// view and the data are as they are at that moment of UIKit's cycle. `attr`,
// `visible`, `render`, `contentsize` and `expect` ask the layout then, without
// `prepare()`; `context` shows the contexts made so far. `next` runs it to its
// next phase, `continue` to its end. Any other command that needs the
// operation's result (a state change, `check`, `save`, `undo`) first runs it
// to its end, and says so. The operation stays one unit: one undo step, one
// line of history, its warnings and errors reported at its own command.
extension Interpreter {
    /// Commands that look at the paused moment without ending it.
    static func runsWhilePaused(_ kind: CommandKind) -> Bool {
        switch kind {
        case .attr, .visible, .contentSize, .context, .render, .trace, .next, .continue, .expect, .echo, .help,
             .options, .layouts:
            return true
        case .step(let on):
            return on.value
        case .export(let format, _, _):
            // A picture of the paused moment; a page holds finished operations.
            return format.value == .svg
        default:
            return false
        }
    }

    /// The prompt's note while an operation is paused (`scroll 3/8 prepare`).
    public var pausedOperationTag: String? { paused?.tag }

    /// Lays the collection view out before a query, as asking UIKit does,
    /// except while an operation is paused: the query then sees that moment.
    func layOutForQuery() {
        if paused == nil { session.collectionView.layoutIfNeeded() }
    }

    /// The events the queries describe: those of the paused operation so far,
    /// else those of the last operation.
    var eventsForQueries: [LayoutCycleEvent] {
        paused == nil ? session.lastOperationEvents : session.currentEvents
    }

    /// What the layout answers for the visible rect at the paused moment, as
    /// the collection view would take it: copies, in key order.
    func pausedAnswer() -> [CollectionViewLayoutAttributes] {
        let cv = session.collectionView
        let answer = (session.layout.layoutAttributesForElements(in: cv.bounds) ?? []).map { $0.copied() }
        for a in answer { cv.applyDerivedPinning(to: a) }
        return answer.sorted { $0.key < $1.key }
    }

    /// Starts the body of a state-changing command as a stepped operation,
    /// and shows its first phase. An operation without phases (`paging on`)
    /// ends at once, as it would straight through.
    func startStepped(_ c: CommandContext, record: Bool, blaming blamed: SourceRange?,
                      visibleBefore: LayoutChecks.VisibleBefore, _ body: @escaping () throws -> Void) throws {
        let pending = session.beginOperation(record ? c.command.description : nil)
        let run = ResumableOperation(body)
        session.steppedOperation = run
        switch run.advance() {
        case .finished(let result):
            session.steppedOperation = nil
            try end(pending, result, context: c, blaming: blamed, visibleBefore: visibleBefore)
        case .paused(let phase):
            paused = PausedOperation(run: run, pending: pending, context: c, blamed: blamed,
                                     visibleBefore: visibleBefore, phase: phase)
            if options.json {
                output.writeLine(JSONValue.object([("step", .string("start")), ("command", .string(c.command.description))]).serialized)
            } else {
                output.writeLine("step: '\(c.command.description)' paused after each phase; 'next' runs to the next one, 'continue' to the end")
            }
            writeEvent(phase)
        }
    }

    /// Ends an operation that ran (straight through or in steps): its undo
    /// step and history, or on failure the state as it was, then its warnings.
    func end(_ pending: Session.PendingOperation, _ result: Result<Void, Error>, context c: CommandContext,
             blaming blamed: SourceRange?, visibleBefore: LayoutChecks.VisibleBefore) throws {
        visibleBeforeLastOperation = visibleBefore
        do {
            try session.endOperation(pending, result)
        } catch {
            throw operationError(error, context: c, blaming: blamed)
        }
        reportNewWarnings(c)
    }

    /// A state-changing operation's error as the command reports it.
    func operationError(_ error: Error, context c: CommandContext, blaming blamed: SourceRange?) -> Error {
        guard let e = error as? CollectionViewError else { return error }
        let failure = CommandError(e.message, at: blamed ?? c.command.range)
        if case .scrollFling = c.command.kind, case .unusableLayoutAnswer = e {
            // The layout's answer is at fault, not the command: the next
            // `check` (and stk verify, which takes the refusal for the model's
            // otherwise) reports it too.
            noteForCheck(LayoutChecks.Finding(check: .warning, element: nil, message: e.message, stoppedTheScript: true))
        }
        return failure
    }

    func runNext(_ count: Int) throws {
        guard paused != nil else {
            throw CommandError(stepping ? "no phase to show: no operation is paused (run one: scroll, bounds, sections ...)"
                                        : "no phase to show: 'step on' first, then run an operation")
        }
        for _ in 0..<count {
            guard try advancePausedOperation() else { return }
        }
    }

    func runContinue() throws {
        guard paused != nil else { return }
        while try advancePausedOperation() {}
    }

    /// Runs the paused operation to its next phase and shows it. False when
    /// it ended instead (said, and its outcome reported).
    private func advancePausedOperation() throws -> Bool {
        guard let operation = paused else { return false }
        switch operation.run.advance() {
        case .paused(let phase):
            operation.phase = phase
            operation.count(phase)
            writeEvent(phase)
            return true
        case .finished(let result):
            output.writeLine(options.json ? JSONValue.object([("step", .string("end"))]).serialized : "step: end of operation")
            try conclude(operation, result)
            return false
        }
    }

    /// Before a command that needs the paused operation's result: runs it to
    /// its end without showing its phases, and says so.
    func finishPausedOperation(before c: CommandContext) throws {
        guard let operation = paused else { return }
        let (result, unseen) = runToEndUnseen(operation)
        report(Diagnostic(.note, "'\(operation.context.command.description)' ran to its end first (\(unseen), not shown)",
                          at: c.command.range, in: c.file), trail: c.trail)
        try conclude(operation, result)
    }

    /// Ctrl-C at the REPL's prompt while an operation is paused: it runs to
    /// its end (rather than being reverted: the state then is the one the
    /// command was typed for, and `undo` is one command away), and says so.
    public func finishPausedOperationOnInterrupt() {
        guard let operation = paused else { return }
        let (result, unseen) = runToEndUnseen(operation)
        report(Diagnostic(.note, "interrupted: '\(operation.context.command.description)' ran to its end (\(unseen), not shown)"), trail: [])
        do {
            try conclude(operation, result)
        } catch {
            report(diagnostic(for: error, context: operation.context), trail: operation.context.trail)
            status = max(status, .error)
        }
    }

    /// Runs the paused operation to its end without pausing again; with how
    /// many of its phases were never shown (`26 more phases`).
    private func runToEndUnseen(_ operation: PausedOperation) -> (Result<Void, Error>, unseen: String) {
        let result = operation.run.finish()
        let unseen = max(session.currentEvents.count - operation.phasesShown, 0)
        return (result, unseen == 1 ? "1 more phase" : "\(unseen) more phases")
    }

    /// The paused operation ended: one undo step, one line of history, and its
    /// errors and warnings at its own command.
    private func conclude(_ operation: PausedOperation, _ result: Result<Void, Error>) throws {
        paused = nil
        session.steppedOperation = nil
        let c = operation.context
        defer { reportCollectionViewWarnings(c) }
        do {
            try end(operation.pending, result, context: c, blaming: operation.blamed, visibleBefore: operation.visibleBefore)
        } catch {
            // Reported at the command that started it, wherever it ended.
            throw diagnostic(for: error, context: c)
        }
    }
}

