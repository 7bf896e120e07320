import AVFoundation
import StkTestSupport
import StkUIKit
import Testing

// Layouts written the way the articles in the references write them for iOS
// (re-typed in current Swift, with our own numbers), compiled against StkUIKit
// with nothing but the import changed, and checked through a collection view:
// - StickyHeadersFlowLayout: a UICollectionViewFlowLayout subclass with
//   sticky headers, as the sticky-headers article ("Sticky Section Headers With UICollectionView")
//   builds it: the example plugin's own file
//   (Examples/LeftAlignedFlow/Sources/LeftAlignedFlow/StickyHeadersFlowLayout.swift),
//   compiled into this target through a link beside this file;
// - StretchyHeaderFlowLayout: the global-headers article's custom attributes and its
//   invalidation context for bounds changes.
// The sticky-grid article's layout is checked from its file as printed
// (Examples/SourceLayouts/StickyGridCollectionViewLayout.swift), through the
// source adapter, in EndToEndTests/SourcePluginTests.

// MARK: - Reference 003: custom attributes and a bounds-change context

final class StretchyHeaderAttributes: UICollectionViewLayoutAttributes {
    var stretchFactor: CGFloat = 0

    override var extraFields: [String: Double] { ["stretchFactor": Double(stretchFactor)] }

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! StretchyHeaderAttributes
        copy.stretchFactor = stretchFactor
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        if let attributes = object as? StretchyHeaderAttributes, attributes.stretchFactor == stretchFactor {
            return super.isEqual(object)
        }
        return false
    }
}

final class StretchyHeaderFlowLayout: UICollectionViewFlowLayout {
    override class var layoutAttributesClass: AnyClass { StretchyHeaderAttributes.self }

    /// This layout places headers itself; UIKit's pinning would fight it.
    override var sectionHeadersPinToVisibleBounds: Bool {
        didSet {
            if sectionHeadersPinToVisibleBounds { sectionHeadersPinToVisibleBounds = false }
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let layoutAttributes = super.layoutAttributesForElements(in: rect) else { return nil }
        for attributes in layoutAttributes where attributes.representedElementKind == UICollectionElementKindSectionHeader {
            stretch(attributes)
        }
        return layoutAttributes
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath) else { return nil }
        if elementKind == UICollectionElementKindSectionHeader { stretch(attributes) }
        return attributes
    }

    /// Section 0's header grows upwards while the content is pulled down.
    private func stretch(_ attributes: UICollectionViewLayoutAttributes) {
        guard attributes.indexPath.section == 0, let collectionView = collectionView,
              let stretchy = attributes as? StretchyHeaderAttributes else { return }
        let offset = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        guard offset < 0 else { return }
        stretchy.frame.origin.y += offset
        stretchy.frame.size.height -= offset
        stretchy.stretchFactor = abs(offset)
    }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        guard let invalidationContext = super.invalidationContext(forBoundsChange: newBounds) as? UICollectionViewFlowLayoutInvalidationContext,
              let oldBounds = collectionView?.bounds else {
            return super.invalidationContext(forBoundsChange: newBounds)
        }
        if oldBounds.size != newBounds.size {
            // Ask the delegate for sizes again.
            invalidationContext.invalidateFlowLayoutDelegateMetrics = true
        }
        if oldBounds.origin != newBounds.origin {
            // The headers of the sections in the new bounds may move.
            var sections = Set<Int>()
            for attributes in super.layoutAttributesForElements(in: newBounds) ?? [] {
                sections.insert(attributes.indexPath.section)
            }
            let headerIndexPaths = sections.sorted().map { IndexPath(item: 0, section: $0) }
            invalidationContext.invalidateSupplementaryElements(ofKind: UICollectionElementKindSectionHeader, at: headerIndexPaths)
        }
        return invalidationContext
    }
}

// MARK: - Tests

@Suite struct UIKitNamesTests {

    /// 320 wide, items 100x50 with spacing 10: 100 + 10 + 100 + 10 + 100 = 320,
    /// three a line. Headers 40 tall. A section of 6 items is a header and two
    /// lines: header s at y = 150s, lines at 150s + 40 and 150s + 100, its last
    /// line ending at 150s + 150.
    private func flowCollectionView(_ layout: UICollectionViewFlowLayout, sections: Int) throws -> UICollectionView {
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.headerReferenceSize = CGSize(width: 320, height: 40)
        let collectionView = try UICollectionView(size: CGSize(width: 320, height: 200), layout: layout, itemCounts: Array(repeating: 6, count: sections))
        return collectionView
    }

