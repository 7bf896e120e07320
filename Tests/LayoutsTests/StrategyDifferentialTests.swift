import Foundation
import Testing
import LayoutKit
import StkTestSupport
import FlowSticky
import GlobalStretchy
import FadingFirstHeader

/// Complete contexts, checked differentially: after every step of a seeded
/// random sequence (scrolls, including bouncing past either end; resizes;
/// insets; option changes through setOption, valid and refused; size
/// overrides; batch updates; reloads) the incrementally invalidated layout must
/// give every element exactly the attributes a brand-new layout with the same
/// options gives it in a second collection view with the same state, and its
/// rect queries must equal a brute-force filter of those attributes.
///
/// A context that leaves out an element whose attributes changed shows up
/// here as a difference; the step, its action and the last actions are printed
/// so the sequence can be replayed from the seed.
@Suite struct StrategyDifferentialTests {
    typealias T = FlowPluginsTesting

    static let descriptors: [String: LayoutDescriptor] = [
        FlowStickyPlugin.name: FlowStickyPlugin.descriptor,
        GlobalStretchyPlugin.name: GlobalStretchyPlugin.descriptor,
        FadingFirstHeaderPlugin.name: FadingFirstHeaderPlugin.descriptor,
    ]

    static let stepsPerRun = 400

    /// Two seeds per layout.
    static let runs: [(String, UInt64)] = [
        (FlowStickyPlugin.name, 1), (FlowStickyPlugin.name, 2),
        (GlobalStretchyPlugin.name, 3), (GlobalStretchyPlugin.name, 4),
        (FadingFirstHeaderPlugin.name, 5), (FadingFirstHeaderPlugin.name, 6),
    ]

    @Test(arguments: runs)
    func incrementalLayoutEqualsAFreshOne(layoutName: String, seed: UInt64) throws {
        let descriptor = try #require(Self.descriptors[layoutName])
        var driver = RandomDriver(descriptor: descriptor, seed: seed)
        let cv = CollectionView(size: CGSize(width: 390, height: 844), layout: try descriptor.makeLayout())
        let recorder = cv.startRecording()
        try cv.reloadData(itemCounts: [6, 0, 12, 3, 9])
        var history: [String] = []
        for step in 0..<Self.stepsPerRun {
            recorder.reset()
            let action = try driver.step(cv)
            history.append(action.description)
            cv.layoutIfNeeded()
            if action.isPlainScroll {
                // A scroll never needs the flow recomputed: its contexts name elements only.
                for context in recorder.invalidations where context.isFullInvalidation {
                    Issue.record("\(layoutName) seed \(seed) step \(step) \(action): a scroll produced a full invalidation \(context)")
                }
            }
            let fresh = try T.freshCopy(of: cv, descriptor: descriptor)
            let problems = T.differences(live: cv, fresh: fresh, extraRects: [driver.randomRect(around: cv)])
            if !problems.isEmpty {
                Issue.record("""
                    \(layoutName) seed \(seed) step \(step): \(action)
                    last actions: \(history.suffix(8).joined(separator: " | "))
                    options: \(descriptor.options.map { "\($0.name)=\((cv.collectionViewLayout as? ConfigurableLayout)?.optionValue($0.name).map(\.description) ?? "?")" }.joined(separator: " "))
                    \(problems.prefix(12).joined(separator: "\n"))
                    """)
                return
            }
        }
    }
}

/// One random step applied to the live collection view.
struct DifferentialAction: CustomStringConvertible {
    var description: String
    /// An origin-only bounds change.
    var isPlainScroll = false
}

/// Picks and applies random steps. Values come from small lists with edge
/// cases (zero sizes, items wider than the viewport, empty sections).
struct RandomDriver {
    let descriptor: LayoutDescriptor
    var rng: SplitMix64

    init(descriptor: LayoutDescriptor, seed: UInt64) {
        self.descriptor = descriptor
        rng = SplitMix64(seed: seed)
    }

