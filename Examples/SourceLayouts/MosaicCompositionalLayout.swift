//
//  MosaicCompositionalLayout.swift
//
//  A mosaic as a compositional layout subclass: each group is one large tile
//  and two small ones stacked beside it, placed by a custom group whose item
//  provider computes the frames. The large tile spans all but one of the
//  columns, and alternate sections put it on the other side.
//

import UIKit

class MosaicCompositionalLayout: UICollectionViewCompositionalLayout {

    init(columns: Int = 3) {
        super.init(sectionProvider: { sectionIndex, layoutEnvironment in
            let rowHeight = (layoutEnvironment.container.effectiveContentSize.width / CGFloat(columns)) * 2
            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                   heightDimension: .absolute(rowHeight))
            let group = NSCollectionLayoutGroup.custom(layoutSize: groupSize) { environment in
                let size = CGSize(width: environment.container.effectiveContentSize.width, height: rowHeight)
                let frames = MosaicCompositionalLayout.tiles(in: size, columns: columns, largeOnLeft: sectionIndex % 2 == 0)
                return frames.map { NSCollectionLayoutGroupCustomItem(frame: $0) }
            }
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            return section
        })
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// The frames of one group: a large tile as high as the group and
    /// `columns - 1` columns wide, then two small tiles stacked in the
    /// remaining column.
    static func tiles(in size: CGSize, columns: Int, largeOnLeft: Bool) -> [CGRect] {
        let gap: CGFloat = 2
        let columnWidth = size.width / CGFloat(max(columns, 2))
        let largeWidth = columnWidth * CGFloat(max(columns - 1, 1))
        let large = CGRect(x: largeOnLeft ? 0 : columnWidth, y: 0, width: largeWidth, height: size.height)
        let smallX = largeOnLeft ? largeWidth : 0
        let small = (0..<2).map { row in
            CGRect(x: smallX, y: CGFloat(row) * size.height / 2, width: columnWidth, height: size.height / 2)
        }
        return ([large] + small).map { $0.insetBy(dx: gap, dy: gap) }
    }
}
