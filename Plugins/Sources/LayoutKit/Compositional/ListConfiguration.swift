import Foundation

/// `UICollectionLayoutListConfiguration`: a section (or a whole layout) that
/// looks like a table view. Rows are full width and self-sizing (estimated
/// 44 high); the metrics UIKit does not publish are stk's, listed in
/// docs/semantics.md ("Lists").
public struct CollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }

    public var appearance: Appearance
    public var showsSeparators = true
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// iOS 15: space above each section's header (stk's default: see `sectionGap`).
    public var headerTopPadding: CGFloat?
    /// The list's background (stk draws none; kept as set).
    public var backgroundColor: Color?
    /// iOS 14.5: how separators look (stk draws none; kept as set).
    public var separatorConfiguration: ListSeparatorConfiguration

    public init(appearance: Appearance) {
        self.appearance = appearance
        separatorConfiguration = ListSeparatorConfiguration(listAppearance: appearance)
    }

    /// stk's list metrics.
    public static let estimatedRowHeight: CGFloat = 44
    public static let plainHeaderHeight: CGFloat = 28
    public static let groupedHeaderHeight: CGFloat = 38
    /// The gap a grouped list leaves before each section.
    public static let sectionGap: CGFloat = 35

    var isGrouped: Bool { appearance != .plain && appearance != .sidebarPlain }
    var isInset: Bool { appearance == .insetGrouped || appearance == .sidebar }

    func makeSection(environment: CollectionLayoutEnvironment) -> CollectionLayoutSection {
        let size = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(Self.estimatedRowHeight))
        let item = CollectionLayoutItem(layoutSize: size)
        let group = CollectionLayoutGroup.vertical(layoutSize: size, subitems: [item])
        let section = CollectionLayoutSection(group: group)
        if isInset, let margins = (environment as? LayoutEnvironment)?.layoutMargins {
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: margins.left, bottom: 0, trailing: margins.right)
        }
        let headerHeight = isGrouped ? Self.groupedHeaderHeight : Self.plainHeaderHeight
        if headerMode == .supplementary {
            let header = CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(headerHeight)),
                elementKind: ElementKind.sectionHeader, alignment: .top)
            // Plain lists pin their headers, as a plain table view does.
            header.pinToVisibleBounds = !isGrouped
            section.boundarySupplementaryItems.append(header)
        }
        if footerMode == .supplementary {
            section.boundarySupplementaryItems.append(CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(headerHeight)),
                elementKind: ElementKind.sectionFooter, alignment: .bottom))
        }
        section.spacingBefore = headerTopPadding ?? (isGrouped ? Self.sectionGap : 0)
        return section
    }
}

/// UIKit's `UIListSeparatorConfiguration` (iOS 14.5): the look of a list's
/// separators, set on the list configuration or per row by its separator
/// handler. stk draws no separators; the values are kept as set, so that
/// code that configures them compiles and reads back what it wrote.
public struct ListSeparatorConfiguration: Hashable {
    public enum Visibility: Int, Hashable, Sendable { case automatic, visible, hidden }

    /// UIKit's marker for "inset as the list's appearance does".
    public static let automaticInsets = DirectionalEdgeInsets(top: .greatestFiniteMagnitude, leading: .greatestFiniteMagnitude,
                                                              bottom: .greatestFiniteMagnitude, trailing: .greatestFiniteMagnitude)

    public var topSeparatorVisibility: Visibility = .automatic
    public var bottomSeparatorVisibility: Visibility = .automatic
    public var topSeparatorInsets = ListSeparatorConfiguration.automaticInsets
    public var bottomSeparatorInsets = ListSeparatorConfiguration.automaticInsets
    public var color: Color = .separator
    public var multipleSelectionColor: Color = .separator

    public init(listAppearance: CollectionLayoutListConfiguration.Appearance) {}
}
