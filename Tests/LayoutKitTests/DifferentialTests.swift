import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// The backbone (docs/semantics.md, "Correctness of a context"): after any sequence of
/// operations, the incrementally invalidated flow layout answers exactly as a
/// brand-new one prepared from scratch on the same state, and every rect query
/// equals the brute-force filter of all attributes by CGRect.overlaps.
@Suite struct DifferentialTests {

    /// One random sequence. `delegate`: the flow delegate path (a delegate with
    /// UIKit's default answers) instead of stk's own overrides.
    /// Which flow delegate the collection view has.
    enum DelegateKind: String, Sendable {
        /// None: stk's own overrides (uniform sections take the arithmetic path).
        case none
        /// A delegate with UIKit's default answers (the layout's values and overrides).
        case defaults
        /// A delegate whose answers vary with the section and item.
        case varying
    }

    struct Run: Sendable, CustomTestStringConvertible {
        var seed: UInt64
        var steps: Int
        var direction: Direction
        var delegate: DelegateKind
        /// A subclass whose cells float as well (the engine's floating-cell path).
        var stickyFirstItem = false
        /// Self-sizing cells: an estimate, and cells that declare what they want.
        var selfSizing = false
        var testDescription: String {
            "seed \(seed), \(direction.rawValue)\(delegate == .none ? "" : ", \(delegate.rawValue) delegate")\(stickyFirstItem ? ", sticky first item" : "")\(selfSizing ? ", self-sizing" : "")"
        }
        func makeLayout() -> CollectionViewFlowLayout { stickyFirstItem ? StickyFirstItemLayout() : CollectionViewFlowLayout() }
    }

    static let runs: [Run] = [
        Run(seed: 1, steps: 150, direction: .vertical, delegate: .none),
        Run(seed: 2, steps: 150, direction: .horizontal, delegate: .none),
        Run(seed: 3, steps: 150, direction: .vertical, delegate: .none),
        Run(seed: 4, steps: 150, direction: .horizontal, delegate: .none),
        Run(seed: 5, steps: 100, direction: .vertical, delegate: .defaults),
        Run(seed: 6, steps: 100, direction: .horizontal, delegate: .defaults),
        Run(seed: 9, steps: 100, direction: .vertical, delegate: .varying),
        Run(seed: 10, steps: 100, direction: .horizontal, delegate: .varying),
        Run(seed: 7, steps: 120, direction: .vertical, delegate: .none, stickyFirstItem: true),
        Run(seed: 8, steps: 120, direction: .horizontal, delegate: .none, stickyFirstItem: true),
        Run(seed: 11, steps: 150, direction: .vertical, delegate: .none, selfSizing: true),
        Run(seed: 12, steps: 150, direction: .horizontal, delegate: .none, selfSizing: true),
        Run(seed: 13, steps: 100, direction: .vertical, delegate: .varying, selfSizing: true),
        Run(seed: 14, steps: 120, direction: .vertical, delegate: .none, stickyFirstItem: true, selfSizing: true),
    ]

    final class DefaultDelegate: CollectionViewDelegateFlowLayout {}