    private func headerY(_ section: Int, in collectionView: UICollectionView) -> CGFloat? {
        collectionView.visibleAttributes[.header(section)]?.frame.minY
    }

    @Test func stickyHeadersLikeReference000() throws {
        let collectionView = try flowCollectionView(StickyHeadersFlowLayout(), sections: 2)
        #expect(collectionView.contentSize == CGSize(width: 320, height: 300))
        #expect(headerY(0, in: collectionView) == 0)
        #expect(headerY(1, in: collectionView) == 150)

        // Offset 100: header 0 follows the top (min(max(100, 0), 150 - 40) = 100);
        // header 1 is still below its natural place (max(100, 150) = 150).
        try collectionView.setContentOffset(CGPoint(x: 0, y: 100))
        #expect(headerY(0, in: collectionView) == 100)
        #expect(headerY(1, in: collectionView) == 150)

        // Offset 130: header 0 is pushed off by its last line (150 - 40 = 110).
        try collectionView.setContentOffset(CGPoint(x: 0, y: 130))
        #expect(headerY(0, in: collectionView) == 110)

        // Offset 200 (visible 200..400): section 0 is gone, header 1 sticks at
        // min(max(200, 150), 300 - 40) = 200, above its cells.
        try collectionView.setContentOffset(CGPoint(x: 0, y: 200))
        #expect(headerY(0, in: collectionView) == nil)
        #expect(headerY(1, in: collectionView) == 200)
        #expect(collectionView.visibleAttributes[.header(1)]?.zIndex == 10)
    }

    @Test func customAttributesAndContextLikeReference003() throws {
        let layout = StretchyHeaderFlowLayout()
        layout.sectionHeadersPinToVisibleBounds = true
        #expect(layout.sectionHeadersPinToVisibleBounds == false)
        let collectionView = try flowCollectionView(layout, sections: 3)
        let recorder = collectionView.startRecording()

        // Pulled down by 30: header 0 grows from 40 to 70 tall, its top at -30.
        try collectionView.setContentOffset(CGPoint(x: 0, y: -30))
        let header = try #require(collectionView.visibleAttributes[.header(0)] as? StretchyHeaderAttributes)
        #expect(header.frame == CGRect(x: 0, y: -30, width: 320, height: 70))
        #expect(header.stretchFactor == 30)
        #expect(header.extraFields == ["stretchFactor": 30])
        #expect(header.copied().isEqual(header))

        // An origin change: the flow flags are off and the context names the
        // headers of the sections in the new bounds (y 160..360: sections 1 and 2).
        recorder.reset()
        try collectionView.setContentOffset(CGPoint(x: 0, y: 160))
        let scroll = try #require(recorder.contexts.last)
        #expect(scroll.contextClass == "CollectionViewFlowLayoutInvalidationContext")
        #expect(scroll.supplementary == [UICollectionElementKindSectionHeader: [IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 2)]])
        #expect(scroll.invalidateFlowLayoutDelegateMetrics == false)
        #expect(scroll.invalidateFlowLayoutAttributes == false)

        // A size change: the delegate's metrics are asked again.
        recorder.reset()
        try collectionView.setBoundsSize(CGSize(width: 300, height: 200))
        #expect(recorder.contexts.last?.invalidateFlowLayoutDelegateMetrics == true)
    }

