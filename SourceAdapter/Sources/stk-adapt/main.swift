// stk-adapt --out DIR [--label PATH=SHOWN ...] [--compiler-errors JSON] FILE...
// stk-adapt --version
//
// Adapts Swift files written for iOS (see SourceAdapter) and writes the
// adapted files and the generated registration into DIR. Prints the report
// (layouts found, notes, errors) as JSON on standard output; exits 0 when the
// sources can become a plugin, 1 when the report has errors, 2 on bad usage.
// `--label` names a file in messages and line directives as the user gave it.
// `--compiler-errors` names a file of the errors (JSON, as the report's) the
// compiler gave an earlier adaptation of the same files: the screens they
// fall in are left out, so that the others load (SourceAdapter.adapt).
// `--version` prints the version of the adapter's output (SourceAdapter.version):
// stk checks that an installed adapter is the one it expects.
import Foundation
import SourceAdapter

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--version"] {
    print(SourceAdapter.version)
    exit(0)
}
var outDirectory: String?
var labels: [String: String] = [:]
var files: [String] = []
var compilerErrors: [AdapterMessage] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--out":
        guard !arguments.isEmpty else { break }
        outDirectory = arguments.removeFirst()
    case "--label":
        guard !arguments.isEmpty else { break }
        let pair = arguments.removeFirst()
        if let eq = pair.firstIndex(of: "=") { labels[String(pair[..<eq])] = String(pair[pair.index(after: eq)...]) }
    case "--compiler-errors":
        guard !arguments.isEmpty else { break }
        let path = arguments.removeFirst()
        guard let data = FileManager.default.contents(atPath: path),
              let errors = try? JSONDecoder().decode([AdapterMessage].self, from: data) else {
            FileHandle.standardError.write(Data("stk-adapt: cannot read the compiler's errors from \(path)\n".utf8))
            exit(2)
        }
        compilerErrors = errors
    default:
        files.append(argument)
    }
}
guard let outDirectory, !files.isEmpty else {
    FileHandle.standardError.write(Data("usage: stk-adapt --out DIR [--label PATH=SHOWN ...] [--compiler-errors JSON] FILE...\n".utf8))
    exit(2)
}

var inputs: [SourceInput] = []
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else {
        FileHandle.standardError.write(Data("stk-adapt: cannot read \(file)\n".utf8))
        exit(2)
    }
    inputs.append(SourceInput(path: labels[file] ?? file, text: String(decoding: data, as: UTF8.self)))
}

let output = SourceAdapter.adapt(inputs, compilerErrors: compilerErrors)
do {
    try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
    for file in output.files {
        try Data(file.text.utf8).write(to: URL(fileURLWithPath: outDirectory).appendingPathComponent(file.name))
    }
} catch {
    FileHandle.standardError.write(Data("stk-adapt: cannot write into \(outDirectory): \(error)\n".utf8))
    exit(2)
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
FileHandle.standardOutput.write(try! encoder.encode(output.report))
FileHandle.standardOutput.write(Data("\n".utf8))
exit(output.report.errors.isEmpty ? 0 : 1)
