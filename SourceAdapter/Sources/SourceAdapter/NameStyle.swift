/// Layout names from class names: words split where the case changes, joined
/// by hyphens, lower case. An acronym stays one word: `UICollectionViewFlowLayout`
/// gives `ui-collection-view-flow-layout`, `HTMLGridLayout` gives
/// `html-grid-layout`, `Grid2DLayout` gives `grid2-d-layout`.
public enum NameStyle {
    public static func layoutName(forClass className: String) -> String {
        let characters = Array(className)
        var words: [String] = []
        var current = ""
        for (i, c) in characters.enumerated() {
            if c == "_" {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            if c.isUppercase, !current.isEmpty {
                let previous = characters[i - 1]
                let next = i + 1 < characters.count ? characters[i + 1] : nil
                // A new word starts at an upper-case letter after a lower-case
                // letter or digit, or at the last capital of an acronym that a
                // lower-case letter follows ("HTMLGrid": "HTML", "Grid").
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }.joined(separator: "-")
    }
}
