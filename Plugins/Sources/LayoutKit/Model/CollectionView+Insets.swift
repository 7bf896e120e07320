import Foundation

/// The scroll view's insets: `contentInset` (the script's `insets`, or a
/// layout's own, set from `prepare()`) and the safe area. A change of either
/// invalidates the whole layout.
extension CollectionView {
    public func setContentInset(_ insets: EdgeInsets) throws {
        try setInsets(\.storedContentInset, to: insets, "contentInset")
    }

    public func setSafeAreaInsets(_ insets: EdgeInsets) throws {
        try setInsets(\.safeAreaInsets, to: insets, "safeAreaInsets")
    }

    private func setInsets(_ insets: ReferenceWritableKeyPath<CollectionView, EdgeInsets>, to value: EdgeInsets, _ name: String) throws {
        try Validate.insets(value, name)
        guard value != self[keyPath: insets] else { return }
        performChange {
            self[keyPath: insets] = value
            return .everything(.insetsChange)
        }
    }

    /// A content inset a layout set during the pass, applied now: a change
    /// of the insets, with a layout pass of its own. A layout that sets the
    /// inset it already has changes nothing; one that sets a new one in
    /// every pass is followed a few times, not forever (as offsets are).
    func applyDeferredContentInset() {
        applyDeferred(\.deferredContentInset, while: \.applyingDeferredContentInset) { self.setContentInsetOrWarn($0) }
    }

    func setContentInsetOrWarn(_ insets: EdgeInsets) {
        do {
            try setContentInset(insets)
        } catch {
            warn("contentInset was set to \(insets), which stk refuses (\(error)); the inset stays \(contentInset)")
        }
    }
}
