//
//  SpringyFlowLayout.swift
//  Messages
//
//  A flow layout whose items trail the finger on springs, as in the
//  Messages app of iOS 7 and the UIKit Dynamics talk of WWDC 2013: each
//  item is attached to where the flow layout puts it, a scroll shifts the
//  items by how far each is from the finger, and the animator pulls them back.
//

import Foundation
import UIKit

final class SpringyFlowLayout: UICollectionViewFlowLayout {

    /// How far from the finger an item must be to trail it by the whole scroll.
    var scrollResistance: CGFloat = 1500

    private lazy var dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)

    init(itemSize: CGSize = CGSize(width: 100, height: 100), spacing: CGFloat = 10) {
        super.init()
        self.itemSize = itemSize
        minimumInteritemSpacing = spacing
        minimumLineSpacing = spacing
        sectionInset = UIEdgeInsets(top: spacing, left: spacing, bottom: spacing, right: spacing)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func prepare() {
        super.prepare()
        guard dynamicAnimator.behaviors.isEmpty else { return }

        // Every item on a spring of its own, anchored where the flow puts it.
        let contentRect = CGRect(origin: .zero, size: collectionViewContentSize)
        for attributes in super.layoutAttributesForElements(in: contentRect) ?? [] {
            guard let item = attributes.copy() as? UICollectionViewLayoutAttributes else { continue }
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
            spring.length = 0
            spring.damping = 0.8
            spring.frequency = 1
            dynamicAnimator.addBehavior(spring)
        }
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        // New data, new metrics or a cell's own size move the anchors: attach
        // everything again. (The animator's own invalidations, as the items
        // settle, name none of these.)
        let flowContext = context as? UICollectionViewFlowLayoutInvalidationContext
        if context.invalidateEverything || context.invalidateDataSourceCounts
            || flowContext?.invalidateFlowLayoutAttributes == true
            || flowContext?.invalidateFlowLayoutDelegateMetrics == true
            || !(context.invalidatedItemIndexPaths ?? []).isEmpty {
            dynamicAnimator.removeAllBehaviors()
        }
        super.invalidateLayout(with: context)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        dynamicAnimator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        dynamicAnimator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = collectionView else { return false }
        // A new width reflows the items: the context says so, and they are attached again.
        if newBounds.size != collectionView.bounds.size { return true }

        // A scroll: each item trails the finger, and its spring pulls it back.
        let delta = newBounds.origin.y - collectionView.bounds.origin.y
        let touchLocation = collectionView.panGestureRecognizer.location(in: collectionView)
        for case let spring as UIAttachmentBehavior in dynamicAnimator.behaviors {
            guard let item = spring.items.first else { continue }
            item.center.y += trail(delta, for: spring, touchLocation: touchLocation)
            dynamicAnimator.updateItem(usingCurrentState: item)
        }
        return false
    }

    /// The farther from the finger, the more an item trails, never past the scroll itself.
    private func trail(_ delta: CGFloat, for spring: UIAttachmentBehavior, touchLocation: CGPoint) -> CGFloat {
        let distance = abs(touchLocation.y - spring.anchorPoint.y) + abs(touchLocation.x - spring.anchorPoint.x)
        let resistance = distance / scrollResistance
        return delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
    }
}

// MARK: - The screen

final class MessagesViewController: UICollectionViewController {

    private var messages: [String] = (1...60).map { "Message \($0)" }

    init() {
        super.init(collectionViewLayout: SpringyFlowLayout())
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.backgroundColor = .systemBackground
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Message")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        messages.count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Message", for: indexPath)
        cell.contentView.backgroundColor = .systemBlue
        return cell
    }
}
