import Foundation
import StkScript

/// The interactive front end (wired to the line editor when it lands).
struct REPLFrontEnd {
    let interpreter: Interpreter
    func run() -> ExitStatus {
        let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        ScriptRunner(interpreter: interpreter).run(text: text, name: "<stdin>")
        return interpreter.status
    }
}
