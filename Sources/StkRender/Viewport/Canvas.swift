/// A grid of terminal cells, each a character and a style. Later writes cover
/// earlier ones, which is how elements higher in z-order hide those below.
struct Canvas {
    let columns: Int
    let rows: Int
    private var characters: [[Character]]
    private var styles: [[ElementStyle]]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        characters = Array(repeating: Array(repeating: " ", count: self.columns), count: self.rows)
        styles = Array(repeating: Array(repeating: .chrome, count: self.columns), count: self.rows)
    }

    func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < rows && column >= 0 && column < columns
    }

    /// Writes one character; writes outside the grid are dropped (clipping).
    mutating func put(_ character: Character, row: Int, column: Int, style: ElementStyle) {
        guard contains(row: row, column: column) else { return }
        characters[row][column] = character
        styles[row][column] = style
    }

    /// Writes a string left to right from `column`, clipped to the grid.
    mutating func put(_ text: String, row: Int, column: Int, style: ElementStyle) {
        var c = column
        for character in text {
            put(character, row: row, column: c, style: style)
            c += 1
        }
    }

    /// One row as text. With `trimmingTrailingSpaces`, trailing spaces are
    /// dropped (transcripts are compared byte for byte and editors strip them);
    /// with `color`, each run of equally styled characters is wrapped in its SGR
    /// sequence and a reset.
    func line(_ row: Int, color: Bool, trimmingTrailingSpaces: Bool = true) -> String {
        let chars = characters[row]
        let last: Int
        if trimmingTrailingSpaces {
            guard let lastNonSpace = chars.lastIndex(where: { $0 != " " }) else { return "" }
            last = lastNonSpace
        } else {
            last = chars.count - 1
        }
        guard last >= 0 else { return "" }
        guard color else { return String(chars[...last]) }
        var out = ""
        var runStart = 0
        while runStart <= last {
            let style = styles[row][runStart]
            var runEnd = runStart
            while runEnd + 1 <= last, styles[row][runEnd + 1] == style { runEnd += 1 }
            out += ANSI.styled(String(chars[runStart...runEnd]), sgr: style.sgr)
            runStart = runEnd + 1
        }
        return out
    }
}
