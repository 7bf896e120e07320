//
//  FavoritesController.swift
//  AppStore
//

import UIKit

/// The favourites list shows its base's layout as it is: it sizes nothing.
class FavoritesController: BaseListController {
    var favorites = [String]()

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = "Favorites"
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        favorites.count
    }
}
