//
//  GalleryViewController.swift
//
//  A storyboard gallery as most apps of the storyboard years write it: the
//  flow layout Interface Builder installed is cast where it is set up, with
//  `if let` in a set-up method viewDidLoad() calls, and the item size comes
//  from the view's width in viewDidLayoutSubviews(), so that three photos fill
//  a row on every phone and after a rotation. stk makes the flow layout with
//  UIKit's defaults, runs the set-up once, and runs viewDidLayoutSubviews()'s
//  again at each new size of the view.
//

import Foundation
import UIKit

final class GalleryViewController: UICollectionViewController {
    private let reuseIdentifier = "PhotoCell"
    private let spacing: CGFloat = 4
    private let photosPerRow: CGFloat = 3
    var photos: [URL] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Gallery", comment: "")
        setupCollectionView()
    }

    private func setupCollectionView() {
        collectionView?.register(UICollectionViewCell.self, forCellWithReuseIdentifier: reuseIdentifier)
        collectionView?.backgroundColor = .systemBackground
        if let layout = collectionView?.collectionViewLayout as? UICollectionViewFlowLayout {
            layout.minimumInteritemSpacing = spacing
            layout.minimumLineSpacing = spacing
            layout.sectionInset = UIEdgeInsets(top: spacing, left: spacing, bottom: spacing, right: spacing)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let layout = collectionViewLayout as? UICollectionViewFlowLayout else { return }
        let available = view.bounds.width - spacing * (photosPerRow + 1)
        let side = (available / photosPerRow).rounded(.down)
        layout.itemSize = CGSize(width: side, height: side)
    }

    // MARK: UICollectionViewDataSource

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        photos.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath)
        cell.contentView.backgroundColor = .secondarySystemBackground
        return cell
    }
}
