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
                output.writeLine(String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()))
            }
        }
    }
}
