import Foundation
import StkTestSupport
import Testing

/// A layout that recurses without end, in a script: the located error every
/// other crash gives (it died with exit 139 and no message, the handler having
/// no stack left to run on).
@Suite struct StackOverflowTests {
    @Test func aStackOverflowInAScriptIsALocatedError() throws {
        let folder = try ScratchFolder()
        let source = """
            import UIKit

            final class DeepLayout: UICollectionViewLayout {
                func depth(_ n: Int) -> Int { n <= 0 ? 0 : 1 + depth(n - 1) + depth(0) }
                override func prepare() {
                    _ = depth(10_000_000)
                }
            }
            """
        try source.write(to: folder.url.appendingPathComponent("Deep.swift"), atomically: true, encoding: .utf8)
        let result = try StkProcess.run(["--plugin", "Deep.swift", "-e", "layout deep-layout"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("<command-line>:1:1: error: the layout crashed while running 'layout deep-layout': SIGSEGV, a bad memory access"), "\(result)")
    }
}
