import Foundation
import UIKit

// The built-in compositional layouts, written against UIKit's public API as
// an iOS developer writes them (each `make...` function would compile in an
// app as it is). Their options live in a small settings object that the
// section provider reads, so that `set` changes a live layout: the layout is
// invalidated and the provider asked again, as an app would do it.

/// A compositional layout whose section provider reads `settings`.
final class SettingsDrivenLayout<Settings: CompositionalSettings>: UICollectionViewCompositionalLayout, ConfigurableLayout {
    let settings: Settings

    init(settings: Settings) {
        self.settings = settings
        super.init(sectionProvider: { sectionIndex, environment in
            settings.section(sectionIndex, environment)
        }, configuration: settings.configuration())
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func setOption(_ name: String, to value: LayoutOptionValue) throws {
        try settings.set(name, value)
        configuration = settings.configuration() // invalidates, as in UIKit
    }

    func optionValue(_ name: String) -> LayoutOptionValue? { settings.value(name) }
}

/// What a built-in compositional layout can be set to, and the sections it makes.
protocol CompositionalSettings: AnyObject {
    static var options: [LayoutOption] { get }
    func section(_ index: Int, _ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?
    func configuration() -> UICollectionViewCompositionalLayoutConfiguration
    func set(_ name: String, _ value: LayoutOptionValue) throws
    func value(_ name: String) -> LayoutOptionValue?
}

extension CompositionalSettings {
    func configuration() -> UICollectionViewCompositionalLayoutConfiguration { UICollectionViewCompositionalLayoutConfiguration() }
}

/// Element kinds of the built-in layouts.
public enum CompositionalElementKind {
    public static let badge = "badge"
    public static let background = "background"
}

// MARK: Lists

/// A list (`UICollectionLayoutListConfiguration`) with section headers: pinned
/// in the plain appearance, as a plain table view's are.
final class ListSettings: CompositionalSettings {
    var appearance: UICollectionLayoutListConfiguration.Appearance
    var headers = true
    var footers = false

    init(appearance: UICollectionLayoutListConfiguration.Appearance) { self.appearance = appearance }

    static let options: [LayoutOption] = [
        LayoutOption(name: "headers", type: .bool, defaultValue: .bool(true), help: "a header per section (headerMode = .supplementary)"),
        LayoutOption(name: "footers", type: .bool, defaultValue: .bool(false), help: "a footer per section (footerMode = .supplementary)"),
    ]

    func section(_ index: Int, _ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
        configuration.headerMode = headers ? .supplementary : .none
        configuration.footerMode = footers ? .supplementary : .none
        return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
    }

    func set(_ name: String, _ value: LayoutOptionValue) throws {
        switch name {
        case "headers": headers = try OptionValues.bool(value, option: name)
        case "footers": footers = try OptionValues.bool(value, option: name)
        default: throw CollectionViewError("no option '\(name)'")
        }
    }

    func value(_ name: String) -> LayoutOptionValue? {
        switch name {
        case "headers": return .bool(headers)
        case "footers": return .bool(footers)
        default: return nil
        }
    }
}

// MARK: A grid with badges and a background

/// A grid of square cells, `columns` to a row, each with a badge on its
/// top-trailing corner; every section on a background decoration, under a
/// pinned header.
final class GridSettings: CompositionalSettings {
    var columns = 4
    var badges = true
    var pinHeaders = true

    static let options: [LayoutOption] = [
        LayoutOption(name: "columns", type: .integer, defaultValue: .number(4), help: "cells in a row (the item is .fractionalWidth(1 / columns))"),
        LayoutOption(name: "badges", type: .bool, defaultValue: .bool(true), help: "a badge anchored to each cell's top-trailing corner"),
        LayoutOption(name: "pinHeaders", type: .bool, defaultValue: .bool(true), help: "section headers pin to the visible bounds"),
    ]

    func section(_ index: Int, _ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        let fraction = 1 / CGFloat(columns)
        let badgeAnchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
        let badgeSize = NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20))
        let badge = NSCollectionLayoutSupplementaryItem(layoutSize: badgeSize, elementKind: CompositionalElementKind.badge, containerAnchor: badgeAnchor)
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(fraction), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize, supplementaryItems: badges ? [badge] : [])
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(fraction))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        // Estimated, as headers holding text are: 44 until a header is measured (`prefer header`).
        let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = pinHeaders
        header.zIndex = 2
        section.boundarySupplementaryItems = [header]
        let background = NSCollectionLayoutDecorationItem.background(elementKind: CompositionalElementKind.background)
        background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        section.decorationItems = [background]
        return section
    }

    func set(_ name: String, _ value: LayoutOptionValue) throws {
        switch name {
        case "columns":
            let n = try OptionValues.integer(value, option: name)
            guard (1...100).contains(n) else { throw OptionValues.refused(name, value, expected: "a whole number of columns from 1 to 100") }
            columns = n
        case "badges": badges = try OptionValues.bool(value, option: name)
        case "pinHeaders": pinHeaders = try OptionValues.bool(value, option: name)
        default: throw CollectionViewError("no option '\(name)'")
        }
    }

    func value(_ name: String) -> LayoutOptionValue? {
        switch name {
        case "columns": return .number(Double(columns))
        case "badges": return .bool(badges)
        case "pinHeaders": return .bool(pinHeaders)
        default: return nil
        }
    }
}

