import Foundation

/// One `#>` line of a golden transcript.
public struct ExpectedLine: Equatable, Sendable {
    /// The text after `#>` and one optional space, verbatim.
    public var text: String
    /// The physical line it is on.
    public var line: Int
    /// The line holds only `...`: it matches any number of output lines.
    public var isWildcard: Bool

    public init(text: String, line: Int, isWildcard: Bool) {
        self.text = text
        self.line = line
        self.isWildcard = isWildcard
    }
}

/// The expected output of the commands that end on one logical line.
///
/// `#>` lines describe the output of everything that ends on the line just
/// above them: with `a; b` that is a's output followed by b's; after a batch's
/// `end`, the batch's. Each such line gets an entry even without `#>` lines,
/// so that `stk test --update` knows where to insert them.
public struct TranscriptEntry: Equatable, Sendable {
    /// Indices into `Script.commands` of the commands whose output is described.
    /// Empty when those commands had errors.
    public var commands: Range<Int>
    /// The physical lines of the logical line the commands end on.
    public var sourceLines: ClosedRange<Int>
    /// The `#>` lines, in order.
    public var expected: [ExpectedLine]
    /// The physical lines the `#>` block occupies. When there is no block the
    /// range is empty and its `lowerBound` is the line before which a block
    /// would be inserted (`sourceLines.upperBound + 1`).
    public var blockLines: Range<Int>

    public init(commands: Range<Int>, sourceLines: ClosedRange<Int>, expected: [ExpectedLine], blockLines: Range<Int>) {
        self.commands = commands
        self.sourceLines = sourceLines
        self.expected = expected
        self.blockLines = blockLines
    }

    public var hasBlock: Bool { !blockLines.isEmpty }

    /// Whether `output` matches the expected lines, `...` standing for any
    /// number of lines (none included), each other line a LinePattern. Without a block, only empty output matches.
    public func matches(_ output: [String]) -> Bool {
        let pattern = expected
        // memo[p][o]: pattern[p...] matches output[o...]
        var memo: [[Bool?]] = Array(repeating: Array(repeating: nil, count: output.count + 1), count: pattern.count + 1)
        func match(_ p: Int, _ o: Int) -> Bool {
            if let known = memo[p][o] { return known }
            let result: Bool
            if p == pattern.count {
                result = o == output.count
            } else if pattern[p].isWildcard {
                result = match(p + 1, o) || (o < output.count && match(p, o + 1))
            } else {
                result = o < output.count && LinePattern.matches(pattern[p].text, output[o]) && match(p + 1, o + 1)
            }
            memo[p][o] = result
            return result
        }
        return match(0, 0)
    }
}

extension Script {
    /// The script's text with the `#>` blocks of some transcript entries
    /// replaced: `outputs[i]` is the new output of `transcript[i]`. Every
    /// other byte is kept as it was, line endings included; new `#>` lines
    /// take the indentation of their command's line and its line ending.
    /// An empty output removes the block.
    public func rewritingTranscript(_ outputs: [Int: [String]]) -> String {
        let physical = file.physicalLines
        let fallbackEnding = physical.first { !$0.terminator.isEmpty }?.terminator ?? "\n"
        // Replacements keyed by the index of the first line they replace.
        var replacements: [Int: (count: Int, lines: [(String, String)])] = [:]
        for (entryIndex, output) in outputs {
            guard transcript.indices.contains(entryIndex) else { continue }
            let entry = transcript[entryIndex]
            let commandLine = physical[entry.sourceLines.lowerBound - file.firstLine]
            let lastCommandLine = physical[entry.sourceLines.upperBound - file.firstLine]
            let ending = lastCommandLine.terminator.isEmpty ? fallbackEnding : lastCommandLine.terminator
            var indentSource = commandLine.characters
            if entry.hasBlock { indentSource = physical[entry.blockLines.lowerBound - file.firstLine].characters }
            let indent = String(indentSource.prefix { $0 == " " || $0 == "\t" })
            let newLines = output.map { ($0.isEmpty ? "\(indent)#>" : "\(indent)#> \($0)", ending) }
            replacements[entry.blockLines.lowerBound - file.firstLine] = (entry.blockLines.count, newLines)
        }
        var result: [(String, String)] = []
        var index = 0
        while index <= physical.count {
            if let replacement = replacements[index] {
                result.append(contentsOf: replacement.lines)
                if replacement.count > 0 {
                    index += replacement.count
                    continue
                }
            }
            guard index < physical.count else { break }
            result.append((String(physical[index].characters), physical[index].terminator))
            index += 1
        }
        // Only the last line may lack a line ending, and only if the file's did.
        for i in result.indices.dropLast() where result[i].1.isEmpty { result[i].1 = fallbackEnding }
        if let lastEnding = physical.last?.terminator, !result.isEmpty { result[result.count - 1].1 = lastEnding }
        let body = result.map { $0.0 + $0.1 }.joined()
        return file.hasByteOrderMark ? "\u{FEFF}" + body : body
    }
}
