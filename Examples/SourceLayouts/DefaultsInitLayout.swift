//
//  DefaultsInitLayout.swift
//
//  A flow layout of square items in a fixed number of columns, with the
//  spacing passed in by the screen that creates it. Its only initialiser has
//  default arguments, so `DefaultsInitLayout()` is how most screens create it.
//

import Foundation
import UIKit

final class DefaultsInitLayout: UICollectionViewFlowLayout {
    /// Items per row.
    var columns: Int = 3 {
        didSet { invalidateLayout() }
    }

    let spacing: CGFloat

    init(spacing: CGFloat = 8) {
        self.spacing = spacing
        super.init()
        minimumInteritemSpacing = spacing
        minimumLineSpacing = spacing
        sectionInset = UIEdgeInsets(top: spacing, left: spacing, bottom: spacing, right: spacing)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepare() {
        // The size first: the flow lays out in super.prepare() with the
        // itemSize it has then.
        if let collectionView = collectionView {
            let available = collectionView.bounds.width - sectionInset.left - sectionInset.right
                - minimumInteritemSpacing * CGFloat(columns - 1)
            let side = floor(available / CGFloat(max(columns, 1)))
            itemSize = CGSize(width: side, height: side)
        }
        super.prepare()
    }
}
