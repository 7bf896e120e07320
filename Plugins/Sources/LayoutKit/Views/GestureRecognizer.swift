import Foundation

/// UIKit's `UIGestureRecognizer`: stk has no touches, so a recognizer made
/// by a plugin stays possible, with no touches, at the origin of any view.
open class GestureRecognizer: NSObject {
    /// `UIGestureRecognizer.State`.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    open var state: State { .possible }
    open var isEnabled = true
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open var numberOfTouches: Int { 0 }
    open weak var view: View?

    public override init() { super.init() }

    open func location(in view: CollectionView?) -> CGPoint { .zero }
    @_disfavoredOverload
    open func location(in view: View?) -> CGPoint { .zero }
    open func require(toFail other: GestureRecognizer) {}
}

/// UIKit's `UIPanGestureRecognizer`. The collection view's own (its
/// `panGestureRecognizer`) stands for the finger that drags the content as
/// `scroll` moves it: held still in the middle of the view, so it reports no
/// translation or velocity, and its location is the centre of the visible
/// bounds, in the collection view's coordinates (the content's). Springy
/// layouts weigh how far each item moves by its distance from that point.
open class PanGestureRecognizer: GestureRecognizer {
    private weak var scrolled: CollectionView?

    public override init() { super.init() }

    init(scrolling collectionView: CollectionView) {
        scrolled = collectionView
        super.init()
    }

    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

    /// The finger, in `view`'s coordinates: the collection view's (its
    /// content's), or, for nil or another view, the window's, where the
    /// collection view fills the screen from its origin.
    open override func location(in view: CollectionView?) -> CGPoint {
        guard let cv = scrolled else { return .zero }
        let bounds = cv.bounds
        let inView = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        return view === cv ? CGPoint(x: bounds.minX + inView.x, y: bounds.minY + inView.y) : inView
    }

    @_disfavoredOverload
    open override func location(in view: View?) -> CGPoint { location(in: nil as CollectionView?) }

    open func translation(in view: CollectionView?) -> CGPoint { .zero }
    @_disfavoredOverload
    open func translation(in view: View?) -> CGPoint { .zero }
    open func velocity(in view: CollectionView?) -> CGPoint { .zero }
    @_disfavoredOverload
    open func velocity(in view: View?) -> CGPoint { .zero }
    open func setTranslation(_ translation: CGPoint, in view: CollectionView?) {}
}
