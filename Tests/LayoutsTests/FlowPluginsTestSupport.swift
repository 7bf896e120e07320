import Foundation
import Testing
import LayoutKit
import StkTestSupport

/// Shared helpers of the flow plugins' tests (flow-sticky, global-stretchy,
/// fading-first-header), inside one namespace so they cannot clash with other
/// suites of this test target. The event recorder, the element keys and the
/// seeded generator are StkTestSupport's.
enum FlowPluginsTesting {
    /// A collection view of `size` (a phone's by default) with `layout`,
    /// configured first, and one section per count.
    static func make<Layout: CollectionViewLayout>(_ layout: Layout, size: CGSize = CGSize(width: 390, height: 844), counts: [Int],
                                                   configure: (Layout) throws -> Void) throws -> CollectionView {
        try configure(layout)
        let cv = try CollectionView(size: size, layout: layout, itemCounts: counts)
        return cv
    }

    /// A header's frame and whether it floats: a floating header has the
    /// pinned z-index and isPinned, one at its own place the supplementary
    /// z-index and not isPinned.
    static func expectHeader(_ header: CollectionViewLayoutAttributes, frame: CGRect, pinned: Bool,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(header.frame == frame, sourceLocation: sourceLocation)
        #expect(header.zIndex == (pinned ? CollectionViewFlowLayout.pinnedZIndex : CollectionViewFlowLayout.supplementaryZIndex),
                sourceLocation: sourceLocation)
        #expect(header.isPinned == pinned, sourceLocation: sourceLocation)
    }

    /// The index paths of headers 0...n as contexts name them.
    static func headerPaths<S: Sequence>(_ sections: S) -> [IndexPath] where S.Element == Int {
        sections.map { IndexPath(item: 0, section: $0) }
    }

    static func header(_ cv: CollectionView, _ section: Int) -> CollectionViewLayoutAttributes? {
        cv.collectionViewLayout.layoutAttributes(for: .header(section))
    }

    static func footer(_ cv: CollectionView, _ section: Int) -> CollectionViewLayoutAttributes? {
        cv.collectionViewLayout.layoutAttributes(for: .footer(section))
    }

    static func item(_ cv: CollectionView, _ section: Int, _ item: Int) -> CollectionViewLayoutAttributes? {
        cv.collectionViewLayout.layoutAttributes(for: .cell(IndexPath(item: item, section: section)))
    }

    /// The one invalidation context that `change` makes in `cv`, recorded from
    /// just before it (an issue if it makes none or more than one).
    static func onlyInvalidation(of cv: CollectionView, by change: () throws -> Void,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws -> InvalidationContextSnapshot {
        let recorder = cv.startRecording()
        try change()
        return try #require(recorder.onlyInvalidation(sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }

    /// A new layout from `descriptor`, once it is checked that the descriptor
    /// is named `name` and that the new layout's value of every option is the
    /// option's default (what `options` lists is what a new layout has): the
    /// start of each flow plugin's descriptor test.
    static func newLayoutWithDefaults(_ descriptor: LayoutDescriptor, named name: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws -> ConfigurableLayout {
        #expect(descriptor.name == name, sourceLocation: sourceLocation)
        let layout = try descriptor.makeLayout() as! ConfigurableLayout
        for option in descriptor.options {
            #expect(layout.optionValue(option.name) == option.defaultValue, "option \(option.name)", sourceLocation: sourceLocation)
        }
        return layout
    }

    /// A brand-new layout from the descriptor with the live layout's option
    /// values, installed in a second collection view with the live one's state
    /// (viewport, insets, data with its size overrides). The data comes last, so
    /// the new layout's one full prepare sees the final state.
    static func freshCopy(of live: CollectionView, descriptor: LayoutDescriptor) throws -> CollectionView {
        let liveLayout = try #require(live.collectionViewLayout as? ConfigurableLayout)
        let layout = try descriptor.makeLayout() as! ConfigurableLayout
        for option in descriptor.options {
            let value = try #require(liveLayout.optionValue(option.name), "option \(option.name) has no value")
            try layout.setOption(option.name, to: value)
        }
        let cv = CollectionView(size: live.bounds.size, layout: layout)
        try cv.setContentOffset(live.contentOffset)
        try cv.setContentInset(live.contentInset)
        try cv.setSafeAreaInsets(live.safeAreaInsets)
        cv.restoreSections(live.sections)
        return cv
    }

    /// "Equal attributes" as the layouts define it (isEqual, which includes the
    /// class and extra fields such as stretchFactor), nil matching only nil.
    static func same(_ a: CollectionViewLayoutAttributes?, _ b: CollectionViewLayoutAttributes?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return a.isEqual(b)
        default: return false
        }
    }

    /// Rect query answers by key; a key answered twice is reported.
    static func answerByKey(_ layout: CollectionViewLayout, in rect: CGRect, problems: inout [String]) -> [ElementKey: CollectionViewLayoutAttributes] {
        var byKey: [ElementKey: CollectionViewLayoutAttributes] = [:]
        for a in layout.layoutAttributesForElements(in: rect) ?? [] {
            if byKey[a.key] != nil { problems.append("\(a.key) is answered twice for rect \(rect.stk)") }
            byKey[a.key] = a
        }
        return byKey
    }

    /// Differences between the live collection view and a fresh one with the
    /// same state, and between rect queries and a brute-force filter of every
    /// element's attributes (empty when they agree).
    static func differences(live: CollectionView, fresh: CollectionView, extraRects: [CGRect]) -> [String] {
        var problems: [String] = []
        let liveLayout = live.collectionViewLayout
        let freshLayout = fresh.collectionViewLayout
        if liveLayout.collectionViewContentSize != freshLayout.collectionViewContentSize {
            problems.append("content size \(liveLayout.collectionViewContentSize.stk) != fresh \(freshLayout.collectionViewContentSize.stk)")
        }
        var all: [ElementKey: CollectionViewLayoutAttributes] = [:]
        for key in allElementKeys(of: live) {
            let a = liveLayout.layoutAttributes(for: key)
            let b = freshLayout.layoutAttributes(for: key)
            if !same(a, b) {
                problems.append("\(key): live \(a.map(\.description) ?? "nil") != fresh \(b.map(\.description) ?? "nil")")
            }
            if let a { all[key] = a }
        }
        // The visible sets of both collection views.
        let liveVisible = live.visibleAttributes
        let freshVisible = fresh.visibleAttributes
        if Set(liveVisible.keys) != Set(freshVisible.keys) {
            problems.append("visible keys differ: live-only \(Set(liveVisible.keys).subtracting(freshVisible.keys).sorted()), fresh-only \(Set(freshVisible.keys).subtracting(liveVisible.keys).sorted())")
        } else {
            for (key, a) in liveVisible where !a.isEqual(freshVisible[key]) {
                problems.append("visible \(key): live \(a) != fresh \(freshVisible[key]!)")
            }
        }
        // Rect queries against the brute-force filter (CGRect.overlaps is the one rule).
        let content = CGRect(origin: .zero, size: liveLayout.collectionViewContentSize)
        for rect in [live.bounds, content.insetBy(dx: -500, dy: -500)] + extraRects {
            let answer = answerByKey(liveLayout, in: rect, problems: &problems)
            let expected = all.filter { $0.value.frame.overlaps(rect) }
            if Set(answer.keys) != Set(expected.keys) {
                problems.append("rect \(rect.stk): extra \(Set(answer.keys).subtracting(expected.keys).sorted()), missing \(Set(expected.keys).subtracting(answer.keys).sorted())")
            } else {
                for (key, a) in answer where !a.isEqual(expected[key]) {
                    problems.append("rect \(rect.stk): \(key) answered \(a), element is \(expected[key]!)")
                }
            }
        }
        return problems
    }
}