    @Test func uikitNamesAreLayoutKitsTypesAndValues() {
        #expect(UICollectionElementKindSectionHeader == UICollectionView.elementKindSectionHeader)
        #expect(UICollectionElementKindSectionFooter == UICollectionView.elementKindSectionFooter)
        let flow = UICollectionViewFlowLayout()
        #expect(flow.scrollDirection == UICollectionView.ScrollDirection.vertical)
        flow.scrollDirection = .horizontal
        #expect(flow.scrollDirection == CollectionViewFlowLayout.ScrollDirection.horizontal)
        #expect(UICollectionView.ElementCategory.supplementaryView == ElementCategory.supplementaryView)
        // The spellings of Swift 4 and earlier, which older apps still carry.
        flow.scrollDirection = UICollectionViewScrollDirection.vertical
        #expect(flow.scrollDirection == .vertical)
        #expect(UICollectionElementCategory.decorationView == UICollectionView.ElementCategory.decorationView)
        #expect(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4) == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(UIEdgeInsets.zero == EdgeInsets())
        #expect(IndexPath(row: 3, section: 1) == IndexPath(item: 3, section: 1))
        #expect(IndexPath(item: 3, section: 1).row == 3)
        // inset(by:) is CGRect's UIKit member: 10,20,100,50 less (1,2,3,4).
        #expect(CGRect(x: 10, y: 20, width: 100, height: 50).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
                == CGRect(x: 12, y: 21, width: 94, height: 46))
        let update = UICollectionViewUpdateItem(action: .insert, before: nil, after: IndexPath(item: 2, section: 0))
        #expect(update.updateAction == UICollectionViewUpdateItem.Action.insert)
        // The device is an iPhone, in portrait (its collection view laid out
        // upright, on this thread): a layout choosing its columns by idiom
        // picks the phone's.
        UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: UICollectionViewFlowLayout()).layoutIfNeeded()
        let columns = UIDevice.current.userInterfaceIdiom == .pad ? 3 : 2
        #expect(columns == 2)
        #expect(UITraitCollection().userInterfaceIdiom == UIUserInterfaceIdiom.phone)
        #expect(UIDevice.current.orientation.isPortrait && !UIDevice.current.orientation.isLandscape)
        #expect(UIDevice.current.systemName == "iOS")
        // The screen in pixels (390 x 3 by 844 x 3), which layouts compare
        // with an iPhone's to choose a size, and the status bar under it.
        #expect(UIScreen.main.nativeBounds == CGRect(x: 0, y: 0, width: 1170, height: 2532))
        #expect(UIApplication.shared.statusBarFrame == CGRect(x: 0, y: 0, width: 390, height: 47))
        // Turned: the screen's bounds turn with the interface, its pixels do not.
        UICollectionView(frame: CGRect(x: 0, y: 0, width: 844, height: 390), collectionViewLayout: UICollectionViewFlowLayout()).layoutIfNeeded()
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 844, height: 390) && UIDevice.current.orientation.isLandscape)
        #expect(UIScreen.main.nativeBounds == CGRect(x: 0, y: 0, width: 1170, height: 2532))
    }

    /// AVFoundation's AVMakeRect, as a Pinterest layout's delegate fits a
    /// photo into its column: the largest rect of the photo's shape inside
    /// the bounds, centred. 3:4 in 150 wide and unbounded height is 150 x
    /// 200; 16:9 in 100 x 100 scales by min(100 / 16, 100 / 9) = 6.25 to
    /// 100 x 56.25, (100 - 56.25) / 2 = 21.875 from the top.
    @Test func avMakeRectFitsTheShapeInsideTheBounds() {
        let column = AVMakeRect(aspectRatio: CGSize(width: 3, height: 4), insideRect: CGRect(x: 0, y: 0, width: 150, height: .greatestFiniteMagnitude))
        #expect(column.size == CGSize(width: 150, height: 200))
        #expect(AVMakeRect(aspectRatio: CGSize(width: 16, height: 9), insideRect: CGRect(x: 10, y: 0, width: 100, height: 100))
                == CGRect(x: 10, y: 21.875, width: 100, height: 56.25))
        #expect(AVMakeRect(aspectRatio: .zero, insideRect: CGRect(x: 0, y: 0, width: 100, height: 50)) == CGRect(x: 50, y: 25, width: 0, height: 0))
    }

    /// What a layout reads of the scroll view, the traits and accessibility,
    /// written as an iOS layout reads it (these names refused real files).
    @Test func scrollViewSettingsTraitsAndAccessibilityAreThere() throws {
        let cv = try UICollectionView(size: CGSize(width: 1024, height: 768), layout: UICollectionViewFlowLayout(), itemCounts: [3])
        try cv.setSafeAreaInsets(UIEdgeInsets(top: 20, left: 40, bottom: 0, right: 40))
        // The safe area is in the adjusted inset, unless the behaviour is .never.
        #expect(cv.contentInsetAdjustmentBehavior == .automatic && cv.adjustedContentInset.top == 20)
        cv.contentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior.never
        #expect(cv.adjustedContentInset == UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        // Readable content: 1024 - 80 = 944 inside the safe area is wider than
        // 672, so 136 more on each side: x = 40 + 136 = 176, 672 wide; y from 20.
        #expect(cv.readableContentGuide.layoutFrame == CGRect(x: 176, y: 20, width: 672, height: 748))
        #expect(cv.visibleSize == CGSize(width: 1024, height: 768))
        #expect(cv.indexPathsForSelectedItems == nil && cv.isPrefetchingEnabled && !cv.alwaysBounceVertical)
        // A layout choosing one column at accessibility text sizes lays out for the default size.
        let category = cv.traitCollection.preferredContentSizeCategory
        #expect(category == .large && !category.isAccessibilityCategory && category < UIContentSizeCategory.accessibilityMedium)
        #expect(UIContentSizeCategory.accessibilityExtraLarge.isAccessibilityCategory)
        #expect(UIApplication.shared.preferredContentSizeCategory == .large)
        #expect(cv.traitCollection.userInterfaceStyle == UIUserInterfaceStyle.light)
        #expect(!UIAccessibility.isReduceMotionEnabled && !UIAccessibility.isVoiceOverRunning)
    }

    /// A frame that is not a number (a division by zero in a layout) meets
    /// nothing, as on iOS, where Linux Foundation's own methods trap.
    @Test func rectsThatAreNotNumbersMeetNothing() {
        let broken = CGRect(x: 0, y: .nan, width: 100, height: 60)
        let screen = CGRect(x: 0, y: 0, width: 390, height: 844)
        #expect(!broken.intersects(screen) && !screen.intersects(broken))
        #expect(broken.intersection(screen).isNull && screen.intersection(broken).isNull)
        #expect(!broken.contains(CGPoint(x: 1, y: 1)) && !screen.contains(CGPoint(x: CGFloat.nan, y: 1)))
        #expect(!screen.contains(broken) && !broken.contains(screen))
        #expect(screen.contains(CGRect(x: 10, y: 10, width: 20, height: 20)))
        // Numbers answer as Foundation does: 0,0,100,60 and 50,30,390,844 meet in 50,30,50,30.
        #expect(CGRect(x: 0, y: 0, width: 100, height: 60).intersection(CGRect(x: 50, y: 30, width: 390, height: 844))
                == CGRect(x: 50, y: 30, width: 50, height: 30))
        #expect(screen.contains(CGPoint(x: 1, y: 1)))
    }
}

