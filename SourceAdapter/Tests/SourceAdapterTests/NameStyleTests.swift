import Testing
@testable import SourceAdapter

@Suite struct NameStyleTests {
    @Test(arguments: [
        ("StickyHeadersCollectionViewFlowLayout", "sticky-headers-collection-view-flow-layout"),
        ("UICollectionViewFlowLayout", "ui-collection-view-flow-layout"),
        ("HTMLGridLayout", "html-grid-layout"),
        ("MyHTMLLayout", "my-html-layout"),
        ("Grid2DLayout", "grid2-d-layout"),
        ("Sticky_GridLayout", "sticky-grid-layout"),
        ("Mosaic", "mosaic"),
    ])
    func layoutNames(className: String, name: String) {
        #expect(NameStyle.layoutName(forClass: className) == name)
    }
}
