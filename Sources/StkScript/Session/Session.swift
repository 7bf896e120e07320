import Foundation
import LayoutKit

/// One stk session: a collection view, its current layout and options, the
/// events of the last operation (for `context`, `trace` and `step`), and the
/// history that `undo` and `save` use. The REPL, script files, `-e` and
/// `stk test` are front ends over the same Session.
///
/// Session methods validate first and throw `SessionError` without changing
/// anything; a front end turns the error into a diagnostic at the command's
/// source location.
public final class Session: LayoutCycleObserver {
    public let registry: LayoutRegistry
    public private(set) var collectionView: CollectionView
    public private(set) var layoutName: String
    public private(set) var layout: CollectionViewLayout
    /// Options set explicitly since the last `layout` command, in order.
    private(set) var explicitOptions: [(name: String, value: LayoutOptionValue)] = []
    /// The data's section and item identifiers (`snapshot`), kept in step.
    var identifiers = IdentifierTracker(itemCounts: Array(repeating: SessionDefaults.itemsPerSection, count: SessionDefaults.sectionCount))

    /// Events of the operation in progress and of the last one that reported any.
    public private(set) var currentEvents: [LayoutCycleEvent] = []
    public private(set) var lastOperationEvents: [LayoutCycleEvent] = []
    private var recording = false

    /// Commands that changed state, as replayable source text (for `save`).
    public var history: [String] { commandHistory.commands }
    private var commandHistory = CommandHistory()
    private var undoStack = UndoStates()
    /// The sections of the last state taken, which the next one shares.
    private var lastSections: SharedSections?
    /// The collection view and its `sectionsGeneration` when `lastSections`
    /// was taken from it (or restored to it): while both are the same, its
    /// data are still exactly `lastSections`, and taking them again costs
    /// nothing. Weak: a view that is gone may leave its address to a new one.
    private weak var lastSectionsView: CollectionView?
    private var lastSectionsGeneration = 0
    /// The command the last `undo` reverted (nil: `reset`).
    public private(set) var lastUndoneCommand: String?
    /// How many states `undo` keeps.
    public var undoLimit = 200
    /// Every layout pass of the operations that changed state (`export html`).
    public let frameLog = FrameLog()

    public init(registry: LayoutRegistry = .shared) throws {
        self.registry = registry
        guard let entry = registry.entry(named: SessionDefaults.layoutName) else {
            throw SessionError("the default layout '\(SessionDefaults.layoutName)' is not registered")
        }
        layoutName = SessionDefaults.layoutName
        layout = try entry.descriptor.makeLayout()
        collectionView = CollectionView(size: SessionDefaults.viewport, layout: layout)
        collectionView.maximumVisibleElements = Limits.visibleElements
        try collectionView.reloadData(itemCounts: Array(repeating: SessionDefaults.itemsPerSection, count: SessionDefaults.sectionCount))
        collectionView.observer = self
        provideIdentifiers(to: collectionView)
        defaultData = (collectionView, collectionView.sectionsGeneration)
    }

    /// The collection view a new session starts with and the generation of
    /// its data then (`holdsDefaultData`).
    private var defaultData: (view: CollectionView, generation: Int)?

    /// Whether the data is still the new session's (`SessionDefaults`'
    /// sections), never changed by a command.
    public var holdsDefaultData: Bool {
        guard let defaultData else { return false }
        return defaultData.view === collectionView && defaultData.generation == collectionView.sectionsGeneration
    }

    /// A diffable data source that the layout reads (a view controller's
    /// `dataSource`) answers with the session's identifiers, those `snapshot`
    /// shows.
    private func provideIdentifiers(to cv: CollectionView) {
        cv.identifiersProvider = { [weak self] in self?.identifiers.current() }
    }

    // MARK: Observing the layout cycle