/// Names that iOS files use in the models and view code beside a layout:
/// colour and image literals (Xcode's pickers write them), `UIImage`, and
/// the unlabeled deceleration rate of UIKit's Swift interface.
@Suite struct LiteralAndImageNamesTests {
    @Test func colourLiteralsAreColours() {
        let typed: UIColor = #colorLiteral(red: 0.5, green: 0.25, blue: 1, alpha: 0.75)
        #expect(typed == UIColor(red: 0.5, green: 0.25, blue: 1, alpha: 0.75))
        let inferred = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(inferred == UIColor.red)
    }

    /// No asset catalog and no SF Symbols: named images are nil, as
    /// `UIColor(named:)` is; the empty image is zero in size, as in UIKit.
    @Test func imagesAreTheEmptyOne() {
        #expect(UIImage(named: "photo") == nil)
        #expect(UIImage(systemName: "trash") == nil)
        #expect(UIImage().size == .zero)
        let literal: UIImage = #imageLiteral(resourceName: "header")
        #expect(literal.size == .zero)
        struct Photo: Hashable { let image: UIImage }
        let empty = UIImage()
        #expect(Photo(image: empty) == Photo(image: empty) && Photo(image: empty) != Photo(image: UIImage()))
    }

    @Test func decelerationRatesAreMadeBothWays() {
        #expect(UIScrollView.DecelerationRate(0.9) == UIScrollView.DecelerationRate(rawValue: 0.9))
    }

    /// Modern layout code titles its sections with `String(localized:)`
    /// (iOS 15), which Linux's Foundation lacks: the text itself, as on iOS
    /// without a translation, interpolations included.
    @Test func localizedStringsAreTheirText() {
        let count = 3
        #expect(String(localized: "Settings") == "Settings")
        #expect(String(localized: "\(count) items", comment: "a section's title") == "3 items")
        #expect(String(localized: "settings.title", defaultValue: "Settings", table: "Main") == "Settings")
    }

    /// UIView's `center` and UIScrollView's settings a layout may read (a
    /// honeycomb layout centres its cells on the view; a TV guide locks
    /// scrolling to one direction): the middle of a 320x200 view is 160,100.
    @Test func theCollectionViewHasItsCenterAndScrollSettings() throws {
        let collectionView = try UICollectionView(size: CGSize(width: 320, height: 200), layout: UICollectionViewFlowLayout(), itemCounts: [1])
        #expect(collectionView.center == CGPoint(x: 160, y: 100))
        collectionView.contentOffset = CGPoint(x: 0, y: 50)
        #expect(collectionView.center == CGPoint(x: 160, y: 100))
        #expect(!collectionView.isDirectionalLockEnabled && collectionView.isScrollEnabled)
        collectionView.isDirectionalLockEnabled = true
        #expect(collectionView.isDirectionalLockEnabled)
    }
}