    /// Per-section insets and spacings, per-item sizes (stk's overrides still
    /// win for items that have one); headers and footers as the layout says.
    final class VaryingDelegate: CollectionViewDelegateFlowLayout {
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
            if let override = collectionView.sections[indexPath.section].itemSizeOverride(at: indexPath.item) { return override }
            let s = CGFloat(indexPath.section), i = CGFloat(indexPath.item)
            return CGSize(width: 20 + (i * 37).truncatingRemainder(dividingBy: 90), height: 20 + (s * 13 + i * 7).truncatingRemainder(dividingBy: 50))
        }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, insetForSectionAt section: Int) -> EdgeInsets {
            let v = CGFloat(section % 3) * 5
            return EdgeInsets(top: v, left: v + 2, bottom: 7 - v / 5, right: v / 2)
        }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
            CGFloat(section % 4) * 3
        }
        func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
            CGFloat(section % 5) * 2.5
        }
    }

    @Test(arguments: runs)
    func liveLayoutMatchesAFreshOneAfterEveryStep(_ run: Run) throws {
        var rng = SplitMix64(seed: run.seed &* 0x5DEECE66D)
        let layout = run.makeLayout()
        layout.scrollDirection = run.direction.flow
        layout.headerReferenceSize = size(30, 30)
        layout.footerReferenceSize = size(12, 12)
        layout.sectionHeadersPinToVisibleBounds = true
        if run.selfSizing { layout.estimatedItemSize = size(50, 40) }
        let cv = CollectionView(size: run.direction.map(size(320, 480)), layout: layout)
        let delegate: CollectionViewDelegateFlowLayout? = switch run.delegate {
        case .none: nil
        case .defaults: DefaultDelegate()
        case .varying: VaryingDelegate()
        }
        cv.delegate = delegate
        try cv.reloadData(itemCounts: [12, 0, 25, 7, 18])
        var history: [String] = ["reloadData 12,0,25,7,18"]
        var refusals = 0
        var stepsWithFloatingCells = 0

        var measuredSteps = 0
        for step in 0..<run.steps {
            let op = run.selfSizing && rng.chance(0.3)
                ? Operation.randomSelfSizing(for: cv, using: &rng)
                : Operation.random(for: cv, layout: layout, using: &rng)
            history.append(op.description)
            let before = ModelSnapshot(cv)
            do {
                try op.apply(to: cv, layout: layout)
            } catch let error as CollectionViewError {
                // A refused operation leaves the model exactly as it was.
                refusals += 1
                let after = ModelSnapshot(cv)
                #expect(before == after, "step \(step): \(op) was refused (\(error)) but changed the model")
            }
            cv.layoutIfNeeded()
            let problems = try compareWithFreshLayout(cv, layout, fresh: freshCopy(of: layout, into: run.makeLayout()), rng: &rng)
            if cv.visibleAttributes.values.contains(where: { $0.representedElementCategory == .cell && $0.isPinned }) {
                stepsWithFloatingCells += 1
            }
            if cv.sections.contains(where: { !$0.measuredSizes.isEmpty }) { measuredSteps += 1 }
            if !problems.isEmpty {
                Issue.record("""
                    \(run.testDescription), step \(step): the live layout differs after \(op)
                    last operations:\n  \(history.suffix(8).joined(separator: "\n  "))
                    \(problems.prefix(8).joined(separator: "\n"))
                    """)
                return
            }
        }
        // The sequence must mostly consist of accepted operations to mean anything.
        #expect(refusals < run.steps / 4, "\(refusals) refusals in \(run.steps) steps")
        if run.stickyFirstItem {
            #expect(stepsWithFloatingCells >= run.steps / 10, "cells floated in only \(stepsWithFloatingCells) steps")
        }
        if run.selfSizing {
            #expect(measuredSteps >= run.steps / 3, "cells were measured in only \(measuredSteps) steps")
        }
        withExtendedLifetime(delegate) {}
    }

    /// Everything a refused operation must leave untouched.
    struct ModelSnapshot: Equatable {
        var sections: [SectionData], bounds: CGRect, contentInset: EdgeInsets, safeAreaInsets: EdgeInsets
        var visible: [ElementKey: CGRect]
        init(_ cv: CollectionView) {
            (sections, bounds, contentInset, safeAreaInsets) = (cv.sections, cv.bounds, cv.contentInset, cv.safeAreaInsets)
            visible = cv.visibleAttributes.mapValues(\.frame)
        }
    }

    /// Compares the live layout with a fresh one on a replica of the collection
    /// view, and rect queries with brute force. Returns the problems found.
    func compareWithFreshLayout(_ cv: CollectionView, _ live: CollectionViewFlowLayout, fresh: CollectionViewFlowLayout,
                                rng: inout SplitMix64) throws -> [String] {
        var problems: [String] = []
        let replica = try cv.makeReplica(layout: fresh)

        // Every element, one by one.
        let all = attributesByElement(live, in: cv)
        problems += differences(all, attributesByElement(fresh, in: replica)).map { "element: \($0)" }
        if live.collectionViewContentSize != fresh.collectionViewContentSize {
            problems.append("content size: live \(live.collectionViewContentSize.stk), fresh \(fresh.collectionViewContentSize.stk)")
        }

        // The whole content and the bounds (everything lies in it: a pinned
        // header can leave the content only with the pin line, inside the
        // bounds, as the last header does with pinLimit nextHeader), and the bounds.
        let content = live.collectionViewContentSize
        let whole = CGRect(x: -1000, y: -1000, width: content.width + 2000, height: content.height + 2000).union(cv.bounds)
        let liveWhole = byKey(live.layoutAttributesForElements(in: whole) ?? [])
        problems += differences(liveWhole, byKey(fresh.layoutAttributesForElements(in: whole) ?? [])).map { "whole content query: \($0)" }
        problems += differences(liveWhole, all, names: ("whole content query", "one by one")).map { "whole content query: \($0)" }
        let liveVisible = byKey(live.layoutAttributesForElements(in: cv.bounds) ?? [])
        problems += differences(liveVisible, byKey(fresh.layoutAttributesForElements(in: cv.bounds) ?? [])).map { "bounds query: \($0)" }
        problems += differences(liveVisible, bruteForce(all, in: cv.bounds), names: ("bounds query", "brute force")).map { "bounds query: \($0)" }
        problems += differences(cv.visibleAttributes, liveVisible, names: ("visibleAttributes", "bounds query")).map { "visible: \($0)" }

        // Random rects, and rects whose edges sit exactly on an element's edges.
        var rects: [CGRect] = []
        for _ in 0..<4 {
            rects.append(CGRect(x: CGFloat.random(in: -100...(content.width + 100), using: &rng),
                                y: CGFloat.random(in: -100...(content.height + 100), using: &rng),
                                width: CGFloat.random(in: 0...500, using: &rng), height: CGFloat.random(in: 0...500, using: &rng)))
        }
        if let e = all.values.randomElement(using: &rng)?.frame {
            rects.append(CGRect(x: -10, y: e.maxY, width: content.width + 20, height: 200))           // starts at its bottom edge
            rects.append(CGRect(x: -10, y: e.minY - 200, width: content.width + 20, height: 200))     // ends at its top edge
            rects.append(CGRect(x: e.maxX, y: -10, width: 300, height: content.height + 20))          // starts at its right edge
            rects.append(CGRect(x: e.minX - 300, y: -10, width: 300, height: content.height + 20))    // ends at its left edge
            rects.append(e)
        }
        for r in rects {
            let answer = byKey(live.layoutAttributesForElements(in: r) ?? [])
            problems += differences(answer, bruteForce(all, in: r), names: ("query \(r.stk)", "brute force")).map { "rect: \($0)" }
        }
        return problems
    }

    // MARK: Operations

    enum Operation: CustomStringConvertible {
        case scroll(CGPoint)
        case resize(CGRect)
        case contentInset(EdgeInsets)
        case safeArea(EdgeInsets)
        case property(String, (CollectionViewFlowLayout) -> Void)
        case itemSize(CGSize?, IndexPath)
        case supplementarySize(CGSize?, String, Int)
        case batch([CollectionViewUpdate])
        case reload([Int])
        case prefer(CGSize?, IndexPath)
        case preferSection(CGSize?, Int)
        case fling(CGPoint)

        var description: String {
            switch self {
            case .scroll(let p): return "scroll to \(p.stk)"
            case .resize(let r): return "bounds \(r.stk)"
            case .contentInset(let i): return "contentInset \(i)"
            case .safeArea(let i): return "safeAreaInsets \(i)"
            case .property(let what, _): return "set \(what)"
            case .itemSize(let s, let p): return "size of item \(p.stk) = \(s?.stk ?? "default")"
            case .supplementarySize(let s, let kind, let section): return "size of \(kind) \(section) = \(s?.stk ?? "default")"
            case .batch(let updates): return "batch [\(updates.map(\.description).joined(separator: "; "))]"
            case .reload(let counts): return "reloadData \(counts.map(String.init).joined(separator: ","))"
            case .prefer(let s, let p): return "prefer item \(p.stk) \(s?.stk ?? "none")"
            case .preferSection(let s, let section): return "prefer section \(section) \(s?.stk ?? "none")"
            case .fling(let v): return "fling \(v.stk)"
            }
        }

        func apply(to cv: CollectionView, layout: CollectionViewFlowLayout) throws {
            switch self {
            case .scroll(let p): try cv.setContentOffset(p)
            case .resize(let r): try cv.setBounds(r)
            case .contentInset(let i): try cv.setContentInset(i)
            case .safeArea(let i): try cv.setSafeAreaInsets(i)
            case .property(_, let change): change(layout)
            case .itemSize(let s, let p): try cv.setItemSize(s, at: p)
            case .supplementarySize(let s, let kind, let section): try cv.setSupplementarySize(s, ofKind: kind, inSection: section)
            case .batch(let updates): try cv.performBatchUpdates(updates)
            case .reload(let counts): try cv.reloadData(itemCounts: counts)
            case .prefer(let s, let p): try cv.setPreferredSize(s, at: p)
            case .preferSection(let s, let section): try cv.setPreferredSize(s, inSection: section)
            case .fling(let v): try cv.fling(velocity: v, steps: 4)
            }
        }

        /// A length: mostly multiples of 1/4, sometimes an arbitrary decimal (whose
        /// sums are not exact in binary), sometimes zero.
        static func length(_ range: ClosedRange<CGFloat>, using rng: inout SplitMix64) -> CGFloat {
            let roll = Double.random(in: 0..<1, using: &rng)
            if roll < 0.05 { return 0 }
            if roll < 0.25 { return (CGFloat.random(in: range, using: &rng) * 10).rounded() / 10 }
            return rng.multiple(of: 0.25, in: range)
        }

        static func insets(_ max: CGFloat, using rng: inout SplitMix64) -> EdgeInsets {
            EdgeInsets(top: length(0...max, using: &rng), left: length(0...max, using: &rng),
                       bottom: length(0...max, using: &rng), right: length(0...max, using: &rng))
        }

        static func random(for cv: CollectionView, layout: CollectionViewFlowLayout, using rng: inout SplitMix64) -> Operation {
            let horizontal = layout.scrollDirection == .horizontal
            let content = layout.collectionViewContentSize
            let length = horizontal ? content.width : content.height
            let roll = Int.random(in: 0..<100, using: &rng)
            switch roll {
            case 0..<34:
                // Scrolls, including negative offsets and offsets past the end.
                var along = CGFloat.random(in: -300...(length + 300), using: &rng).rounded()
                if rng.chance(0.3) { along += 0.5 }
                let across: CGFloat = rng.chance(0.15) ? CGFloat.random(in: -40...40, using: &rng).rounded() : 0
                return .scroll(horizontal ? CGPoint(x: along, y: across) : CGPoint(x: across, y: along))
            case 34..<42:
                var r = cv.bounds
                if rng.chance(0.5) { r.size.width = Self.length(40...600, using: &rng) }
                if rng.chance(0.6) { r.size.height = Self.length(40...900, using: &rng) }
                if rng.chance(0.3) { r.origin.y += CGFloat.random(in: -100...100, using: &rng).rounded() }
                return .resize(r)
            case 42..<46:
                return rng.chance(0.5) ? .contentInset(insets(40, using: &rng)) : .safeArea(insets(30, using: &rng))
            case 46..<62:
                return randomProperty(using: &rng)
            case 62..<74:
                if cv.numberOfSections == 0 { return .reload([3, 4]) }
                let s = Int.random(in: 0..<cv.numberOfSections, using: &rng)
                if rng.chance(0.6), cv.numberOfItems(inSection: s) > 0 {
                    let item = Int.random(in: 0..<cv.numberOfItems(inSection: s), using: &rng)
                    let newSize = rng.chance(0.2) ? nil : CGSize(width: Self.length(0...220, using: &rng), height: Self.length(0...120, using: &rng))
                    return .itemSize(newSize, .ip(s, item))
                }
                let kind = rng.chance(0.5) ? ElementKind.sectionHeader : ElementKind.sectionFooter
                let l = Self.length(0...70, using: &rng)
                return .supplementarySize(rng.chance(0.25) ? nil : CGSize(width: l, height: l), kind, s)
            case 74..<97:
                return .batch(randomBatch(cv, using: &rng))
            default:
                return .reload((0..<Int.random(in: 0...6, using: &rng)).map { _ in Int.random(in: 0...30, using: &rng) })
            }
        }

        /// What self-sizing adds: declarations of what cells want, on screen
        /// and off, flings that measure along the way, the estimate changing.
        static func randomSelfSizing(for cv: CollectionView, using rng: inout SplitMix64) -> Operation {
            func wanted() -> CGSize? {
                rng.chance(0.1) ? nil : CGSize(width: length(10...200, using: &rng), height: length(10...120, using: &rng))
            }
            let n = cv.numberOfSections
            guard n > 0 else { return .reload([6, 9]) }
            let s = Int.random(in: 0..<n, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<2:
                return .preferSection(wanted(), s)
            case 2..<6:
                let visible = cv.indexPathsForVisibleItems
                if rng.chance(0.6), let p = visible.randomElement(using: &rng) { return .prefer(wanted(), p) }
                guard cv.numberOfItems(inSection: s) > 0 else { return .preferSection(wanted(), s) }
                return .prefer(wanted(), .ip(s, Int.random(in: 0..<cv.numberOfItems(inSection: s), using: &rng)))
            case 6..<9:
                let v = CGFloat.random(in: -4000...4000, using: &rng).rounded()
                let across = rng.chance(0.2) ? (v / 4).rounded() : 0
                let horizontal = (cv.collectionViewLayout as? CollectionViewFlowLayout)?.scrollDirection == .horizontal
                return .fling(horizontal ? CGPoint(x: v, y: across) : CGPoint(x: across, y: v))
            default:
                let e = CGSize(width: length(10...120, using: &rng), height: length(10...90, using: &rng))
                return .property("estimatedItemSize \(e.stk)") { $0.estimatedItemSize = e }
            }
        }

        /// The layout's length property at `path` set to `value`, named as the history prints it.
        static func length(_ name: String, _ path: ReferenceWritableKeyPath<CollectionViewFlowLayout, CGFloat>, _ value: CGFloat) -> Operation {
            .property("\(name) \(value.stk)") { $0[keyPath: path] = value }
        }

        /// The layout's size property at `path` set to `side` x `side` (a header or
        /// footer size, whose width or height the scroll direction picks).
        static func square(_ name: String, _ path: ReferenceWritableKeyPath<CollectionViewFlowLayout, CGSize>, _ side: CGFloat) -> Operation {
            .property("\(name) \(side.stk)") { $0[keyPath: path] = CGSize(width: side, height: side) }
        }

        static func randomProperty(using rng: inout SplitMix64) -> Operation {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                let s = CGSize(width: length(1...160, using: &rng), height: length(1...100, using: &rng))
                return .property("itemSize \(s.stk)") { $0.itemSize = s }
            case 1: return .length("minimumLineSpacing", \.minimumLineSpacing, length(0...24, using: &rng))
            case 2: return .length("minimumInteritemSpacing", \.minimumInteritemSpacing, length(0...24, using: &rng))
            case 3:
                let i = insets(30, using: &rng)
                return .property("sectionInset \(i)") { $0.sectionInset = i }
            case 4: return .square("headerReferenceSize", \.headerReferenceSize, length(0...60, using: &rng))
            case 5: return .square("footerReferenceSize", \.footerReferenceSize, length(0...40, using: &rng))
            case 6:
                return .property("scrollDirection toggled") { $0.scrollDirection = $0.scrollDirection == .vertical ? .horizontal : .vertical }
            case 7:
                return .property("sectionHeadersPinToVisibleBounds toggled") { $0.sectionHeadersPinToVisibleBounds.toggle() }
            case 8:
                return .property("sectionFootersPinToVisibleBounds toggled") { $0.sectionFootersPinToVisibleBounds.toggle() }
            default:
                let limit = CollectionViewFlowLayout.PinLimit.allCases.randomElement(using: &rng)!
                return .property("sectionHeadersPinLimit \(limit.rawValue)") { $0.sectionHeadersPinLimit = limit }
            }
        }

        /// One to three updates. Each is valid on its own; together they may be
        /// refused (the test then checks that nothing changed).
        static func randomBatch(_ cv: CollectionView, using rng: inout SplitMix64) -> [CollectionViewUpdate] {
            let n = cv.numberOfSections
            var updates: [CollectionViewUpdate] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let s = n > 0 ? Int.random(in: 0..<n, using: &rng) : 0
                let count = n > 0 ? cv.numberOfItems(inSection: s) : 0
                switch Int.random(in: 0..<10, using: &rng) {
                case 0 where n < 8:
                    updates.append(.insertSection(Int.random(in: 0...n, using: &rng), itemCount: Int.random(in: 0...20, using: &rng)))
                case 1 where n > 0:
                    updates.append(.deleteSection(s))
                case 2 where n > 1:
                    updates.append(.moveSection(s, to: Int.random(in: 0..<n, using: &rng)))
                case 3 where n > 0:
                    updates.append(.reloadSection(s))
                case 4 where count > 0:
                    let from = IndexPath.ip(s, Int.random(in: 0..<count, using: &rng))
                    let t = Int.random(in: 0..<n, using: &rng)
                    let targetCount = cv.numberOfItems(inSection: t) + (t == s ? -1 : 0)
                    updates.append(.moveItem(from, to: .ip(t, Int.random(in: 0...targetCount, using: &rng))))
                case 5 where count > 0:
                    updates.append(.deleteItem(.ip(s, Int.random(in: 0..<count, using: &rng))))
                case 6 where count > 0:
                    updates.append(.reloadItem(.ip(s, Int.random(in: 0..<count, using: &rng))))
                default:
                    if n == 0 {
                        updates.append(.insertSection(0, itemCount: Int.random(in: 0...10, using: &rng)))
                    } else {
                        updates.append(.insertItem(.ip(s, Int.random(in: 0...count, using: &rng))))
                    }
                }
            }
            return updates
        }
    }

    // MARK: Replicas

    @Test func aReplicaCopiesTheStateAndPreparesFromScratch() throws {
        let layout = CollectionViewFlowLayout()
        let cv = try CollectionView(size: size(300, 400), layout: layout, itemCounts: [4, 9])
        try cv.setItemSize(size(120, 80), at: .ip(1, 3))
        try cv.setSupplementarySize(size(20, 20), ofKind: ElementKind.sectionHeader, inSection: 1)
        try cv.setContentInset(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        try cv.setSafeAreaInsets(EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        try cv.setContentOffset(CGPoint(x: 0, y: 33))
        let fresh = CollectionViewFlowLayout()
        let replica = try cv.makeReplica(layout: fresh)
        #expect(replica.sections == cv.sections)
        #expect(replica.bounds == cv.bounds)
        #expect(replica.contentInset == cv.contentInset)
        #expect(replica.safeAreaInsets == cv.safeAreaInsets)
        #expect(fresh.collectionView === replica)
        #expect(!fresh.needsPrepare)
        // Both sections were computed by the fresh layout (nothing reused).
        #expect(fresh.counters.sectionsComputed == 2)
        #expect(differences(attributesByElement(layout, in: cv), attributesByElement(fresh, in: replica)).isEmpty)
        #expect(Set(replica.visibleAttributes.keys) == Set(cv.visibleAttributes.keys))

        // An installed layout is refused, naming what was expected.
        let error = collectionViewError { _ = try cv.makeReplica(layout: layout) }
        #expect(error?.message == "makeReplica: the layout (CollectionViewFlowLayout) is already installed in a collection view (expected a layout that is not installed)")
    }

    /// Section identities and revisions are numbered per collection view: a
    /// layout moved to another collection view must not reuse geometry it
    /// computed for the first one, even where the numbers coincide.
    @Test func aLayoutMovedToAnotherCollectionViewRecomputesEverySection() throws {
        let layout = CollectionViewFlowLayout()
        let first = CollectionView(size: size(390, 844), layout: layout)
        try first.reloadData(itemCounts: [5])       // identity 1, revision 1
        let second = CollectionView(size: size(390, 844), layout: CollectionViewLayout())
        try second.reloadData(itemCounts: [9])      // identity 1, revision 1 too
        try second.setCollectionViewLayout(layout)
        // 9 items: lines of 6 and 3; item 8 is the third of the second line.
        #expect(layout.layoutAttributesForItem(at: .ip(0, 8))?.frame == rect(136, 60, 50, 50))
        #expect(layout.collectionViewContentSize == size(390, 110))
    }
}