    public func collectionView(_ collectionView: CollectionView, didReport event: LayoutCycleEvent) {
        guard recording else { return }
        // Room for a pass's usual events (a scroll's are eight) at once, not
        // grown one by one; only the last operation's are kept.
        if currentEvents.capacity == 0 { currentEvents.reserveCapacity(8) }
        currentEvents.append(event)
        frameLog.observe(event, in: collectionView)
        steppedOperation?.pause(after: event)
    }

    /// The operation `step` runs phase by phase, while it runs: each event
    /// pauses it (see `beginOperation`).
    public var steppedOperation: ResumableOperation?

    /// Runs a state-changing operation: records its events, and on success
    /// pushes the previous state for `undo` and appends `source` to the history.
    /// On failure nothing changes (the model refuses before changing anything;
    /// a failed multi-step operation is rolled back to the saved state).
    ///
    /// An operation that left the state as it was (`scroll to` the current
    /// offset, `set` an option to its current value) is neither an undo step
    /// nor history: `undo` reverts the last command that changed something.
    /// `recordsUnchanged` keeps such a command anyway, for commands whose
    /// effect lies outside the state (`load` registers layouts).
    public func perform(_ source: String?, recordsUnchanged: Bool = false, _ body: () throws -> Void) throws {
        let operation = beginOperation(source, recordsUnchanged: recordsUnchanged)
        try endOperation(operation, Result { try body() })
    }

    /// An operation begun and not yet ended: what ending it needs.
    public struct PendingOperation {
        fileprivate let before: SessionState
        fileprivate let source: String?
        fileprivate let recordsUnchanged: Bool
    }

    /// The first half of `perform`, for an operation that runs in phases
    /// (`step`): from here on its events are recorded.
    public func beginOperation(_ source: String?, recordsUnchanged: Bool = false) -> PendingOperation {
        let operation = PendingOperation(before: state(), source: source, recordsUnchanged: recordsUnchanged)
        currentEvents = []
        frameLog.begin()
        recording = true
        return operation
    }

    /// The second half of `perform`, given how the operation's body ended: on
    /// success pushes the state before the operation for `undo` and appends
    /// its source to the history (once, however many phases it ran in); on
    /// failure, or a view left overfull, restores that state and throws.
    public func endOperation(_ operation: PendingOperation, _ result: Result<Void, Error>) throws {
        recording = false
        let before = operation.before
        do {
            try result.get()
            try refuseOverfullView()
        } catch {
            // A multi-step operation (scroll steps, a batch with options) may have
            // changed part of the state before failing: restore it whole.
            if !stateMatches(before) { try? restore(before) }
            currentEvents = []
            frameLog.discard()
            throw error
        }
        if !currentEvents.isEmpty { lastOperationEvents = currentEvents }
        if !operation.recordsUnchanged && changedNothing(since: before) { return frameLog.discard() }
        frameLog.commit(operation.source ?? "reset", in: collectionView)
        undoStack.push(before.undone(by: operation.source), keeping: undoLimit)
        if let source = operation.source { commandHistory.append(source) }
    }


    /// A pass whose visible rect held more elements than `Limits.visibleElements`
    /// (the layout stopped making them): the operation is refused and undone.
    private func refuseOverfullView() throws {
        guard collectionView.takeVisibleLimitExceeded() else { return }
        throw CollectionViewError("the view would show more than \(Limits.visibleElements) elements at once, far more than any screen: refused (make the items larger, or the data smaller)")
    }

    // MARK: State for undo

    func state() -> SessionState {
        SessionState(layoutName: layoutName, options: explicitOptions, sections: currentSections(),
                     bounds: collectionView.bounds, contentInset: collectionView.contentInset,
                     safeAreaInsets: collectionView.safeAreaInsets, scrollView: ScrollViewSettings(of: collectionView),
                     history: commandHistory, identifiers: identifiers)
    }

