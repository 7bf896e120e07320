import Testing
@testable import SourceAdapter

/// `awakeFromNib()`, which iOS declares on NSObject: a layout a storyboard
/// makes sets itself up there, and a data source or helper made by a
/// storyboard overrides it on NSObject itself, which Linux's Foundation lacks.
@Suite struct AwakeFromNibTests {
    static let layoutFile = """
        import UIKit

        class StoryboardGridLayout: UICollectionViewFlowLayout {
            var columns = 3

            override func awakeFromNib() {
                super.awakeFromNib()
                minimumInteritemSpacing = 4
                columns = 4
            }
        }

        """

    /// stk makes the layout and calls awakeFromNib(), as a storyboard does
    /// after init(coder:): for the layout it registers and for the instance its
    /// option defaults are read from.
    @Test func aLayoutThatAwakesFromANibIsAwokenAfterInit() {
        let output = adapt([("StoryboardGridLayout.swift", Self.layoutFile)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let entry = output.files.map(\.text).joined() // the registrations follow the file they are in
        let made = "{ let layout = StoryboardGridLayout(); layout.awakeFromNib(); return layout }()"
        #expect(entry.contains("let probe = \(made)"), "\(entry)")
        #expect(entry.contains("makeAnyLayout: { \(made) }"), "\(entry)")
        // The method is the layout's own override of LayoutKit's, kept as written.
        #expect(bodyLines(output)[5] == "    override func awakeFromNib() {")
        #expect(bodyLines(output)[6] == "        super.awakeFromNib()")
    }

    /// A layout that does not override it is made with init() alone.
    @Test func aLayoutMadeInCodeIsNotAwoken() {
        let output = adapt([("PlainLayout.swift", "import UIKit\n\nclass PlainLayout: UICollectionViewFlowLayout {}\n")])
        let entry = output.files.map(\.text).joined() // the registrations follow the file they are in
        #expect(entry.contains("makeAnyLayout: { PlainLayout() }"), "\(entry)")
        #expect(!entry.contains("awakeFromNib"), "\(entry)")
    }

    /// On a class made directly on NSObject, `override` and the call to
    /// super go, as spaces: the method stays the class's own, and every
    /// column after them stays where the user wrote it.
    @Test func nsObjectsAwakeFromNibLosesItsOverrideAndItsCallToSuper() {
        let output = adapt([("Sources.swift", Self.layoutFile + """
            class EventsDataSource: NSObject {
                var events: [String] = []

                public override func awakeFromNib() {
                    super.awakeFromNib()
                    events = ["standup"]
                }
            }

            class EventCell: UIView {
                override func awakeFromNib() {
                    super.awakeFromNib()
                }
            }

            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let lines = bodyLines(output)
        #expect(lines[14] == "    public          func awakeFromNib() {", "\(lines[14])")
        #expect(lines[15].trimmingCharacters(in: .whitespaces).isEmpty, "\(lines[15])")
        #expect(lines[16] == "        events = [\"standup\"]")
        #expect(output.report.notes.map(\.description).contains(
            "Sources.swift:15:12: removed 'override' from awakeFromNib(): NSObject declares it on iOS, not on Linux, so it is this class's own method here (stk loads no storyboards and never calls it)"),
            "\(output.report.notes)")
        // A view's override overrides LayoutKit's UIView, and the layout's its layout's: both stay.
        #expect(!output.report.notes.map(\.description).contains { $0.contains(":21:") || $0.contains(":6:5: removed 'override'") })
    }
}
