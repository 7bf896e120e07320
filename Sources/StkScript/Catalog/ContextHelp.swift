extension CommandCatalog {
    /// The details of `help context`: what each line `context` prints means,
    /// with UIKit's names (UICollectionViewLayoutInvalidationContext and its
    /// flow subclass), and the reasons in parentheses after the class.
    static let contextFieldHelp: [String] = [
        "the first line: the context's class, and in parentheses why it was made:",
        "  bounds change         scroll, fling, bounds: shouldInvalidateLayout(forBoundsChange:) answered true",
        "  reloadData            sections: the data was replaced",
        "  batch updates         insert, delete, move, reload, batch",
        "  insets change         inset, safearea",
        "  size change           size: a delegate's size of one element changed",
        "  layout change         layout: the new layout prepares from scratch",
        "  layout request        set: the layout invalidated itself for an option",
        "  preferred attributes  prefer: a displayed cell asked for its own size and the layout took it",
        "invalidateEverything=true: the layout drops everything it computed and prepares from scratch",
        "invalidateDataSourceCounts=true: the number of sections or items changed",
        "items=S:I,...: the cells whose attributes the layout must compute again (none: no cell)",
        "supplementary KIND=S:I,...: the supplementary views named, one line per kind (header, footer, ...)",
        "decoration KIND=S:I,...: the decoration views named, one line per kind",
        "contentOffsetAdjustment=X,Y: added to the content offset, to keep what is shown in place",
        "contentSizeAdjustment=WxH: by how much the content size changes (a self-sized cell that grew or shrank)",
        "flow contexts only:",
        "  invalidateFlowLayoutDelegateMetrics=true: ask the delegate's sizes and spacings again",
        "  invalidateFlowLayoutAttributes=true: compute the lines and their attributes again",
        "several contexts (a scroll in steps, a fling): the last, under 'last of N contexts'",
        "none: 'no invalidation context' (no operation yet, or the layout declined the change)",
    ]
}