    /// The collection view's sections as an undo state keeps them: the last
    /// ones taken while the data has not changed since, else taken again
    /// (one pass over the sections), sharing every chunk that did not change.
    private func currentSections() -> SharedSections {
        if let last = lastSections, lastSectionsView === collectionView,
           lastSectionsGeneration == collectionView.sectionsGeneration {
            return last
        }
        let sections = SharedSections(collectionView.sections, sharingWith: lastSections)
        noteCurrentSections(sections)
        return sections
    }

    /// Records that the collection view's data are now exactly `sections`.
    private func noteCurrentSections(_ sections: SharedSections) {
        lastSections = sections
        lastSectionsView = collectionView
        lastSectionsGeneration = collectionView.sectionsGeneration
    }

    private func stateMatches(_ s: SessionState) -> Bool {
        s.layoutName == layoutName && s.sections.equals(collectionView.sections) && s.bounds == collectionView.bounds
            && s.contentInset == collectionView.contentInset && s.safeAreaInsets == collectionView.safeAreaInsets
            && s.scrollView == ScrollViewSettings(of: collectionView)
            && s.options.map(\.name) == explicitOptions.map(\.name) && s.options.map(\.value) == explicitOptions.map(\.value)
    }

    /// Whether the session is as it was in `s`, option values compared as the
    /// layout sees them (`set pinLimit=lastItem` at the default changes nothing).
    private func changedNothing(since s: SessionState) -> Bool {
        guard s.layoutName == layoutName, sectionsUnchanged(since: s), s.bounds == collectionView.bounds,
              s.contentInset == collectionView.contentInset, s.safeAreaInsets == collectionView.safeAreaInsets,
              s.scrollView == ScrollViewSettings(of: collectionView),
              // An outline's state that shows nowhere yet (a leaf expanded).
              s.identifiers.outlines == identifiers.outlines
        else { return false }
        return effectiveOptions(s.options) == effectiveOptions(explicitOptions)
    }

    /// Whether the data are still `s`'s: the same chunks when they are
    /// taken sharing with `s`'s (as after `beginOperation`), at no cost while
    /// the data have not changed; compared section by section otherwise.
    private func sectionsUnchanged(since s: SessionState) -> Bool {
        let sharesWithState = lastSections?.isSame(as: s.sections) ?? false
        if currentSections().isSame(as: s.sections) { return true }
        return sharesWithState ? false : s.sections.equals(collectionView.sections)
    }

    /// Every option of the current layout with its value: the default unless set.
    private func effectiveOptions(_ explicit: [(name: String, value: LayoutOptionValue)]) -> [String: LayoutOptionValue] {
        var values: [String: LayoutOptionValue] = [:]
        for option in descriptor.options { values[option.name] = option.defaultValue }
        for (name, value) in explicit { values[name] = value }
        return values
    }

