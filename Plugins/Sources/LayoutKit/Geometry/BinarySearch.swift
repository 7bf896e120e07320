/// The first index in `range` at which `isPast` holds, or `range.upperBound`
/// when it holds nowhere: a binary search, for a condition that holds on a
/// suffix of the range and fails before it (an element past a y, a line past
/// an item, an entry at or after a key). The layouts' rect queries, blocks,
/// sparse tables and diffs all ask this one question of sorted data.
@inline(__always)
func firstIndex(in range: Range<Int>, where isPast: (Int) -> Bool) -> Int {
    var lo = range.lowerBound, hi = range.upperBound
    while lo < hi {
        let mid = lo + (hi - lo) / 2
        if isPast(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
}
