import Testing
@testable import SourceAdapter

/// Screens and folders as published apps write them, which stk used to
/// miss: a screen whose flow layout only its storyboard makes, a layout
/// kept in a stored property and set up after it is made, a folder of
/// layout classes beside a cell and a delegate helper, and a delegate
/// protocol that refines NSObjectProtocol.
@Suite struct StoryboardScreenTests {
    @Test func aScreenWhoseFlowLayoutOnlyAStoryboardMakesIsRegistered() {
        let source = """
            import UIKit

            // The collection view and its flow layout come from Main.storyboard.
            class PhotoCollectionViewController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
                var photos: [UIImage] = []

                override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
                    photos.count
                }

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    return CGSize(width: 150, height: 200)
                }
            }

            // Adopts the delegate for its subclasses, and sizes nothing itself: not a screen.
            class BaseGridViewController: UIViewController, UICollectionViewDelegateFlowLayout {}
            """
        let output = adapt([("PhotoCollectionViewController.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["photo-collection-view-controller"])
        #expect(output.files[0].text.contains("""
            #sourceLocation(file: "PhotoCollectionViewController.swift", line: 4)
                    return UICollectionViewFlowLayout()
            """))
        #expect(output.report.notes.map(\.description).contains(
            "PhotoCollectionViewController.swift:4:7: registered layout 'photo-collection-view-controller' from the storyboard's flow layout PhotoCollectionViewController sizes: the sources do not make it (a storyboard does), so stk makes a flow layout with UIKit's defaults, whose delegate is a PhotoCollectionViewController made by init(), as on iOS; what Interface Builder sets on the layout is not in the sources, and the view code around it is not run"),
            "\(output.report.notes)")
    }

    /// `gridLayout = GridLayout()` into a stored property, then set up
    /// through it, then installed.
    @Test func aLayoutMadeIntoAStoredPropertyAndSetUpIsRegistered() {
        let source = """
            import UIKit

            class GridLayout: UICollectionViewFlowLayout {}

            class PhotosViewController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
                var gridLayout: GridLayout!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    gridLayout = GridLayout()
                    gridLayout.minimumInteritemSpacing = 5
                    self.gridLayout.minimumLineSpacing = 10
                    collectionView?.collectionViewLayout = gridLayout
                }
            }
            """
        let output = adapt([("PhotosViewController.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["grid-layout", "photos-view-controller"])
        #expect(output.report.notes.map(\.description).contains(
            "PhotosViewController.swift:10:22: registered layout 'photos-view-controller' from the layout PhotosViewController.viewDidLoad() builds: stk runs lines 10-12, which make it, as a layout function; the rest of viewDidLoad() and the view code around it are not run"),
            "\(output.report.notes)")
    }

    /// No screen at all: the cell and the helper that the layouts do not
    /// name are left out, with the helper's import of Photos.
    @Test func aFolderOfLayoutClassesLeavesOutTheCodeTheyDoNotUse() {
        let layout = """
            import UIKit

            class PinterestLayout: UICollectionViewFlowLayout {}
            """
        let cell = """
            import UIKit

            class PhotoCell: UICollectionViewCell {
                let imageView = UIImageView()
            }
            """
        let helper = """
            import UIKit
            import Photos

            enum PhotoLibrary {
                static func latestAssets(limit: Int) -> PHFetchResult<PHAsset> {
                    let options = PHFetchOptions()
                    options.fetchLimit = limit
                    return PHAsset.fetchAssets(with: .image, options: options)
                }
            }
            """
        let output = adapt([("PinterestLayout.swift", layout), ("PhotoCell.swift", cell), ("PhotoLibrary.swift", helper)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["pinterest-layout"])
        #expect(!output.files[1].text.contains("UIImageView") && !output.files[2].text.contains("PHAsset"))
        #expect(output.report.notes.map(\.description).contains(
            "PhotoLibrary.swift:2:1: left out 'import Photos': Linux has no such module (if the code stk keeps uses a name of it, the compiler says which)"),
            "\(output.report.notes)")
    }

    @Test func aProtocolRefiningNSObjectProtocolRefinesAnyObject() {
        let source = """
            import UIKit

            @objc protocol WaterfallLayoutDelegate: NSObjectProtocol {
                func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat
            }

            final class WaterfallLayout: UICollectionViewLayout {
                weak var delegate: WaterfallLayoutDelegate?
            }
            """
        let output = adapt([("WaterfallLayout.swift", source)])
        #expect(bodyLines(output)[2] == "      protocol WaterfallLayoutDelegate: AnyObject        {")
        #expect(output.report.notes.map(\.description).contains(
            "WaterfallLayout.swift:3:41: made WaterfallLayoutDelegate refine AnyObject instead of NSObjectProtocol: on iOS every view and view controller is an NSObject, which stk's are not; it is a class-only protocol still"),
            "\(output.report.notes)")
    }

    /// A tag list sizes each tag with an offscreen sizing cell
    /// (`systemLayoutSizeFitting`): stk's views have no constraints to
    /// measure, so that delegate method is left out, with a note, and the
    /// cell class it configures stays empty; the screen registers.
    @Test func aDelegateMethodThatSizesASizingCellIsLeftOut() {
        let source = """
            import UIKit

            class TagCell: UICollectionViewCell {
                let nameLabel = UILabel()
            }

            class TagsViewController: UIViewController, UICollectionViewDelegateFlowLayout {
                var sizingCell: TagCell?
                let tagView: UICollectionView = {
                    let layout = UICollectionViewFlowLayout()
                    layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
                    return UICollectionView(frame: .zero, collectionViewLayout: layout)
                }()

                func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    configureCell(sizingCell!)
                    return sizingCell!.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
                }

                func configureCell(_ cell: TagCell) {
                    cell.nameLabel.text = "tag"
                }
            }
            """
        let output = adapt([("TagsViewController.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["tags-view-controller"])
        #expect(!body(output).contains("nameLabel"), "\(body(output))")
        #expect(output.report.notes.map(\.description).contains(
            "TagsViewController.swift:15:10: left out collectionView(_:layout:sizeForItemAt:): it sizes a view with systemLayoutSizeFitting (a sizing cell), which stk cannot make, so the layout takes the protocol's default in its place (a flow layout's own size or spacing)"),
            "\(output.report.notes)")
    }

    /// A layout class whose initialiser takes what only its screen knows
    /// (Zotero's tags: `TagsLayout(maxWidth: view.frame.width,
    /// minimumLineSpacing: 8)`): the class cannot be made alone, which is a
    /// note, not an error for the folder, and the screen registers it as it
    /// makes it. With an argument-free init() too, both register: the class
    /// as init() makes it, the view controller as it makes it (its line
    /// spacing of 8 is not the class's 0).
    @Test func aLayoutClassMadeWithArgumentsRegistersAsTheScreenMakesIt() throws {
        let layout = try InstalledLayoutTests.exampleText("Tags/TagsLayout.swift")
        let screen = try InstalledLayoutTests.exampleText("Tags/TagsViewController.swift")
        let output = adapt([("TagsLayout.swift", layout), ("TagsViewController.swift", screen)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["tags-view-controller"])
        #expect(output.report.notes.map(\.description).contains(
            "TagsLayout.swift:13:13: layout class TagsLayout has no init() that stk can call (its initialisers: init(maxWidth:minimumLineSpacing:), init?(coder:)): not registered by itself; the screens that make it register it as they make it"),
            "\(output.report.notes)")
        #expect(InstalledLayoutTests.installedFunction(output.files[1].text).contains(
            "let layout = TagsLayout(maxWidth: self.view.frame.width, minimumLineSpacing: 8)"))

        let withInit = layout.replacingOccurrences(of: "    required init?", with: "    override init() { maxWidth = 300; super.init() }\n\n    required init?")
        let both = adapt([("TagsLayout.swift", withInit), ("TagsViewController.swift", screen)])
        #expect(both.report.errors.isEmpty, "\(both.report.errors)")
        #expect(both.report.layouts.map(\.name) == ["tags-layout", "tags-view-controller"])
    }
}
