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
    ///
    /// The work is bounded by the candidates' lengths, not by the word's: the
    /// distance is at least the difference of the lengths, so a candidate
    /// whose length is further than the threshold is skipped unmeasured, and
    /// a word longer than every candidate allows is not compared at all (a
    /// megabyte of misspelt command costs one count of its characters).
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        // Counting stops past the longest length any candidate could match:
        // n - n / 3 <= longest, so n <= 3 * longest / 2 + 2.
        let longest = candidates.map(\.count).max() ?? 0
        let cap = longest + longest / 2 + 2
        var length = 0
        for _ in word {
            length += 1
            if length > cap { return nil }
        }
        let threshold = max(1, length / 3)
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates where abs(candidate.count - length) <= threshold {
            let d = distance(lowered, candidate.lowercased())
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