    /// Rebuilds the session from a state: a fresh layout with the options, the
    /// data, the insets and the bounds. Not recorded as an operation.
    ///
    /// What it costs is what differs from the current state: the data are the
    /// current view's, rewritten where the state's differ (`SharedSections.patch`),
    /// and a built-in flow layout starts from the geometry the current one
    /// computed, laying out again only the sections whose data differ (its
    /// answers are a fresh layout's, bit for bit). A layout loaded from a
    /// plugin starts from nothing, as it always has.
    func restore(_ s: SessionState) throws {
        guard let entry = registry.entry(named: s.layoutName) else {
            throw SessionError("layout '\(s.layoutName)' is no longer registered")
        }
        let newLayout = try viewOfSize(of: s).receivingLayout { try entry.descriptor.makeLayout() }
        for (name, value) in s.options { try entry.descriptor.setOption(name, to: value, on: newLayout) }
        keepOptions(s.options, over: newLayout, of: entry.descriptor)
        // Checked before the data leave the current view, so that a refusal
        // leaves the session as it was (a recorded state was valid when taken).
        try Validate.insets(s.contentInset, "contentInset")
        try Validate.insets(s.safeAreaInsets, "safeAreaInsets")
        try Validate.point(s.bounds.origin, "contentOffset")
        try Validate.size(s.bounds.size, "bounds size")
        let old = collectionView
        // A built-in flow layout that does not size its cells answers from
        // the data, its metrics and the final bounds and insets alone, however
        // it got there: it gets the insets before the data, so that the
        // geometry it adopted is met at the width it was computed for, and
        // its first pass is at the state's offset (a pass at the top, then
        // one to scroll, was half of an undo).
        var insetsFirst = false
        if entry.origin == LayoutRegistry.builtInOrigin, let flow = newLayout as? CollectionViewFlowLayout,
           let previous = layout as? CollectionViewFlowLayout {
            flow.adoptGeometry(of: previous)
            insetsFirst = !flow.isSelfSizing
        }
        // Pinning derived from motion would see none in a first pass at the offset.
        let startsAtOffset = insetsFirst && !entry.descriptor.derivesPinned
        let cv = try CollectionView(bounds: startsAtOffset ? s.bounds : CGRect(origin: .zero, size: s.bounds.size), layout: newLayout)
        cv.maximumVisibleElements = Limits.visibleElements
        cv.derivesPinnedFromMotion = entry.descriptor.derivesPinned
        // Its passes lay out the state's data: a data source reads the state's identifiers.
        var restoredIdentifiers = s.identifiers
        cv.identifiersProvider = { restoredIdentifiers.current() }
        s.scrollView.apply(to: cv)
        if insetsFirst {
            try cv.setContentInset(s.contentInset)
            try cv.setSafeAreaInsets(s.safeAreaInsets)
        }
        let current = currentSections()
        var data = old.takeSections()
        old.handOverAttributes(to: newLayout)
        current.patch(&data, into: s.sections)
        cv.restoreSections(data, continuingFrom: old)
        if !insetsFirst {
            try cv.setContentInset(s.contentInset)
            try cv.setSafeAreaInsets(s.safeAreaInsets)
        }
        try cv.setBounds(s.bounds)
        cv.observer = self
        collectionView = cv
        noteCurrentSections(s.sections)
        layout = newLayout
        layoutName = s.layoutName
        explicitOptions = s.options
        commandHistory = s.history
        identifiers = s.identifiers
        provideIdentifiers(to: cv)
    }

    /// The collection view a state's layout is made for: the layout code of
    /// a screen reads its view (`collectionView.frame.width` in
    /// `viewDidLoad()`), which must be of the state's size and insets, not
    /// of the current ones (undoing `bounds 320x568` makes the layout again
    /// for the size before it). The current view when they are the same.
    private func viewOfSize(of s: SessionState) throws -> CollectionView {
        let current = collectionView
        guard current.bounds.size != s.bounds.size || current.contentInset != s.contentInset
                || current.safeAreaInsets != s.safeAreaInsets else { return current }
        let view = try CollectionView(bounds: CGRect(origin: .zero, size: s.bounds.size), layout: CollectionViewLayout())
        try view.setContentInset(s.contentInset)
        try view.setSafeAreaInsets(s.safeAreaInsets)
        return view
    }

    /// Makes the current layout again from its registry entry, over the same
    /// state: after `reload` replaced the entry with a new build. Neither an
    /// undo step nor history: the state is the same, only the code changed.
    public func remakeLayout() throws {
        try restore(state())
        lastOperationEvents = []
    }

    /// A digest of what replaying the session's commands must reproduce: the
    /// layout and its options, the data's shape, the geometry, the replayable
    /// history and the undo stack. The REPL compares the digest of a session
    /// rebuilt after a crash with the one the lost process reported, so a
    /// replay that came out different is said, never silent. It costs what the
    /// history and the undo stack weigh, not what the data does: the history
    /// is the source of the data.
    public var fingerprint: String {
        var digest = FNV1a()
        digest.add(state().digest)
        for command in commandHistory.commands { digest.add(command) }
        digest.add(UInt64(undoStack.count))
        for state in undoStack.kept { digest.add(state.digest) }
        return digest.hex
    }

