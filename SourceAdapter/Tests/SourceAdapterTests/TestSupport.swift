import Foundation
@testable import SourceAdapter

/// The adapter on sources given as (path, text) pairs.
func adapt(_ files: [(String, String)]) -> AdapterOutput {
    SourceAdapter.adapt(files.map { SourceInput(path: $0.0, text: $0.1) })
}

/// The user's text of file `index` as adapted: after the first line
/// directive, before the `#sourceLocation()` that closes it. Its line N is the
/// user's line N.
func body(_ output: AdapterOutput, _ index: Int = 0) -> String {
    let text = output.files[index].text
    let start = text.range(of: ")\n")!.upperBound // after the first #sourceLocation(...)
    let end = text.range(of: "\n#sourceLocation()\n")!.lowerBound
    return String(text[start..<end])
}
