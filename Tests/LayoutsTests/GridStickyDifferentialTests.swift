import Foundation
import Testing
import LayoutKit
import StkTestSupport
import GridSticky

/// After every step of a long seeded random sequence, the incrementally
/// invalidated layout must equal a brand-new layout prepared from scratch on the
/// same state, and the reference computed the obvious way; every rect query
/// must equal a brute-force filter of all attributes; and every bounds change
/// must name exactly the candidates of the old and the new bounds.
@Suite("grid-sticky differential")
struct GridStickyDifferentialTests {
    /// One random step, described for failure messages.
    private struct Step {
        var description: String
        var isBoundsChange = false
        var oldBounds: CGRect = .zero
        var isBatch = false
        var visibleBefore: [ElementKey: CollectionViewLayoutAttributes] = [:]
    }

    private static let sizes: [CGSize] = [
        CGSize(width: 50, height: 50), CGSize(width: 25, height: 15), CGSize(width: 12.5, height: 7.5),
        CGSize(width: 0, height: 20), CGSize(width: 30, height: 0), CGSize(width: 40, height: 35),
    ]

    @Test("incremental equals from-scratch after each of 400 random steps", arguments: [UInt64(1), 2, 3])
    func randomSequence(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let layout = GridStickyLayout(stickyRows: 1, stickyColumns: 1, itemSize: CGSize(width: 20, height: 15))
        let cv = CollectionView(size: CGSize(width: 90, height: 70), layout: layout)
        let recorder = cv.startRecording()
        let sizingDelegate = GridSizingDelegate { CGSize(width: 5 + 7 * ($0.item % 3), height: 4 + 3 * ($0.section % 4)) }
        let delegateSize = { (p: IndexPath) -> CGSize in
            cv.sections[p.section].itemSizeOverride(at: p.item) ?? sizingDelegate.size(p)
        }
        try cv.reloadData(itemCounts: (0..<6).map { _ in Int.random(in: 0...9, using: &random) })
        // What the sequence exercised, so that a weaker generator cannot pass unnoticed.
        var scrollsWithContext = 0, negativeOffsets = 0, pastTheEnd = 0, fadeEvents = 0, sizedRows = 0, delegateSteps = 0

        for index in 0..<400 {
            recorder.reset()
            let step = try randomStep(cv, layout, delegate: sizingDelegate, &random)
            if step.isBoundsChange && !(recorder.boundsContexts.first?.items.isEmpty ?? true) { scrollsWithContext += 1 }
            if cv.contentOffset.x < 0 || cv.contentOffset.y < 0 { negativeOffsets += 1 }
            if cv.bounds.maxX > cv.contentSize.width || cv.bounds.maxY > cv.contentSize.height { pastTheEnd += 1 }
            fadeEvents += recorder.appearing.count + recorder.disappearing.count
            sizedRows += cv.sections.filter { !$0.isUniform }.count
            if cv.installedDelegate != nil { delegateSteps += 1 }
            let problems = try GridTwin.mismatches(
                cv, layout, delegateSize: cv.installedDelegate == nil ? nil : delegateSize,
                extraRects: (0..<2).map { _ in randomRect(cv, &random) })
            var all = problems
            if step.isBoundsChange { all += contextProblems(cv, layout, step, recorder, delegateSize: cv.installedDelegate == nil ? nil : delegateSize) }
            if step.isBatch { all += updateProblems(cv, step, recorder) }
            #expect(all.isEmpty, "seed \(seed), step \(index) (\(step.description)): \(all.prefix(6))")
            if !all.isEmpty { break }
        }
        #expect(scrollsWithContext >= 100 && negativeOffsets >= 40 && pastTheEnd >= 40 && fadeEvents >= 50 && sizedRows >= 200 && delegateSteps >= 10,
                "coverage: \(scrollsWithContext) scrolls with a context, \(negativeOffsets) negative offsets, \(pastTheEnd) past the end, \(fadeEvents) fade events, \(sizedRows) sized rows, \(delegateSteps) delegate steps")
    }

    // MARK: Checks

    /// A bounds change names exactly the reference's candidates of the old or the new bounds.
    private func contextProblems(_ cv: CollectionView, _ layout: GridStickyLayout, _ step: Step,
                                 _ recorder: EventRecorder, delegateSize: ((IndexPath) -> CGSize)?) -> [String] {
        let reference = GridReference(cv, layout, delegateSize: delegateSize)
        let expected = Set(reference.candidates(bounds: step.oldBounds) + reference.candidates(bounds: cv.bounds)).sorted()
        guard step.oldBounds != cv.bounds else { return [] }
        if recorder.shouldInvalidateAnswers != [reference.hasStickyCells] {
            return ["should-invalidate answered \(recorder.shouldInvalidateAnswers), expected \(reference.hasStickyCells)"]
        }
        let contexts = recorder.boundsContexts
        if !reference.hasStickyCells { return contexts.isEmpty ? [] : ["a context without sticky cells"] }
        guard contexts.count == 1, let context = contexts.first else { return ["\(contexts.count) bounds contexts"] }
        var problems: [String] = []
        if context.items != expected {
            problems.append("context names \(context.items.map(\.stk)), expected \(expected.map(\.stk))")
        }
        if context.invalidateEverything || context.invalidateDataSourceCounts { problems.append("bounds context invalidates everything") }
        return problems
    }

    /// Disappearing cells end where they were with alpha 0; appearing ones start where they land with alpha 0.
    private func updateProblems(_ cv: CollectionView, _ step: Step, _ recorder: EventRecorder) -> [String] {
        var problems: [String] = []
        for (key, final) in recorder.disappearing {
            guard let before = step.visibleBefore[key], let final else { problems.append("no final attributes for \(key)"); continue }
            let expected = before.copied()
            expected.alpha = 0
            if final != AttributesSnapshot(expected) { problems.append("final \(final), expected \(expected)") }
        }
        for (key, initial) in recorder.appearing {
            guard let after = cv.visibleAttributes[key], let initial else { problems.append("no initial attributes for \(key)"); continue }
            let expected = after.copied()
            expected.alpha = 0
            if initial != AttributesSnapshot(expected) { problems.append("initial \(initial), expected \(expected)") }
        }
        return problems
    }

    // MARK: Random steps

    private func randomRect(_ cv: CollectionView, _ random: inout SplitMix64) -> CGRect {
        let content = cv.contentSize
        return CGRect(x: Double(Int.random(in: -40...Int(content.width) + 40, using: &random)),
                      y: Double(Int.random(in: -40...Int(content.height) + 40, using: &random)),
                      width: Double(Int.random(in: 0...120, using: &random)),
                      height: Double(Int.random(in: 0...120, using: &random)))
    }

    private func randomStep(_ cv: CollectionView, _ layout: GridStickyLayout, delegate: GridSizingDelegate,
                            _ random: inout SplitMix64) throws -> Step {
        var step = Step(description: "")
        step.oldBounds = cv.bounds
        let roll = Int.random(in: 0..<100, using: &random)
        let content = cv.contentSize
        switch roll {
        case 0..<25:
            // Anywhere, including negative and past-the-end offsets.
            let x = Double(Int.random(in: -80...Int(content.width) + 80, using: &random))
            let y = Double(Int.random(in: -80...Int(content.height) + 80, using: &random)) + (Bool.random(using: &random) ? 0.5 : 0)
            step.description = "scroll to \(x),\(y)"
            step.isBoundsChange = true
            try cv.setContentOffset(CGPoint(x: x, y: y))
        case 25..<40:
            let dx = Double(Int.random(in: -30...30, using: &random)), dy = Double(Int.random(in: -30...30, using: &random))
            step.description = "scroll by \(dx),\(dy)"
            step.isBoundsChange = true
            try cv.setContentOffset(CGPoint(x: cv.contentOffset.x + dx, y: cv.contentOffset.y + dy))
        case 40..<48:
            let size = CGSize(width: Int.random(in: 20...220, using: &random), height: Int.random(in: 20...220, using: &random))
            step.description = "resize to \(size.stk)"
            step.isBoundsChange = true
            try cv.setBoundsSize(size)
        case 48..<56:
            let name = Bool.random(using: &random) ? "stickyRows" : "stickyColumns"
            let value = Int.random(in: 0...3, using: &random)
            step.description = "set \(name)=\(value)"
            try layout.setOption(name, to: .number(Double(value)))
            cv.layoutIfNeeded()
        case 56..<60:
            let size = Self.sizes.randomElement(using: &random)!
            step.description = "set itemSize=\(size.stk)"
            try layout.setOption("itemSize", to: .size(size))
            cv.layoutIfNeeded()
        case 60..<72:
            let cells = cv.sections.enumerated().flatMap { s, d in (0..<d.itemCount).map { IndexPath(item: $0, section: s) } }
            guard let cell = cells.randomElement(using: &random) else { step.description = "no cell to size"; return step }
            let size = Bool.random(using: &random) ? nil : Self.sizes.randomElement(using: &random)!
            step.description = "size \(cell.stk) = \(size?.stk ?? "default")"
            try cv.setItemSize(size, at: cell)
        case 72..<92:
            step.isBatch = true
            step.visibleBefore = cv.visibleAttributes
            let updates = randomUpdates(cv, &random)
            step.description = "batch \(updates)"
            try cv.performBatchUpdates(updates)
        case 92..<96:
            let inset = EdgeInsets(top: Double(Int.random(in: 0...20, using: &random)), left: Double(Int.random(in: 0...20, using: &random)),
                                   bottom: Double(Int.random(in: 0...10, using: &random)), right: 0)
            if Bool.random(using: &random) {
                step.description = "contentInset \(inset)"
                try cv.setContentInset(inset)
            } else {
                step.description = "safeAreaInsets \(inset)"
                try cv.setSafeAreaInsets(inset)
            }
        case 96..<98:
            let counts = (0..<Int.random(in: 0...9, using: &random)).map { _ in Int.random(in: 0...10, using: &random) }
            step.description = "reload \(counts)"
            try cv.reloadData(itemCounts: counts)
        default:
            // A delegate change, followed by the invalidation UIKit requires.
            cv.installedDelegate = cv.installedDelegate == nil ? delegate : nil
            step.description = cv.installedDelegate == nil ? "delegate off" : "delegate on"
            layout.invalidateLayout()
            cv.layoutIfNeeded()
        }
        return step
    }

    /// A valid batch: one insert, delete or move of a row or a cell, or a delete in
    /// one row with an insert in another.
    private func randomUpdates(_ cv: CollectionView, _ random: inout SplitMix64) -> [CollectionViewUpdate] {
        let counts = cv.sections.map(\.itemCount)
        let n = counts.count
        let filled = counts.indices.filter { counts[$0] > 0 }
        func anyCell() -> IndexPath? {
            filled.randomElement(using: &random).map { IndexPath(item: Int.random(in: 0..<counts[$0], using: &random), section: $0) }
        }
        for _ in 0..<10 {
            switch Int.random(in: 0..<7, using: &random) {
            case 0 where n < 12:
                return [.insertSection(Int.random(in: 0...n, using: &random), itemCount: Int.random(in: 0...10, using: &random))]
            case 1 where n > 0:
                return [.deleteSection(Int.random(in: 0..<n, using: &random))]
            case 2 where n > 0:
                let s = Int.random(in: 0..<n, using: &random)
                return [.insertItem(IndexPath(item: Int.random(in: 0...counts[s], using: &random), section: s))]
            case 3:
                if let cell = anyCell() { return [.deleteItem(cell)] }
            case 4:
                if let from = anyCell() {
                    let s = Int.random(in: 0..<n, using: &random)
                    let end = s == from.section ? counts[s] - 1 : counts[s]
                    return [.moveItem(from, to: IndexPath(item: Int.random(in: 0...end, using: &random), section: s))]
                }
            case 5 where n > 1:
                return [.moveSection(Int.random(in: 0..<n, using: &random), to: Int.random(in: 0..<n, using: &random))]
            case 6 where n > 1:
                if let cell = anyCell() {
                    let other = (0..<n).filter { $0 != cell.section }.randomElement(using: &random)!
                    return [.deleteItem(cell), .insertItem(IndexPath(item: Int.random(in: 0...counts[other], using: &random), section: other))]
                }
            default:
                break
            }
        }
        return [.insertSection(0, itemCount: 3)]
    }
}
