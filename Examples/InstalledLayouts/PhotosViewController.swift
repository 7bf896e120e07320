//
//  PhotosViewController.swift
//
//  A storyboard screen, as Udacity's Virtual Tourist and many apps of its
//  time have it: Interface Builder installs a flow layout in the collection
//  view, and viewDidLoad() sizes it from the outlet's frame, three photos a
//  row and five rows a screen. The storyboard is not in the sources: stk makes
//  that flow layout with UIKit's defaults and runs the set-up on it. The size
//  is computed once: after a rotation it is the old one, which stk verify finds.
//

import UIKit

class PhotosViewController: UIViewController, UICollectionViewDataSource {
    @IBOutlet weak var collectionView: UICollectionView!
    var photos: [UIImage] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = collectionView.collectionViewLayout as! UICollectionViewFlowLayout
        layout.sectionInset = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        layout.minimumInteritemSpacing = 5
        layout.itemSize = CGSize(width: (collectionView.frame.width - 20) / 3, height: (collectionView.frame.height - 20) / 5)
        collectionView.dataSource = self
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        photos.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "PhotoCell", for: indexPath)
        cell.backgroundView = UIImageView(image: photos[indexPath.item])
        return cell
    }
}
