import Foundation
import Testing
@testable import SourceAdapter

/// What a view controller around a layout keeps: a layout class nested in
/// it, its conformances to the sources' own protocols and to the flow
/// layout's delegate, and the extensions that provide them.
@Suite struct ViewControllerCodeTests {
    /// A layout class declared in an extension of a view controller: the view
    /// controller is view code (UIViewController is not on Linux), stripped
    /// as the owner of a layout function is, and the layout is named after
    /// it, since another view controller may have its own `Layout`.
    @Test func aLayoutClassNestedInAViewControllerLeavesOutItsViewCode() {
        let source = """
            import UIKit

            final class FeedViewController: UIViewController {
                private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: Layout())

                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(collectionView)
                }
            }

            extension FeedViewController {
                final class Layout: UICollectionViewFlowLayout {
                    override init() {
                        super.init()
                        itemSize = CGSize(width: 100, height: 100)
                    }

                    required init?(coder: NSCoder) { fatalError() }
                }
            }
            """
        let output = adapt([("Feed.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["feed-view-controller-layout"])
        #expect(output.report.layouts.map(\.className) == ["FeedViewController.Layout"])
        let text = body(output)
        #expect(text.contains("final class FeedViewController                   {"), "\(text)")
        #expect(!text.contains("viewDidLoad") && !text.contains("UIViewController"), "\(text)")
        #expect(text.contains("        override init() {"), "\(text)")
        #expect(output.files[0].text.contains("FeedViewController.Layout()"))
        #expect(output.report.notes.map(\.description).contains(
            "Feed.swift:3:13: compiled FeedViewController as a plain final class with init() {}, without its superclass and conformances (UIViewController): the layout classes nested in it are compiled, its view code is not"),
            "\(output.report.notes)")
    }

    /// An enum that only groups layouts compiles as it is, and its layouts
    /// keep their own names.
    @Test func anEnumOfLayoutsIsNotViewCode() {
        let source = """
            import UIKit

            enum Layouts {
                static let side: CGFloat = 50
                final class Plain: UICollectionViewFlowLayout {}
            }
            """
        let output = adapt([("Layouts.swift", source)])
        #expect(output.report.layouts.map(\.name) == ["plain"])
        #expect(body(output) == source)
    }
}
