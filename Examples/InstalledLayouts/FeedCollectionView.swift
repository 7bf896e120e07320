//
//  FeedCollectionView.swift
//
//  A collection view that brings its own layout, as feed and gallery
//  components do: it installs a compositional layout in commonInit(), its
//  sections made by a method of its own, with its diffable data source and
//  its cell beside it. There is no createLayout() to call: stk takes the
//  statement that makes the layout out of commonInit() and runs it as one.
//

import UIKit
import Foundation

final class FeedCollectionView: UICollectionView {
    typealias DataSource = UICollectionViewDiffableDataSource<Int, UUID>

    /// How many cards a row holds.
    var columns = 2

    private var feedDataSource: DataSource!

    override init(frame: CGRect = .zero, collectionViewLayout layout: UICollectionViewLayout = UICollectionViewFlowLayout()) {
        super.init(frame: frame, collectionViewLayout: layout)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        backgroundColor = .systemBackground
        register(FeedCell.self, forCellWithReuseIdentifier: FeedCell.reuseIdentifier)
        setCollectionViewLayout(UICollectionViewCompositionalLayout(sectionProvider: section), animated: false)
        feedDataSource = DataSource(collectionView: self) { collectionView, indexPath, _ in
            collectionView.dequeueReusableCell(withReuseIdentifier: FeedCell.reuseIdentifier, for: indexPath)
        }
    }

    private func section(for index: Int, environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / CGFloat(columns)),
                                              heightDimension: .fractionalHeight(1))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)

        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize,
                                                                 elementKind: UICollectionView.elementKindSectionHeader,
                                                                 alignment: .top)
        section.boundarySupplementaryItems = [header]
        return section
    }
}

final class FeedCell: UICollectionViewCell {
    static let reuseIdentifier = "FeedCell"

    private let imageView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(imageView)
        imageView.layer.cornerRadius = 8
        imageView.clipsToBounds = true
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
