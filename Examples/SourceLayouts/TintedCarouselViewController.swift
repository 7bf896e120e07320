import Foundation
import UIKit

/// A carousel of cards: a compositional layout whose one section pages by
/// group, centred, and whose visible-items handler scales each card by its
/// distance from the middle of the view and tints the title of the card there.
final class TintedCarouselViewController: UIViewController {
    enum Section {
        case main
    }

    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Section, Int>!

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        collectionView.register(TitledCardCell.self, forCellWithReuseIdentifier: TitledCardCell.reuseIdentifier)
        view.addSubview(collectionView)

        dataSource = UICollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) { collectionView, indexPath, number in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TitledCardCell.reuseIdentifier, for: indexPath) as! TitledCardCell
            cell.titleLabel.text = "Card \(number)"
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections([.main])
        snapshot.appendItems(Array(0..<10))
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}

extension TintedCarouselViewController {
    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [weak self] _, _ in
            let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
            let item = NSCollectionLayoutItem(layoutSize: itemSize)
            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.7), heightDimension: .absolute(300))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPagingCentered
            section.interGroupSpacing = 10
            section.visibleItemsInvalidationHandler = { items, offset, environment in
                let width = environment.container.contentSize.width
                let middle = offset.x + width / 2
                for item in items {
                    let distance = abs(item.frame.midX - middle)
                    let scale = max(0.8, 1 - distance / width)
                    item.transform = CGAffineTransform(scaleX: scale, y: scale)
                    // The card in the middle gets a tinted title.
                    if let cell = self?.collectionView.cellForItem(at: item.indexPath) as? TitledCardCell {
                        cell.titleLabel.textColor = distance < 1 ? .systemBlue : .label
                    }
                }
            }
            return section
        }
    }
}

final class TitledCardCell: UICollectionViewCell {
    static let reuseIdentifier = "titled-card-cell"

    let titleLabel: UILabel = {
        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .headline)
        label.adjustsFontForContentSizeCategory = true
        label.translatesAutoresizingMaskIntoConstraints = false
        return label
    }()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 12
        contentView.backgroundColor = .secondarySystemBackground
        contentView.addSubview(titleLabel)
        NSLayoutConstraint.activate([
            titleLabel.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
            titleLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
