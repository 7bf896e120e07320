import Builtins
import Foundation
import LayoutKit
import StkBench
import Testing
@testable import StkScript

/// `check` and `stk verify` in process: the warnings of the collection view
/// and of the layout as findings, duplicates in a rect answer, and the random
/// operations (flings, paging, deceleration; sizes that fit).
@Suite struct VerifyCheckTests {
    /// A flow subclass that moves every cell 8 points right in the objects
    /// super returned (UIKit's "cached frame mismatch").
    final class MutatingFlow: CollectionViewFlowLayout {
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            let answer = super.layoutAttributesForElements(in: rect)
            for a in answer ?? [] where a.representedElementCategory == .cell { a.frame.origin.x += 8 }
            return answer
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
            let a = super.layoutAttributesForItem(at: indexPath)
            a?.frame.origin.x += 8
            return a
        }
    }

    /// A flow whose rect query returns its first element twice.
    final class TwiceFlow: CollectionViewFlowLayout {
        override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
            guard let answer = super.layoutAttributesForElements(in: rect), let first = answer.first else { return nil }
            return answer + [first.copied()]
        }
    }

    /// A flow whose answer to a fling with a vertical velocity is not a number.
    final class NaNTargetFlow: CollectionViewFlowLayout {
        override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
            CGPoint(x: proposedContentOffset.x, y: velocity.y == 0 ? proposedContentOffset.y : .nan)
        }
    }

    static func descriptor(_ name: String, _ make: @escaping () -> CollectionViewLayout) -> LayoutDescriptor {
        LayoutDescriptor(name: name, summary: "a test layout", options: [], makeAnyLayout: make,
                         setOption: { _, option, _ in throw CollectionViewError("no option \(option)") }, optionValue: { _, _ in nil })
    }

    /// The built-in flow-sticky (every session starts with it) and the test layouts.
    static func registry() throws -> LayoutRegistry {
        try registry(with: [descriptor("mutating-flow") { MutatingFlow() }, descriptor("twice-flow") { TwiceFlow() },
                            descriptor("nan-target-flow") { NaNTargetFlow() }])
    }

    /// The built-in flow-sticky (every session starts with it) and `layouts`, from the origin "test".
    static func registry(with layouts: [LayoutDescriptor]) throws -> LayoutRegistry {
        try BuiltinLayouts.register()
        let registry = LayoutRegistry()
        try registry.register(try #require(LayoutRegistry.shared.entry(named: "flow-sticky")).descriptor, origin: LayoutRegistry.builtInOrigin)
        for layout in layouts { try registry.register(layout, origin: "test") }
        return registry
    }

    final class Script {
        let interpreter: Interpreter
        let output = OutputBuffer()

        init(registry: LayoutRegistry? = nil) throws {
            interpreter = Interpreter(session: try Session(registry: try registry ?? VerifyCheckTests.registry()), output: output)
        }

        /// Runs `text` from a clean status and output; the status it ends with.
        @discardableResult
        func run(_ text: String) -> StkScript.ExitStatus {
            interpreter.status = .success
            output.clear()
            ScriptRunner(interpreter: interpreter).run(text: text, name: "<test>")
            return interpreter.status
        }

        var errors: [String] { output.diagnostics.filter { $0.contains("error: ") } }
    }

    @Test func aWarningSinceTheLastCheckFailsTheCheck() throws {
        let script = try Script()
        #expect(script.run("layout mutating-flow; sections 1 items=3; attr item 0:0") == .success)
        // The command showed the warning, and the check fails with it.
        #expect(script.output.diagnostics.contains { $0.contains("warning: UICollectionViewFlowLayout has cached frame mismatch for index path 0:0") })
        #expect(script.run("check") == .expectationFailed)
        #expect(script.errors.count == 1)
        #expect(script.errors.first?.contains("error: check failed: [warning] UICollectionViewFlowLayout has cached frame mismatch for index path 0:0 (item 0:0) - cached value: 8,0,50,50; expected value: 0,0,50,50. This is likely occurring because the flow layout subclass MutatingFlow is modifying attributes returned by UICollectionViewFlowLayout without copying them") == true,
                "\(script.output.diagnostics)")
        // Checked: the next check starts from no warning (UIKit says it once per layout).
        #expect(script.run("scroll to 0,20; check") == .success, "\(script.output.diagnostics)")
    }

    @Test func anItemTooLargeFailsTheCheckWhileItIsThere() throws {
        let script = try Script()
        #expect(script.run("sections 2 items=2; set itemSize=500x50; check") == .expectationFailed)
        #expect(script.errors.first?.contains("check failed: [warning] item 0:0 is wider than the available width 390: it sits alone on its line (UIKit logs: \(CollectionViewFlowLayout.itemTooLargeMessage))") == true,
                "\(script.output.diagnostics)")
        #expect(script.errors.contains { $0.contains("[warning] item 1:0 is wider") })
        // Still there: the state checked has it.
        #expect(script.run("check") == .expectationFailed)
        #expect(script.run("set itemSize=50x50; check") == .success, "\(script.output.diagnostics)")
        // Raised since the last check, though gone by the check: still a finding.
        #expect(script.run("set itemSize=500x50; set itemSize=50x50; check") == .expectationFailed)
        #expect(script.run("check") == .success)
    }

    /// A compositional layout's warning (an item wider than its group) is
    /// said at the command where it appears, not again while it lasts
    /// (commands that lay the sections out again), and every check lists it
    /// while it stands, as the flow's item too large.
    @Test func aCompositionalWarningIsSaidOnceAndCheckedWhileItStands() throws {
        let tooWide = Self.descriptor("too-wide") {
            CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                subitems: [CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .absolute(500), heightDimension: .absolute(50)))])))
        }
        let script = try Script(registry: try Self.registry(with: [tooWide]))
        let message = "warning: NSCollectionLayoutGroup: an item 500 long does not fit its group 390 long; the group holds it and overflows"
        #expect(script.run("layout too-wide; sections 2 items=3") == .success)
        #expect(script.output.diagnostics.filter { $0.contains(message) }.count == 1, "\(script.output.diagnostics)")
        #expect(script.run("insert item 0:0; bounds 400x800; delete item 1:0") == .success)
        #expect(!script.output.diagnostics.contains { $0.contains(message) }, "\(script.output.diagnostics)")
        // The check lists what was raised since the last one (the group was
        // 390 long until `bounds`), and what stands.
        #expect(script.run("check") == .expectationFailed)
        #expect(script.errors.count == 2, "\(script.output.diagnostics)")
        #expect(script.errors.last?.contains("check failed: [warning] NSCollectionLayoutGroup: an item 500 long does not fit its group 400 long") == true,
                "\(script.output.diagnostics)")
        #expect(script.run("check") == .expectationFailed)
        #expect(script.errors.count == 1, "\(script.output.diagnostics)")
        #expect(script.run("bounds 600x800; check") == .success, "\(script.output.diagnostics)")
    }

    /// A section provider that returns nil for a section that exists
    /// (Apple's adaptive-sections sample past its three kinds) is said once
    /// too: data changes that give the section more items do not say it
    /// again (the warning named the item count, so each change was a new
    /// warning).
    @Test func aNilSectionIsSaidOnceWhateverItsItems() throws {
        let threeKinds = Self.descriptor("three-kinds") {
            CollectionViewCompositionalLayout(sectionProvider: { s, _ in
                s < 3 ? CollectionLayoutSection(group: .horizontal(
                    layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                    subitems: [CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))]))
                    : nil
            })
        }
        let script = try Script(registry: try Self.registry(with: [threeKinds]))
        let message = "warning: the section provider returned nil for section 3, which exists: UIKit raises 'NSInternalInconsistencyException'"
        #expect(script.run("sections 4 items=2; layout three-kinds") == .success)
        #expect(script.output.diagnostics.filter { $0.contains(message) }.count == 1, "\(script.output.diagnostics)")
        #expect(script.run("sections 4 items=3; insert item 3:0; bounds 400x800") == .success)
        #expect(!script.output.diagnostics.contains { $0.contains("returned nil") }, "\(script.output.diagnostics)")
        #expect(script.run("check") == .expectationFailed)
        #expect(script.errors.last?.contains("check failed: [warning] the section provider returned nil for section 3") == true,
                "\(script.output.diagnostics)")
    }

    @Test func anElementTwiceInOneAnswerIsAFinding() throws {
        let script = try Script()
        #expect(script.run("layout twice-flow; sections 1 items=3; check") == .expectationFailed)
        #expect(script.errors.contains { $0.contains("check failed: [index paths] the rect query over 0,0,390,844 returns item 0:0 twice") },
                "\(script.output.diagnostics)")
    }

    @Test func verifyReportsAWarningWithAReproducer() throws {
        let registry = try Self.registry()
        let verifier = Verifier(layoutName: "mutating-flow", options: Verifier.Options(operations: 200), registry: registry)
        let report = try verifier.run()
        let failure = try #require(report.failure)
        #expect(failure.findings.first?.check == .warning, "\(failure.findings)")
        #expect(failure.findings.first?.message.hasPrefix("UICollectionViewFlowLayout has cached frame mismatch") == true)
        // The shrunk operations fail again from a fresh session, and a
        // correct layout passes the same operations.
        #expect(verifier.fails(failure.operations)?.contains { $0.check == .warning } == true)
        var fixed = failure.operations
        let layout = try #require(fixed.firstIndex { $0.hasPrefix("layout ") })
        fixed[layout] = "layout flow-sticky"
        #expect(verifier.fails(fixed) == nil)
        let script = Verifier.reproducer(for: failure, report: report, plugins: [])
        #expect(script.hasSuffix("\ncheck\n"))
    }

    /// Draws `count` operations on flow-sticky with 10 sections of 20 items,
    /// running each in turn; those `mustRun` picks must not be refused.
    static func drawAndRun(_ count: Int, seed: UInt64, registry: LayoutRegistry? = nil, setup: String = "sections 10 items=20",
                           mustRun: (String) -> Bool) throws -> (VerifySession, [String]) {
        let session = try VerifySession(registry: try registry ?? Self.registry(), loadPlugin: nil)
        session.run(setup)
        var random = SplitMix64(seed: seed)
        var drawn: [String] = []
        for _ in 0..<count {
            let command = OperationGenerator.next(for: session.interpreter.session, using: &random)
            drawn.append(command)
            let ran = session.run(command)
            if mustRun(command) { #expect(ran, "refused: \(command)") }
        }
        return (session, drawn)
    }

    /// Flings, paging and deceleration are drawn, and run: a thousand draws on
    /// flow-sticky, each run in turn.
    @Test func theGeneratorDrawsFlingsThatRun() throws {
        let (session, drawn) = try Self.drawAndRun(1000, seed: 5) {
            $0.hasPrefix("scroll fling") || $0.hasPrefix("paging") || $0.hasPrefix("deceleration")
        }
        let flings = drawn.filter { $0.hasPrefix("scroll fling ") }
        #expect(flings.count > 40, "\(flings.count) flings")
        #expect(flings.contains { $0.contains(" steps=") } && flings.contains { !$0.contains(" steps=") })
        #expect(flings.contains { $0.hasSuffix(",0") || $0.contains(",0 ") }, "a fling without velocity settles")
        #expect(flings.contains { !($0.hasSuffix(",0") || $0.contains(",0 ")) })
        for command in ["paging on", "paging off", "deceleration normal", "deceleration fast"] {
            #expect(drawn.contains(command), "\(command) never drawn")
        }
        // A fling asked the layout where to stop.
        #expect(session.run("scroll to 0,0; scroll fling 0,2000 steps=3"))
        #expect(session.interpreter.session.lastOperationEvents.contains {
            if case let .targetContentOffsetAsked(_, velocity, _) = $0 { return velocity != nil } else { return false }
        })
    }

    /// Self-sizing is drawn: cells on screen and off, whole sections and
    /// removals, each accepted; and once the flow sizes cells itself, a drawn
    /// preference on a displayed cell is measured.
    @Test func theGeneratorDrawsSelfSizingThatRuns() throws {
        let (session, drawn) = try Self.drawAndRun(1500, seed: 7) { $0.hasPrefix("prefer") }
        let prefers = drawn.filter { $0.hasPrefix("prefer ") }
        #expect(prefers.count > 20, "\(prefers.count) prefers")
        #expect(prefers.contains { $0.hasPrefix("prefer item ") } && prefers.contains { $0.hasPrefix("prefer section ") })
        #expect(prefers.contains { $0.hasSuffix(" none") })
        #expect(drawn.contains { $0.hasPrefix("set estimatedItemSize=") })
        // From wherever the drawn operations left the view: back on screen.
        #expect(session.run("layout flow-sticky estimatedItemSize=50x50; bounds 390x844; inset 0,0,0,0; sections 1 items=6; scroll to 0,0; prefer item 0:1 60x70"))
        #expect(session.interpreter.session.lastOperationEvents.contains {
            if case let .preferredAttributesAsked(_, _, _, answer) = $0 { return answer } else { return false }
        })
    }

    /// In a compositional layout, what a header wants is drawn too, and runs.
    @Test func theGeneratorDrawsHeaderSizesForACompositionalLayout() throws {
        try BuiltinLayouts.register()
        let grid = try #require(LayoutRegistry.shared.entry(named: "compositional-grid")).descriptor
        let (session, drawn) = try Self.drawAndRun(1500, seed: 11, registry: try Self.registry(with: [grid]),
                                                   setup: "layout compositional-grid; sections 10 items=20") { $0.hasPrefix("prefer") }
        #expect(drawn.contains { $0.hasPrefix("prefer header ") }, "\(drawn.filter { $0.hasPrefix("prefer") })")
        // From wherever the drawn operations left the view: a header on screen is measured.
        #expect(session.run("layout compositional-grid; bounds 390x844; inset 0,0,0,0; sections 2 items=4; scroll to 0,0; prefer header 0 390x70"))
        #expect(session.interpreter.session.collectionView.sections[0].measuredSupplementarySizes[ElementKind.sectionHeader]?.height == 70)
    }

    /// Size options near their default, but never larger than the smallest
    /// viewport holds (300 wide, 350 high): an item too large is UIKit's
    /// warning, which the generator must not cause.
    @Test func sizeOptionsFitTheSmallestViewport() {
        let options = [LayoutOption(name: "itemSize", type: .size, defaultValue: .size(CGSize(width: 200, height: 300)), help: "")]
        let sized = LayoutDescriptor(name: "sized", summary: "", options: options, makeAnyLayout: { CollectionViewFlowLayout() },
                                     setOption: { _, _, _ in }, optionValue: { _, _ in nil })
        var random = SplitMix64(seed: 1)
        var values: Set<String> = []
        for _ in 0..<200 {
            guard let command = OperationGenerator.optionChange(sized, using: &random) else { continue }
            let size = command.dropFirst("set itemSize=".count).split(separator: "x").compactMap { Int($0) }
            #expect(size.count == 2 && size[0] <= 300 && size[1] <= 350, "\(command)")
            values.insert(command)
        }
        #expect(values.count >= 3, "\(values)")
    }

    /// A setup that starts with `sections` gives the layout its data before
    /// the layout is made; any other starts after `sections 0` and `layout`.
    @Test func aSetupsDataComesBeforeTheLayout() throws {
        let registry = try Self.registry()
        func preamble(_ setup: [String]) -> [String] {
            Verifier(layoutName: "flow-sticky", options: Verifier.Options(setup: setup), registry: registry).preamble
        }
        #expect(preamble(["sections 1 items=5", "set itemSize=100x40"]) == ["sections 1 items=5", "layout flow-sticky", "set itemSize=100x40"])
        #expect(preamble(["bounds 320x568", "sections 2"]) == ["sections 0", "layout flow-sticky", "bounds 320x568", "sections 2"])
    }

    /// A setup that makes the layout itself, with options its first pass
    /// needs, has that line where verify's own `layout NAME` would be, and
    /// shrinking keeps everything up to it; one that makes another layout is
    /// refused before anything runs.
    @Test func aSetupMayMakeTheLayoutWithOptions() throws {
        let registry = try Self.registry()
        func preamble(_ setup: [String]) -> (commands: [String], fixedPrefix: Int) {
            let verifier = Verifier(layoutName: "flow-sticky", options: Verifier.Options(setup: setup), registry: registry)
            return (verifier.preamble, verifier.fixedPrefix)
        }
        let data = preamble(["sections 1 items=5", "layout flow-sticky itemSize=100x40", "bounds 320x568"])
        #expect(data.commands == ["sections 1 items=5", "layout flow-sticky itemSize=100x40", "bounds 320x568"])
        #expect(data.fixedPrefix == 2)
        let bounds = preamble(["bounds 320x568", "layout  flow-sticky headerSize=0x30", "sections 2"])
        #expect(bounds.commands == ["sections 0", "bounds 320x568", "layout  flow-sticky headerSize=0x30", "sections 2"])
        #expect(bounds.fixedPrefix == 3)
        // Without one, verify's own.
        #expect(preamble(["sections 2"]).fixedPrefix == 2)
        #expect(Verifier(layoutName: "flow-sticky", options: Verifier.Options(), registry: registry).preamble == ["sections 4 items=9", "layout flow-sticky"])
        #expect(Verifier(layoutName: "flow-sticky", options: Verifier.Options(), registry: registry).fixedPrefix == 2)

        // The option holds from the first pass: 100x40 items, three a row
        // (100 + 10 + 100 + 10 + 100 = 320 of 390).
        let options = Verifier.Options(operations: 5, setup: ["sections 1 items=5", "layout flow-sticky itemSize=100x40"])
        let session = try VerifySession(registry: registry, loadPlugin: nil)
        for command in Verifier(layoutName: "flow-sticky", options: options, registry: registry).preamble { #expect(session.run(command)) }
        #expect(session.interpreter.session.collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.size == CGSize(width: 100, height: 40))

        let other = Verifier(layoutName: "flow-sticky", options: Verifier.Options(setup: ["layout grid-sticky"]), registry: registry)
        #expect(throws: SessionError.self) { try other.run() }
    }

    /// `stk bench`'s checker workload: sessions start with its data, and each
    /// checked operation is timed.
    @Test func theBenchTimesEachCheckedOperation() throws {
        let registry = try Self.registry()
        let options = Verifier.Options(operations: 120, sections: 10, itemsPerSection: 100, timesOperations: true)
        #expect(Verifier(layoutName: "flow-sticky", options: options, registry: registry).preamble == ["sections 10 items=100", "layout flow-sticky"])
        let workload = VerifyWorkload(name: "checker", layoutName: "flow-sticky", sections: 10, itemsPerSection: 100, operations: 120)
        let result = try VerifyBench.run(workload, registry: registry)
        #expect(result.label == "checker" && result.operations == 120 && !result.foundSomething)
        #expect(result.operationsPerSecond > 0 && result.operationMedianMicros > 0)
        #expect(result.operationP99Micros >= result.operationMedianMicros && result.operationMaxMicros >= result.operationP99Micros)
        // Untimed runs keep no times.
        #expect(try Verifier(layoutName: "flow-sticky", options: Verifier.Options(operations: 10), registry: registry).run().operationMicros.isEmpty)
    }

    /// A fling whose target the layout answers with a number that is not one:
    /// the command fails (docs/semantics.md, "Flinging"), and the check after
    /// it, and stk verify, report the layout's answer.
    @Test func aFlingTargetThatIsNotANumberIsAFinding() throws {
        let script = try Script()
        #expect(script.run("layout nan-target-flow; sections 3 items=20; scroll fling 0,2000") == .error)
        #expect(script.run("check") == .expectationFailed)
        #expect(script.errors.first?.contains("check failed: [warning] targetContentOffset(forProposedContentOffset:withScrollingVelocity:) answered 0,nan, which is not a finite point") == true,
                "\(script.output.diagnostics)")
        #expect(script.run("check") == .success)

        let registry = try Self.registry()
        let verifier = Verifier(layoutName: "nan-target-flow", options: Verifier.Options(operations: 500), registry: registry)
        let report = try verifier.run()
        let failure = try #require(report.failure)
        #expect(failure.operations.last?.hasPrefix("scroll fling ") == true, "\(failure.operations)")
        #expect(failure.findings.contains { $0.check == .warning && $0.message.contains("which is not a finite point") })
        #expect(Verifier.reproducer(for: failure, report: report, plugins: []).contains("# It fails (exit 2: the fling stops it)"))
    }
}
