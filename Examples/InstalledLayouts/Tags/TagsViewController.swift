//
//  TagsViewController.swift
//
//  The screen that makes the tags layout with the view's width and its line
//  spacing, in viewDidLoad(), and installs it in the collection view it makes.
//

import UIKit

class TagsViewController: UIViewController {
    private var collectionView: UICollectionView!
    var tags: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = TagsLayout(maxWidth: self.view.frame.width, minimumLineSpacing: 8)
        collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        collectionView.backgroundColor = .systemBackground
        view.addSubview(collectionView)
    }
}
