/// A plain text table: columns padded to their widest cell, separated by two
/// spaces, a header row, a rule under it. Lines carry no trailing spaces.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []
    /// Columns aligned right (numbers); the others are aligned left.
    var rightAligned: Set<Int> = []

    init(header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        let columns = ([header] + rows).map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in [header] + rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ row: [String]) -> String {
            var cells: [String] = []
            for i in 0..<columns {
                let cell = i < row.count ? row[i] : ""
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                cells.append(rightAligned.contains(i) ? pad + cell : cell + pad)
            }
            var text = cells.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
