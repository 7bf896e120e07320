import UIKit

/// A flow layout with a bug switched on by an option: with `crashes=true`,
/// its rect query reads past the end of an array, as an unfinished layout
/// might. stk's REPL and `stk test` survive it (see docs/language.md, "When a
/// layout crashes or hangs").
final class CrashingLayout: UICollectionViewFlowLayout {
    var crashes = false

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let all = super.layoutAttributesForElements(in: rect) ?? []
        guard crashes else { return all }
        return [all[all.count + 5]]
    }
}
