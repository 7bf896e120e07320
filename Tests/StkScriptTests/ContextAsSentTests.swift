import Foundation
import LayoutKit
import Testing
@testable import StkScript

/// A layout's `invalidateLayout(with:)` may add to the context before it
/// calls super (a published sticky-headers layout names its section headers
/// there). UIKit acts on the context as it reaches super; `context` and
/// `expect context` showed it as it was made, so they said the headers were
/// not named while the layout had named them.
@Suite struct ContextAsSentTests {
    /// A flow that invalidates on every scroll, with the base flow's context
    /// (naming nothing), and names header 0 in its override.
    final class NamingInOverride: CollectionViewFlowLayout {
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

        override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
            if !context.invalidateEverything && !context.invalidateDataSourceCounts {
                context.invalidateSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader, at: [IndexPath(item: 0, section: 0)])
            }
            super.invalidateLayout(with: context)
        }
    }

    /// A flow whose override swallows its contexts (no super): the context
    /// is shown as it was made.
    final class Swallowing: CollectionViewFlowLayout {
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

        override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
            if context.invalidateEverything || context.invalidateDataSourceCounts { super.invalidateLayout(with: context) }
        }
    }

    static func registry() throws -> LayoutRegistry {
        try VerifyCheckTests.registry(with: [VerifyCheckTests.descriptor("naming-in-override") {
            let layout = NamingInOverride()
            layout.headerReferenceSize = CGSize(width: 390, height: 44)
            return layout
        }, VerifyCheckTests.descriptor("swallowing") { Swallowing() }])
    }

    @Test func theContextIsShownAsTheLayoutSentItOn() throws {
        let script = try VerifyCheckTests.Script(registry: try Self.registry())
        #expect(script.run("layout naming-in-override; sections 3 items=4; scroll to 0,100; context; expect context contains header 0") == .success,
                "\(script.output.diagnostics)")
        #expect(script.output.lines.contains("  supplementary header=0:0"), "\(script.output.lines)")
        #expect(script.run("layout swallowing; sections 3 items=4; scroll to 0,100; context") == .success, "\(script.output.diagnostics)")
        #expect(script.output.lines.contains("  supplementary=none"), "\(script.output.lines)")
    }
}
