import Foundation

/// Delta debugging (ddmin, without the complements step) over a session's
/// operations: removes ever smaller chunks of the operations before the last
/// while `stillFails` says the shorter session fails the same way. The first
/// `fixedPrefix` (up to `layout NAME`) always stay. At most `maximumTries`
/// candidates are tried; the result is as short as they found. Verify's
/// checks (`Verifier.shrink`) and its crashes and hangs, replayed in
/// processes (`VerifyIsolation`), shrink with it.
enum DeltaDebugging {
    static func shrink(_ operations: [String], fixedPrefix: Int, maximumTries: Int,
                       while stillFails: ([String]) -> Bool) -> (operations: [String], tries: Int) {
        var current = operations
        var tries = 0
        var chunk = max(1, (current.count - fixedPrefix - 1) / 2)
        while chunk >= 1 && tries < maximumTries {
            var removedSomething = false
            var start = fixedPrefix
            while start < current.count - 1 && tries < maximumTries {
                let end = min(start + chunk, current.count - 1)
                var candidate = current
                candidate.removeSubrange(start..<end)
                tries += 1
                if stillFails(candidate) {
                    current = candidate
                    removedSomething = true
                } else {
                    start = end
                }
            }
            if !removedSomething { chunk /= 2 }
        }
        return (current, tries)
    }
}
