/// How one character of a rendered viewport looks: which kind of element it
/// belongs to and in what state. Glyph choice (heavy, dashed) makes every state
/// readable without colour; colour only reinforces it.
struct ElementStyle: Equatable {
    enum Role: Equatable {
        /// The viewport frame and caption: never coloured.
        case chrome
        case cell
        case supplementary
        case decoration
    }

    var role: Role
    var isPinned = false
    var isFaded = false
    /// The element's first mark of the last operation, if any.
    var mark: CycleMarks.Mark? = nil

    static let chrome = ElementStyle(role: .chrome)

    /// The ANSI SGR parameters for this style, or nil for plain text.
    ///
    /// Cells keep the terminal's colour, headers and footers (supplementary views)
    /// are cyan, decoration views magenta, pinned elements bold yellow whatever
    /// their kind, and faded elements dim. Bold and dim cancel each other on many
    /// terminals, so a pinned element that is also faded is dim yellow.
    /// Marks win over kinds: invalidated elements are red (bold when pinned),
    /// else pinned ones stay yellow, appeared ones are green, moved ones blue.
    var sgr: String? {
        if role == .chrome { return nil }
        var codes: [String] = []
        if mark == .invalidated {
            codes = isFaded ? ["2", "31"] : isPinned ? ["1", "31"] : ["31"]
        } else if !isPinned, let mark {
            if isFaded { codes.append("2") }
            codes.append(mark == .appeared ? "32" : "34")
        } else if isPinned {
            codes = isFaded ? ["2", "33"] : ["1", "33"]
        } else {
            if isFaded { codes.append("2") }
            switch role {
            case .supplementary: codes.append("36")
            case .decoration: codes.append("35")
            case .cell, .chrome: break
            }
        }
        return codes.isEmpty ? nil : codes.joined(separator: ";")
    }
}

enum ANSI {
    static let escape = "\u{1B}["
    static let reset = "\u{1B}[0m"

    static func styled(_ text: String, sgr: String?) -> String {
        guard let sgr, !text.isEmpty else { return text }
        return escape + sgr + "m" + text + reset
    }
}