    /// A new instance of the current layout, with the same options, prepared
    /// from scratch in a copy of the collection view: what the live layout
    /// must answer like (`stk verify`, `check`).
    public func freshReplica() throws -> CollectionView {
        let entry = registry.entry(named: layoutName)!
        let layout = try collectionView.receivingLayout { try entry.descriptor.makeLayout() }
        for (name, value) in explicitOptions { try entry.descriptor.setOption(name, to: value, on: layout) }
        keepOptions(explicitOptions, over: layout, of: entry.descriptor)
        let replica = try collectionView.makeReplica(layout: layout)
        return replica
    }

    /// `margins T,L,B,R`: layouts read `layoutMargins` when they next prepare;
    /// as in UIKit, a change of margins does not invalidate the layout.
    public func setLayoutMargins(_ margins: EdgeInsets) throws {
        try Validate.insets(margins, "layoutMargins")
        collectionView.layoutMargins = margins
    }

    /// Whether nothing has changed the session since it started (or since
    /// everything was undone).
    public var isPristine: Bool { undoStack.isEmpty && commandHistory.isEmpty }

    /// Reverts the last command that changed state. Returns false when there is nothing to undo.
    @discardableResult
    public func undo() throws -> Bool {
        guard let previous = undoStack.pop() else { return false }
        try restore(previous)
        lastUndoneCommand = previous.undoneCommand
        // The layout was rebuilt from scratch: the contexts of the command
        // undone no longer describe the last operation.
        lastOperationEvents = []
        frameLog.undo()
        return true
    }

    /// Back to how every session starts; `undo` can take it back.
    public func reset() throws {
        let defaults = SessionState(
            layoutName: SessionDefaults.layoutName, options: [],
            sections: SharedSections([], sharingWith: nil), bounds: CGRect(origin: .zero, size: SessionDefaults.viewport),
            contentInset: .zero, safeAreaInsets: .zero,
            scrollView: ScrollViewSettings(of: CollectionView(layout: CollectionViewLayout())), history: CommandHistory(),
            identifiers: IdentifierTracker(itemCounts: []))
        frameLog.startsOverAtNextCommit = true
        try perform(nil) {
            try restore(defaults)
            let counts = Array(repeating: SessionDefaults.itemsPerSection, count: SessionDefaults.sectionCount)
            try collectionView.reloadData(itemCounts: counts)
            identifiers.reset(itemCounts: counts)
        }
        commandHistory = CommandHistory()
    }

    // MARK: Layout and options

    public var descriptor: LayoutDescriptor {
        registry.entry(named: layoutName)!.descriptor
    }

    /// `layout NAME [key=value ...]`: a new layout with its options at their
    /// defaults, then the given ones.
    public func setLayout(_ name: String, options: [(name: String, value: LayoutOptionValue)]) throws {
        guard let entry = registry.entry(named: name) else {
            throw SessionError.unknownLayout(name, known: registry.names)
        }
        let newLayout = try collectionView.receivingLayout { try entry.descriptor.makeLayout() }
        for (option, value) in options {
            guard entry.descriptor.option(named: option) != nil else {
                throw SessionError.unknownOption(option, layout: name, known: entry.descriptor.options.map(\.name))
            }
            try entry.descriptor.setOption(option, to: value, on: newLayout)
        }
        keepOptions(options, over: newLayout, of: entry.descriptor)
        collectionView.derivesPinnedFromMotion = entry.descriptor.derivesPinned
        try collectionView.setCollectionViewLayout(newLayout)
        layout = newLayout
        layoutName = name
        explicitOptions = options
    }