// MARK: Orthogonal carousels

/// Every section one row that scrolls across: groups `groupWidth` of the
/// width (the next one peeks), paged by group; a visible-items handler scales
/// each cell down with its distance from the row's centre.
final class CarouselSettings: CompositionalSettings {
    var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .groupPaging
    var groupWidth: CGFloat = 0.85
    var scaling = true

    static let options: [LayoutOption] = [
        LayoutOption(name: "behavior", type: .choice(UICollectionLayoutSectionOrthogonalScrollingBehavior.allCases.dropFirst().map(\.name)),
                     defaultValue: .word("groupPaging"), help: "how a row comes to rest after a fling (orthogonalScrollingBehavior)"),
        LayoutOption(name: "groupWidth", type: .number, defaultValue: .number(0.85), help: "a group's width as a fraction of the section's (below 1, the next group peeks)"),
        LayoutOption(name: "scaling", type: .bool, defaultValue: .bool(true), help: "a visible-items handler scales cells by their distance from the centre"),
    ]

    func section(_ index: Int, _ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(groupWidth), heightDimension: .absolute(200))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = behavior
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 20, trailing: 20)
        let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: headerSize, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)]
        if scaling {
            section.visibleItemsInvalidationHandler = { items, offset, environment in
                let width = environment.container.contentSize.width
                for item in items where item.representedElementCategory == .cell {
                    // 1 at the centre of the row, 0.8 a whole width away.
                    let distance = abs(item.frame.midX - offset.x - width / 2)
                    let scale = max(0.8, 1 - 0.2 * distance / width)
                    item.transform = CGAffineTransform(scaleX: scale, y: scale)
                }
            }
        }
        return section
    }

    func set(_ name: String, _ value: LayoutOptionValue) throws {
        switch name {
        case "behavior":
            let word = try OptionValues.choice(value, option: name, among: UICollectionLayoutSectionOrthogonalScrollingBehavior.allCases.dropFirst().map(\.name))
            behavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.allCases.first { $0.name == word } ?? .groupPaging
        case "groupWidth":
            let fraction = try OptionValues.number(value, option: name)
            guard fraction > 0, fraction <= 1 else { throw OptionValues.refused(name, value, expected: "a fraction above 0 and at most 1") }
            groupWidth = CGFloat(fraction)
        case "scaling": scaling = try OptionValues.bool(value, option: name)
        default: throw CollectionViewError("no option '\(name)'")
        }
    }

    func value(_ name: String) -> LayoutOptionValue? {
        switch name {
        case "behavior": return .word(behavior.name)
        case "groupWidth": return .number(Double(groupWidth))
        case "scaling": return .bool(scaling)
        default: return nil
        }
    }
}

// MARK: Registration

/// The built-in compositional layouts as stk registers them.
public enum CompositionalPlugins {
    public static let descriptors: [LayoutDescriptor] = [
        LayoutDescriptor(name: "compositional-list",
                         summary: "a plain list (UICollectionLayoutListConfiguration) whose section headers pin to the top",
                         options: ListSettings.options,
                         makeLayout: { SettingsDrivenLayout(settings: ListSettings(appearance: .plain)) }),
        LayoutDescriptor(name: "compositional-inset-grouped",
                         summary: "an inset-grouped list: rows inset by the layout margins, headers that scroll with their section",
                         options: ListSettings.options,
                         makeLayout: { SettingsDrivenLayout(settings: ListSettings(appearance: .insetGrouped)) }),
        LayoutDescriptor(name: "compositional-grid",
                         summary: "a compositional grid with a badge on every cell, a background per section and pinned headers",
                         options: GridSettings.options,
                         makeLayout: { SettingsDrivenLayout(settings: GridSettings()) }),
        LayoutDescriptor(name: "compositional-carousel",
                         summary: "orthogonal carousels: each section a row paged by group, cells scaled by a visible-items handler",
                         options: CarouselSettings.options,
                         makeLayout: { SettingsDrivenLayout(settings: CarouselSettings()) }),
    ]
}
