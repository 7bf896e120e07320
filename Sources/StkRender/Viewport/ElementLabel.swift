import LayoutKit

/// The short name drawn inside an element's box: cells `S:I`, headers `H<S>`,
/// footers `F<S>`, other supplementary views the upper-case initial of their kind
/// and `S:I` (`B2:15` for a `badge`), decoration views the lower-case initial and
/// `S:I` (`b2:0` for a `background`), so the two never read alike. A kind
/// that names a header or a footer takes `H` or `F` for its initial
/// (Apple's samples write `section-header-element-kind` and
/// `section-footer-element-kind`, which would both read `S0:0`).
enum ElementLabel {
    static func text(for key: ElementKey) -> String {
        switch (key.category, key.kind) {
        case (.cell, _):
            return key.indexPath.stk
        case (.supplementaryView, ElementKind.sectionHeader?):
            return "H\(key.indexPath.section)"
        case (.supplementaryView, ElementKind.sectionFooter?):
            return "F\(key.indexPath.section)"
        case (.supplementaryView, let kind):
            return initial(of: kind).uppercased() + key.indexPath.stk
        case (.decorationView, let kind):
            return initial(of: kind).lowercased() + key.indexPath.stk
        }
    }

    private static func initial(of kind: String?) -> String {
        guard let kind, let first = kind.first else { return "?" }
        switch ElementKind.boundaryKind(namedBy: kind) {
        case ElementKind.sectionHeader?: return "h"
        case ElementKind.sectionFooter?: return "f"
        default: return String(first)
        }
    }
}
