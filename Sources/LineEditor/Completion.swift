/// What the Tab key does, decided from the text before the cursor and the
/// candidates the completer offered for the word under the cursor.
///
/// The word is the run of non-whitespace characters that ends at the cursor;
/// every candidate is a full replacement for it. Like a shell: a single
/// candidate replaces the word (plus a space at the end of the line, unless it
/// ends with `=` or `/`, where more typing follows); several candidates first
/// extend the word to their longest common prefix; when that makes no
/// progress, they are listed below the line.
enum CompletionAction: Equatable {
    /// Nothing to complete: beep.
    case none
    /// Delete `scalarsToDelete` Unicode scalars before the cursor (the word)
    /// and insert `replacement`.
    case replaceWord(scalarsToDelete: Int, replacement: String)
    /// Ambiguous and no common progress: show these.
    case list([String])

    init(textBeforeCursor: String, isAtEndOfLine: Bool, candidates: [String]) {
        var seen = Set<String>()
        let candidates = candidates.filter { seen.insert($0).inserted }
        let word = String(textBeforeCursor.reversed().prefix { !$0.isWhitespace }.reversed())
        let scalarsToDelete = word.unicodeScalars.count

        switch candidates.count {
        case 0:
            self = .none
        case 1:
            let candidate = candidates[0]
            let continuesTyping = candidate.hasSuffix("=") || candidate.hasSuffix("/")
            let replacement = candidate + (isAtEndOfLine && !continuesTyping ? " " : "")
            self = replacement == word ? .none : .replaceWord(scalarsToDelete: scalarsToDelete, replacement: replacement)
        default:
            let prefix = Self.longestCommonPrefix(candidates)
            if prefix.count > word.count {
                self = .replaceWord(scalarsToDelete: scalarsToDelete, replacement: prefix)
            } else {
                self = .list(candidates)
            }
        }
    }

    static func longestCommonPrefix(_ strings: [String]) -> String {
        guard var prefix = strings.first.map(Array.init) else { return "" }
        for string in strings.dropFirst() {
            let characters = Array(string)
            let shared = zip(prefix, characters).prefix { $0 == $1 }.count
            prefix.removeSubrange(shared...)
        }
        return String(prefix)
    }
}

/// Candidates laid out in columns that fit `width`, filled top to bottom then
/// left to right as `ls` does; each row ends with a newline.
func completionListing(_ candidates: [String], width: Int) -> String {
    guard let widest = candidates.map(\.count).max() else { return "" }
    let gap = 2
    let columnCount = max(1, (width + gap) / (widest + gap))
    let rowCount = (candidates.count + columnCount - 1) / columnCount
    var listing = ""
    for row in 0..<rowCount {
        var line = ""
        for column in 0..<columnCount {
            let index = column * rowCount + row
            guard index < candidates.count else { break }
            let candidate = candidates[index]
            line += candidate + String(repeating: " ", count: widest + gap - candidate.count)
        }
        while line.last == " " { line.removeLast() }
        listing += line + "\n"
    }
    return listing
}
