import Foundation

/// "Did you mean": the known name closest to a misspelt one.
public enum NearMiss {
    /// The candidate nearest to `word`, ignoring case, or nil when none is
    /// near enough.
    ///
    /// Distance is the optimal-string-alignment edit distance (insert,
    /// delete, substitute, or swap two neighbours: one edit each). A
    /// candidate qualifies when its distance is at most `max(1, n / 3)` and
    /// below `n`, `n` being the length of `word`: one slip in a short word,
    /// more in a long one, and never a word that shares nothing (`x` does
    /// not suggest `y`). Ties go to the candidate listed first.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let length = word.count
        let threshold = max(1, length / 3)
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            guard d <= threshold, d < length else { continue }
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// Optimal-string-alignment distance between two strings, by characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
