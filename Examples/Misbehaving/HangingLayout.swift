import UIKit

/// A flow layout with a bug switched on by an option: with `hangs=true`, its
/// `prepare()` never returns, as a layout whose loop forgot to advance would.
/// At stk's REPL, Ctrl-C stops it and the session goes on; `stk test` gives
/// up on the file after its timeout.
final class HangingLayout: UICollectionViewFlowLayout {
    var hangs = false

    override func prepare() {
        super.prepare()
        var spins = 0
        while hangs {
            spins &+= 1
        }
    }
}
