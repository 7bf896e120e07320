import Builtins
import Foundation
import LayoutKit
import Testing
@testable import StkScript

/// `stk verify` reports every kind of finding a run meets, each shrunk: after
/// a failure the run goes on in a new session, and a failure whose findings
/// are all of kinds already reported is not reported again.
@Suite struct VerifyEveryKindTests {
    /// Two independent bugs: a fling with a vertical velocity gets a target
    /// that is not a number (a warning), and in a viewport narrower than 390
    /// points (a resize the operations draw) the single query answers 8
    /// points to the right of the rect query (a single-query finding).
    final class TwoBugsFlow: CollectionViewFlowLayout {
        override func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
            CGPoint(x: proposed.x, y: velocity.y == 0 ? proposed.y : .nan)
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            let a = super.layoutAttributesForItem(at: indexPath)?.copied()
            if (collectionView?.bounds.width ?? 390) < 390 { a?.frame.origin.x += 8 }
            return a
        }
    }

    static func registry() throws -> LayoutRegistry {
        try VerifyCheckTests.registry(with: [VerifyCheckTests.descriptor("two-bugs-flow") { TwoBugsFlow() }])
    }

    @Test func bothBugsAreReportedEachShrunk() throws {
        let verifier = Verifier(layoutName: "two-bugs-flow", options: Verifier.Options(operations: 1_000), registry: try Self.registry())
        let report = try verifier.run()
        let kinds = report.failures.map { $0.findings.first?.check }
        #expect(Set(kinds.compactMap { $0 }) == [.warning, .singleQuery], "\(kinds)")
        // No kind is reported twice as a failure's lead.
        #expect(kinds.count == Set(kinds.compactMap { $0 }).count, "\(kinds)")
        // The run went on to the operations asked for.
        #expect(report.operationsRun == 1_000)
        for failure in report.failures {
            let kind = try #require(failure.findings.first?.check)
            // Shrunk, and failing again from a fresh session with its kind.
            #expect(failure.operations.count <= failure.originalCount)
            #expect(verifier.fails(failure.operations)?.contains { $0.check == kind } == true, "\(failure.operations)")
        }
    }

    /// A single query 8 points off from the start fails every session at its
    /// first check, before any operation: nothing else is ever explored. Set
    /// aside (`--ignore single-query`), the run explores and finds the
    /// fling's bug, whose reproducer leaves the known one out of its check.
    final class OffFromTheStartFlow: CollectionViewFlowLayout {
        override func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
            CGPoint(x: proposed.x, y: velocity.y == 0 ? proposed.y : .nan)
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            let a = super.layoutAttributesForItem(at: indexPath)?.copied()
            a?.frame.origin.x += 8
            return a
        }
    }

    @Test func aKindSetAsideNoLongerHidesTheOthers() throws {
        let registry = try VerifyCheckTests.registry(with: [VerifyCheckTests.descriptor("off-flow") { OffFromTheStartFlow() }])
        let hidden = try Verifier(layoutName: "off-flow", options: Verifier.Options(operations: 500), registry: registry).run()
        #expect(hidden.failures.map { $0.findings.first?.check } == [.singleQuery])
        #expect(hidden.operationsRun == 0)

        var options = Verifier.Options(operations: 500)
        options.ignoredChecks = [.singleQuery]
        let verifier = Verifier(layoutName: "off-flow", options: options, registry: registry)
        let report = try verifier.run()
        #expect(report.failures.map { $0.findings.first?.check } == [.warning], "\(report.failures.map { ($0.operations, $0.findings.prefix(2)) })")
        #expect(report.failures.allSatisfy { $0.findings.allSatisfy { $0.check != .singleQuery } })
        #expect(report.operationsRun == 500)
        // The single query's bug is not also a context finding: what a scroll
        // changed is judged by what UIKit shows, the fresh layout's rect query.
        #expect(verifier.fails(["layout off-flow", "sections 4 items=9", "scroll by 0,-29 steps=3"]) == nil)
        let failure = try #require(report.failure)
        #expect(verifier.fails(failure.operations)?.allSatisfy { $0.check == .warning } == true)
        let script = Verifier.reproducer(for: failure, report: report, plugins: [], ignoring: options.ignoredChecks)
        #expect(script.hasSuffix("\ncheck except single-query\n"), "\(script)")
    }

    /// A layout with one kind of bug reports one failure, as before.
    @Test func oneKindIsOneFailure() throws {
        let report = try Verifier(layoutName: "mutating-flow", options: Verifier.Options(operations: 300),
                                  registry: try VerifyCheckTests.registry()).run()
        #expect(report.failures.count == 1)
        #expect(report.failure?.findings.first?.check == .warning)
    }
}