    /// A screen's code that runs at each new size of its view
    /// (`viewDidLayoutSubviews()` sizing the items from the view's width)
    /// runs before the options the user gave (`layout NAME itemSize=...`,
    /// `set`), which stay what the user said: `options` while the layout is
    /// not the session's (being restored, or a replica's), the session's
    /// options as they are then once it is.
    private func keepOptions(_ options: [(name: String, value: LayoutOptionValue)], over layout: CollectionViewLayout,
                             of descriptor: LayoutDescriptor) {
        guard let screenCode = layout.__stkViewDidLayoutSubviews else { return }
        layout.__stkViewDidLayoutSubviews = { [weak self] layout in
            screenCode(layout)
            let current = self.flatMap { $0.layout === layout ? $0.explicitOptions : nil } ?? options
            // Values the layout took when they were given.
            for (name, value) in current { try? descriptor.setOption(name, to: value, on: layout) }
        }
    }

    /// `set key=value ...` on the current layout. All values are checked first.
    public func setOptions(_ options: [(name: String, value: LayoutOptionValue)]) throws {
        for (option, _) in options where descriptor.option(named: option) == nil {
            throw SessionError.unknownOption(option, layout: layoutName, known: descriptor.options.map(\.name))
        }
        for (option, value) in options {
            try descriptor.setOption(option, to: value, on: layout)
            explicitOptions.removeAll { $0.name == option }
            explicitOptions.append((option, value))
        }
        collectionView.layoutIfNeeded()
    }

    /// The current value of every option of the current layout.
    public func optionValues() -> [(option: LayoutOption, value: LayoutOptionValue)] {
        descriptor.options.map { ($0, descriptor.optionValue($0.name, of: layout) ?? $0.defaultValue) }
    }
}

/// A refused session command. The front end places it at the command's source
/// range, or at `argumentIndex`'s range when the error is about one argument.
public struct SessionError: Error, CustomStringConvertible {
    public var message: String
    /// A near name to suggest ("did you mean 'flow-sticky'?").
    public var suggestion: String?
    public init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }
    public var description: String { message }

    static func unknownLayout(_ name: String, known: [String]) -> SessionError {
        SessionError("unknown layout '\(name)' (known: \(known.joined(separator: ", ")))",
                     suggestion: NearMiss.nearest(to: name, among: known))
    }

    static func unknownOption(_ name: String, layout: String, known: [String]) -> SessionError {
        SessionError("layout '\(layout)' has no option '\(name)' (options: \(known.joined(separator: ", ")))",
                     suggestion: NearMiss.nearest(to: name, among: known))
    }
}


/// A 64-bit FNV-1a digest of strings, each ended by a zero byte: stable across
/// processes, unlike Swift's seeded `Hasher`.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ string: String) {
        for byte in string.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = value &* 0x100_0000_01b3
    }
    mutating func add(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { value = (value ^ ((number >> UInt64(shift)) & 0xff)) &* 0x100_0000_01b3 }
    }
    var hex: String { String(value, radix: 16) }
}

/// The undo states, at most a number of them, the oldest dropped first.
/// Dropping one from the front of an array per command moved all the others
/// (a few percent of a long script's time): a dropped state is let go at once
/// (its slot emptied), and the empty slots go in bulk, once they are as many
/// as the states kept.
struct UndoStates {
    private var slots: [SessionState?] = []
    /// Slots before this index are empty.
    private var first = 0

    var count: Int { slots.count - first }
    var isEmpty: Bool { count == 0 }
    /// The states kept, oldest first.
    var kept: [SessionState] { slots[first...].compactMap { $0 } }

    mutating func push(_ state: SessionState, keeping limit: Int) {
        slots.append(state)
        while count > max(limit, 0) {
            slots[first] = nil
            first += 1
        }
        if first > 0, first >= count {
            slots.removeFirst(first)
            first = 0
        }
    }

    mutating func pop() -> SessionState? {
        guard count > 0 else { return nil }
        return slots.removeLast()
    }
}