    static let viewportSizes = [CGSize(width: 390, height: 844), CGSize(width: 320, height: 568), CGSize(width: 390, height: 300),
                                CGSize(width: 700, height: 400), CGSize(width: 250, height: 900)]
    static let insets = [EdgeInsets.zero, EdgeInsets(top: 64, left: 0, bottom: 34, right: 0),
                         EdgeInsets(top: 10, left: 20, bottom: 30, right: 5), EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)]
    /// Item sizes have no zero side: LayoutKit answers rect queries for
    /// zero-area items inconsistently (uniform sections never return them,
    /// sections with per-item sizes do when `CGRect.overlaps` says so), which is
    /// the engine's to settle, not these layouts'.
    static let itemSizes = [CGSize(width: 50, height: 50), CGSize(width: 30, height: 70), CGSize(width: 120, height: 40),
                            CGSize(width: 44, height: 44), CGSize(width: 400, height: 30), CGSize(width: 70, height: 20),
                            CGSize(width: 100, height: 100), CGSize(width: 1, height: 60)]
    /// Header and footer sizes: a zero length means no header; the cross-axis side is ignored.
    static let supplementarySizes = [CGSize(width: 0, height: 0), CGSize(width: 44, height: 44), CGSize(width: 0, height: 60),
                                     CGSize(width: 120, height: 40), CGSize(width: 70, height: 20), CGSize(width: 100, height: 100),
                                     CGSize(width: 390, height: 200)]
    static let numbers: [Double] = [0, 5, 10, 17.5, 30, 60, 150]

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<C: RandomAccessCollection>(_ c: C) -> C.Element { c.randomElement(using: &rng)! }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

    func isHorizontal(_ cv: CollectionView) -> Bool {
        (cv.collectionViewLayout as? CollectionViewFlowLayout)?.scrollDirection == .horizontal
    }

    /// A point with `along` on the scroll axis and `across` on the other.
    func point(along: CGFloat, across: CGFloat, _ cv: CollectionView) -> CGPoint {
        isHorizontal(cv) ? CGPoint(x: along, y: across) : CGPoint(x: across, y: along)
    }

    mutating func randomRect(around cv: CollectionView) -> CGRect {
        let content = cv.contentSize
        let x = CGFloat(Double.random(in: -100...Double(max(content.width, 1)) + 100, using: &rng))
        let y = CGFloat(Double.random(in: -100...Double(max(content.height, 1)) + 100, using: &rng))
        // Not empty: whether an empty rect meets anything is the same grey zone.
        return CGRect(x: x, y: y, width: CGFloat(int(1...500)), height: CGFloat(int(1...500)))
    }

    mutating func step(_ cv: CollectionView) throws -> DifferentialAction {
        let roll = Double.random(in: 0..<1, using: &rng)
        let layout = cv.collectionViewLayout as! ConfigurableLayout
        let horizontal = isHorizontal(cv)
        let contentLength = horizontal ? cv.contentSize.width : cv.contentSize.height
        let viewport = horizontal ? cv.bounds.width : cv.bounds.height
        let along = horizontal ? cv.contentOffset.x : cv.contentOffset.y
        switch roll {
        case ..<0.30:
            // Anywhere from well before the start to past the end (bouncing both ways).
            let target = CGFloat(Double.random(in: -300...Double(max(0, contentLength - viewport)) + 300, using: &rng)).rounded()
            let across: CGFloat = chance(0.1) ? CGFloat(int(-40...40)) : 0
            let offset = point(along: target, across: across, cv)
            try cv.setContentOffset(offset)
            return DifferentialAction(description: "scroll to \(offset.stk)", isPlainScroll: true)
        case ..<0.45:
            let delta = CGFloat(int(-60...60)) + (chance(0.3) ? 0.5 : 0)
            let offset = point(along: along + delta, across: horizontal ? cv.contentOffset.y : cv.contentOffset.x, cv)
            try cv.setContentOffset(offset)
            return DifferentialAction(description: "scroll by \(delta.stk) to \(offset.stk)", isPlainScroll: true)
        case ..<0.52:
            let size = pick(Self.viewportSizes)
            try cv.setBoundsSize(size)
            return DifferentialAction(description: "bounds \(size.stk)")
        case ..<0.56:
            let inset = pick(Self.insets)
            try cv.setContentInset(inset)
            return DifferentialAction(description: "inset \(inset)")
        case ..<0.60:
            let inset = pick(Self.insets)
            try cv.setSafeAreaInsets(inset)
            return DifferentialAction(description: "safearea \(inset)")
        case ..<0.73:
            return try changeOption(layout)
        case ..<0.81:
            guard let path = randomItem(cv) else { return DifferentialAction(description: "no item to size") }
            let size: CGSize? = chance(0.25) ? nil : pick(Self.itemSizes)
            try cv.setItemSize(size, at: path)
            return DifferentialAction(description: "size item \(path.stk) \(size?.stk ?? "default")")
        case ..<0.86:
            guard cv.numberOfSections > 0 else { return DifferentialAction(description: "no section to size") }
            let section = int(0...(cv.numberOfSections - 1))
            let kind = chance(0.6) ? ElementKind.sectionHeader : ElementKind.sectionFooter
            let size: CGSize? = chance(0.25) ? nil : pick(Self.supplementarySizes)
            try cv.setSupplementarySize(size, ofKind: kind, inSection: section)
            return DifferentialAction(description: "size \(kind) \(section) \(size?.stk ?? "default")")
        case ..<0.99:
            let updates = randomUpdates(cv)
            do {
                try cv.performBatchUpdates(updates)
            } catch let error as CollectionViewError {
                return DifferentialAction(description: "refused batch \(updates): \(error)")
            }
            return DifferentialAction(description: "batch \(updates)")
        default:
            let counts = (0..<int(1...6)).map { _ in int(0...14) }
            try cv.reloadData(itemCounts: counts)
            return DifferentialAction(description: "sections \(counts)")
        }
    }

    mutating func changeOption(_ layout: ConfigurableLayout) throws -> DifferentialAction {
        let option = pick(descriptor.options)
        let before = layout.optionValue(option.name)
        if chance(0.1) {
            // A refused value changes nothing.
            let bad: LayoutOptionValue
            switch option.type {
            case .bool: bad = .number(1)
            case .number, .integer: bad = .number(-1)
            case .size: bad = .size(CGSize(width: -1, height: 10))
            case .insets: bad = .insets(EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0))
            case .point: bad = .point(CGPoint(x: CGFloat.nan, y: 0))
            case .choice: bad = .word("nonsense")
            }
            do {
                try layout.setOption(option.name, to: bad)
                Issue.record("\(option.name)=\(bad) was accepted")
            } catch is CollectionViewError {}
            #expect(layout.optionValue(option.name) == before)
            return DifferentialAction(description: "refused \(option.name)=\(bad)")
        }
        let value: LayoutOptionValue
        switch option.type {
        case .bool: value = .bool(chance(0.5))
        case .number, .integer:
            value = option.allowsAutomatic && chance(0.3) ? .automatic : .number(pick(Self.numbers))
        case .size: value = .size(option.name == FlowOptions.itemSize ? pick(Self.itemSizes) : pick(Self.supplementarySizes))
        case .insets: value = .insets(pick([EdgeInsets.zero, EdgeInsets(top: 10, left: 20, bottom: 30, right: 5), EdgeInsets(top: 0, left: 50, bottom: 0, right: 50)]))
        case .point: value = .point(CGPoint(x: pick(Self.numbers), y: pick(Self.numbers)))
        case .choice(let words): value = .word(pick(words))
        }
        try layout.setOption(option.name, to: value)
        #expect(layout.optionValue(option.name) == value, "option \(option.name)")
        return DifferentialAction(description: "set \(option.name)=\(value)")
    }

    mutating func randomItem(_ cv: CollectionView) -> IndexPath? {
        let nonEmpty = (0..<cv.numberOfSections).filter { cv.numberOfItems(inSection: $0) > 0 }
        guard !nonEmpty.isEmpty else { return nil }
        let s = pick(nonEmpty)
        return IndexPath(item: int(0...(cv.numberOfItems(inSection: s) - 1)), section: s)
    }

    /// One or two updates that are valid together (different sections).
    mutating func randomUpdates(_ cv: CollectionView) -> [CollectionViewUpdate] {
        let n = cv.numberOfSections
        let kind = int(0...6)
        switch kind {
        case 0 where n < 8:
            return [.insertSection(int(0...n), itemCount: int(0...12))]
        case 1 where n > 1:
            return [.deleteSection(int(0...(n - 1)))]
        case 2 where n > 1:
            let from = int(0...(n - 1))
            var to = int(0...(n - 1))
            if to == from { to = (from + 1) % n }
            return [.moveSection(from, to: to)]
        case 3:
            guard let path = randomItem(cv) else { return [.insertSection(0, itemCount: 3)] }
            return [.deleteItem(path)]
        case 4 where n > 0:
            let s = int(0...(n - 1))
            guard cv.numberOfItems(inSection: s) < 20 else { return [] }
            return [.insertItem(IndexPath(item: int(0...cv.numberOfItems(inSection: s)), section: s))]
        case 5:
            guard let path = randomItem(cv) else { return [] }
            let count = cv.numberOfItems(inSection: path.section)
            return [.moveItem(path, to: IndexPath(item: int(0...(count - 1)), section: path.section))]
        default:
            // An insert and a delete in two different sections, in one batch.
            let nonEmpty = (0..<n).filter { cv.numberOfItems(inSection: $0) > 0 }
            guard nonEmpty.count >= 2 else { return n > 0 ? [.reloadSection(int(0...(n - 1)))] : [] }
            let a = pick(nonEmpty)
            let b = pick(nonEmpty.filter { $0 != a })
            return [.deleteItem(IndexPath(item: int(0...(cv.numberOfItems(inSection: a) - 1)), section: a)),
                    .insertItem(IndexPath(item: int(0...cv.numberOfItems(inSection: b)), section: b))]
        }
    }
}
