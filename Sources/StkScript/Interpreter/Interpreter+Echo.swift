import Foundation

extension Interpreter {
    /// `--echo` shows a script's comment lines too, where they stand between
    /// the commands, as `sqlite3 -echo` shows everything it reads: a commented
    /// demo reads as written. `#>` lines (expected output) are not shown.
    func echoComments(in file: SourceFile, lines: ClosedRange<Int>) {
        guard options.echo else { return }
        for number in lines {
            guard let line = file.line(number) else { continue }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#") && !text.hasPrefix("#>") {
                echo(String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()), as: "comment")
            }
        }
    }

    /// One line `--echo` shows: as it is, or `{"KEY":"TEXT"}` in JSON mode,
    /// where every line of standard output is a JSON object.
    func echo(_ text: String, as key: String) {
        answer(text: text, json: .object([(key, .string(text))]))
    }
}
