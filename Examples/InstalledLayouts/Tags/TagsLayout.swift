//
//  TagsLayout.swift
//
//  A tag filter's layout, as an issue tracker's tag picker has it: tags flow
//  left to right, and the layout needs the width it may fill, which only the
//  screen knows, so its one initialiser takes it. stk cannot make this class
//  alone (it has no init()): the screen that makes it registers it, as it
//  makes it (TagsViewController.swift).
//

import UIKit

final class TagsLayout: UICollectionViewFlowLayout {
    private let maxWidth: CGFloat

    init(maxWidth: CGFloat, minimumLineSpacing: CGFloat = 0) {
        self.maxWidth = maxWidth
        super.init()
        self.minimumLineSpacing = minimumLineSpacing
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
