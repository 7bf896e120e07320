import Foundation
import StkTestSupport
import Testing

/// `stk verify` and `check` through the executable: the built-in layouts pass,
/// each buggy example layout (Examples/Buggy, built from source by the suite)
/// is caught with the check that names its bug, and the reproducer fails with
/// `stk` while the bug is there and passes once it is fixed (the same file with
/// `let buggy = false`).
@Suite struct VerifyTests {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("stk-verify-cache")

    func stk(_ arguments: [String], in directory: URL? = nil) throws -> StkResult {
        try StkProcess.run(arguments, environment: try SourceAdapterTool.environment(cache: cache), in: directory)
    }

    /// A line of scripts/lib/verify-layouts.txt: a layout, its source (nil
    /// when built in), and `pass` or the check that finds its known bug.
    struct Listed: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String?
        var expected: String
        /// More arguments of `stk verify` (after ' -- ' on the line): a setup.
        var arguments: [String] = []
        var testDescription: String { name }
    }

    static let list = ExamplePackage.repositoryRoot.appendingPathComponent("scripts/lib/verify-layouts.txt")

    static let listed: [Listed] = {
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard fields.count == 3, !fields[0].hasPrefix("#") else { return nil }
            let rest = fields[2].components(separatedBy: " -- ")
            return Listed(name: String(fields[0]), source: fields[1] == "-" ? nil : String(fields[1]),
                          expected: rest[0].trimmingCharacters(in: .whitespaces),
                          arguments: rest.count > 1 ? rest[1].split(separator: " ").map(String.init) : [])
        }
    }()

    /// The built-in layouts and the example source layouts, 2,000 operations
    /// each (scripts/verify-all runs 100,000, with another seed): no finding,
    /// or the finding of the known bug the list names.
    @Test(arguments: listed)
    func eachListedLayoutGivesWhatTheListSays(layout: Listed) throws {
        var arguments = ["verify"]
        if let source = layout.source { arguments += ["--plugin", source] }
        arguments += [layout.name, "--operations", "2000", "--seed", "2"] + layout.arguments
        let result = try stk(arguments, in: ExamplePackage.repositoryRoot)
        if layout.expected == "pass" {
            #expect(result.status == 0, "\(result)")
            #expect(result.lines.first == "PASS: \(layout.name): 2000 operations (seed 2), no findings", "\(result)")
        } else {
            #expect(result.status == 1, "\(result)")
            let fail = try #require(result.lines.firstIndex { $0.hasPrefix("FAIL: \(layout.name): ") }, "\(result)")
            #expect(result.lines[fail + 1].hasPrefix("  \(layout.expected) "), "\(result)")
        }
    }

    /// The list holds the four built-in layouts and every example source layout.
    @Test func theListHoldsEveryLayout() throws {
        let names = Self.listed.map(\.name)
        #expect(Set(["flow-sticky", "grid-sticky", "global-stretchy", "fading-first-header"]).isSubset(of: names), "\(names)")
        let folder = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/SourceLayouts")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 8)
        for file in files {
            #expect(Self.listed.contains { $0.source == "Examples/SourceLayouts/\(file)" }, "\(file) is not in \(Self.list.path)")
        }
        #expect(Self.listed.allSatisfy { $0.expected == "pass" || ($0.expected.hasPrefix("[") && $0.expected.hasSuffix("]")) })
        #expect(Self.listed.filter { $0.expected == "pass" }.count >= 8)
    }

    /// Each fixture, the check that must catch it (the start of its first
    /// finding), and a reproducer that fails with the same finding and passes
    /// with the fix.
    @Test(arguments: [
        ("RectOnlyLayout", "rect-only-layout", "[single query]"),
        ("WrongIndexPathLayout", "wrong-index-path-layout", "[single query] asked for item 1:0, the single query answered for item 0:0"),
        ("FrozenStickyLayout", "frozen-sticky-layout", "[context] header "),
        ("StaleCacheLayout", "stale-cache-layout", "[fresh layout]"),
        ("RandomHeightsLayout", "random-heights-layout", "[fresh layout] two fresh layouts on the same state disagree ("),
        ("ForgetfulHeadersLayout", "forgetful-headers-layout", "[context] header 0 changed from frame=0,20,390,40 zIndex=10 alpha=1 hidden=false to frame=0,"),
        ("MutatingSuperLayout", "mutating-super-layout", "[warning] UICollectionViewFlowLayout has cached frame mismatch for index path 0:0 (item 0:0)"),
    ])
    func aBuggyLayoutIsCaughtWithAReproducer(file: String, layout: String, finding: String) throws {
        let folder = try ScratchFolder()
        let source = BuggyExamples.source(file)
        let result = try stk(["verify", "--plugin", source.path, layout, "--out", "repro.stk"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.first?.hasPrefix("FAIL: \(layout): the checks failed after '") == true, "\(result)")
        #expect(result.lines.contains { $0.hasPrefix("  \(finding)") }, "\(result)")
        // A stale layout is not taken for a random one.
        if !finding.contains("two fresh layouts") { #expect(!result.stdout.contains("two fresh layouts"), "\(result)") }
        let reproducer = try String(contentsOf: folder.url.appendingPathComponent("repro.stk"), encoding: .utf8)
        #expect(reproducer.hasSuffix("\ncheck\n"), "\(reproducer)")

        let withBug = try stk(["--plugin", source.path, "repro.stk"], in: folder.url)
        #expect(withBug.status == 1, "\(withBug)")
        #expect(withBug.stderr.contains("error: check failed: \(finding)"), "\(withBug)")

        let fixed = try BuggyExamples.fixedCopy(of: file, in: folder.url)
        let withFix = try stk(["--plugin", fixed.path, "repro.stk"], in: folder.url)
        #expect(withFix.status == 0, "\(withFix)")
        let verifiedFix = try stk(["verify", "--plugin", fixed.path, layout], in: folder.url)
        #expect(verifiedFix.status == 0, "\(verifiedFix)")
    }

    /// A cover flow that asserts its one section in `prepare()`, verified
    /// with a setup of one section: the layout is made over the setup's data
    /// (it was made over none first, and trapped at its first pass).
    @Test func aLayoutIsMadeOverItsSetupsData() throws {
        let folder = try ScratchFolder([
            "CoverFlow.swift": """
                import UIKit

                final class CoverFlowLayout: UICollectionViewFlowLayout {
                    override func prepare() {
                        assert(collectionView?.numberOfSections == 1, "CoverFlowLayout supports one section")
                        scrollDirection = .horizontal
                        itemSize = CGSize(width: 200, height: 300)
                        super.prepare()
                    }
                }
                """,
            "one-section.stk": "sections 1 items=5\n",
        ])
        let result = try stk(["verify", "--plugin", "CoverFlow.swift", "cover-flow-layout", "--setup", "one-section.stk",
                              "--keep-sections", "--operations", "200"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.last?.hasPrefix("PASS: cover-flow-layout: 200 operations") == true, "\(result)")
    }

    /// A diffable screen whose sections are the cases of an enum, its
    /// section provider switching on them: no section can be added on iOS
    /// (there is no identifier for it), so verify keeps the sections
    /// without being told (it inserted one, and blamed the provider's nil),
    /// and without a setup starts with as many sections as there are cases
    /// (its default four made the provider answer nil for two of them).
    @Test func sectionsThatAreAnEnumsCasesAreKept() throws {
        let folder = try ScratchFolder([
            "DetailViewController.swift": """
                import UIKit

                class DetailViewController: UIViewController {
                    enum Section: Int, CaseIterable { case hero, list }
                    var dataSource: UICollectionViewDiffableDataSource<Section, Int>!

                    func createLayout() -> UICollectionViewLayout {
                        UICollectionViewCompositionalLayout { [unowned self] index, _ in
                            guard let section = self.dataSource.sectionIdentifier(for: index) else { return nil }
                            let height: CGFloat
                            switch section {
                            case .hero: height = 300
                            case .list: height = 60
                            }
                            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                            let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitems: [item])
                            return NSCollectionLayoutSection(group: group)
                        }
                    }
                }
                """,
            "two-sections.stk": "sections 2 items=9\n",
        ])
        let result = try stk(["verify", "--plugin", "DetailViewController.swift", "detail-view-controller", "--setup", "two-sections.stk",
                              "--operations", "300"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.last?.hasPrefix("PASS: detail-view-controller: 300 operations") == true, "\(result)")
        let noSetup = try stk(["verify", "--plugin", "DetailViewController.swift", "detail-view-controller", "--operations", "300"], in: folder.url)
        #expect(noSetup.status == 0, "\(noSetup)")
    }

    /// The tutorials' shape: the section provider maps the index to an
    /// enum's case and traps past the cases (`SectionKind(rawValue:)` or
    /// `fatalError`), never reading the data source, whose type alone names
    /// the enum. On iOS there are never more sections than cases, so verify
    /// starts with no more, from its first command (round thirteen: it
    /// started with four, and reported the trap as the layout's crash).
    @Test func aProviderThatTrapsPastTheEnumsCasesIsNotACrash() throws {
        let folder = try ScratchFolder([
            "ViewController.swift": """
                import Foundation
                import UIKit

                enum SectionKind: Int, CaseIterable {
                    case first, second, third
                }

                class ViewController: UIViewController {
                    typealias DataSource = UICollectionViewDiffableDataSource<SectionKind, Int>
                    private var dataSource: DataSource!

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
                        view.addSubview(collectionView)
                    }

                    private func createLayout() -> UICollectionViewLayout {
                        UICollectionViewCompositionalLayout { sectionIndex, _ in
                            guard let kind = SectionKind(rawValue: sectionIndex) else {
                                fatalError("could not get section kind")
                            }
                            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                            let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(kind == .first ? 100 : 50)), subitems: [item])
                            return NSCollectionLayoutSection(group: group)
                        }
                    }
                }
                """,
        ])
        let result = try stk(["verify", "--plugin", "ViewController.swift", "view-controller", "--operations", "300"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.hasPrefix("PASS: view-controller: 300 operations") == true, "\(result)")
        // In a session of more sections, `layout` says why it may crash, and what to do.
        let repl = try stk(["--plugin", "ViewController.swift", "-e", "layout view-controller"], in: folder.url)
        #expect(repl.stderr.contains("note: view-controller's diffable data source names its sections with an enum of 3 cases, and this session has 20 sections: a section provider written for the enum may trap past its cases; 'sections 3' first gives it the data its app can have"), "\(repl)")
        let fitting = try stk(["--plugin", "ViewController.swift", "-e", "sections 3 items=2; layout view-controller; contentsize"], in: folder.url)
        #expect(fitting.status == 0, "\(fitting)")
        // 2 items a section, one a row: 100 + 100, then 50 + 50 twice = 400.
        #expect(fitting.lines == ["390x400"], "\(fitting)")
    }

    /// A setup whose first command, its data, is refused is the user's
    /// error (it ran over the default data, as if nothing was wrong).
    @Test func aRefusedFirstSetupCommandIsAnError() throws {
        let folder = try ScratchFolder(["typo.stk": "sections 3 itemz=10\n"])
        let result = try stk(["verify", "flow-sticky", "--setup", "typo.stk", "--operations", "50"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("the setup command 'sections 3 itemz=10' failed"), "\(result)")
    }

    /// A block written over several lines runs as it does in a script: one
    /// setup command, its lines joined with `;` (round thirteen: each line
    /// ran alone, and `batch` was refused without its `end`). A block left
    /// open is refused at the line that opened it.
    @Test func aSetupsBlocksOverSeveralLinesAreOneCommandEach() throws {
        let folder = try ScratchFolder([
            "blocks.stk": """
                sections 2 items=3
                batch
                  insert item 1:0
                end
                snapshot edit S0
                  append items P
                  append items C1 C2 to P
                  expand P
                apply

                """,
            "open.stk": "sections 1 items=1\nsnapshot edit\n  append items A\n",
        ])
        let result = try stk(["verify", "flow-sticky", "--setup", "blocks.stk", "--keep-sections", "--operations", "40"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.hasPrefix("PASS: flow-sticky: 40 operations") == true, "\(result)")
        let open = try stk(["verify", "flow-sticky", "--setup", "open.stk", "--operations", "10"], in: folder.url)
        #expect(open.status == 2, "\(open)")
        #expect(open.stderr.contains("error: the setup script open.stk ends inside the entry that starts at line 2 ('snapshot edit')"), "\(open)")
    }

    /// A setup given as a pipe (`--setup <(printf ...)` in a shell) is read
    /// once, by the supervising parent, which hands the commands to the
    /// session child: the child could not read the pipe again.
    @Test func aSetupFromAProcessSubstitutionRuns() throws {
        let stk = try StkExecutable.locate().path
        let result = try StkProcess.run(["-c", "exec \"$0\" verify flow-sticky --operations 50 --setup <(printf 'sections 2 items=3\\n')", stk],
                                        stdinBytes: Data(), executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.hasPrefix("PASS: flow-sticky: 50 operations") == true, "\(result)")
    }

    /// A setup that gives no data (here, none at all) starts the session
    /// with no section: drawing an insertion then read section 0's item
    /// count, which crashed verify itself, and the report blamed the
    /// layout ("'scroll to 17,37' crashes the layout", with a reproducer
    /// that passed).
    @Test func aSetupWithNoDataFindsNoFalseCrash() throws {
        let folder = try ScratchFolder(["empty.stk": "", "insets.stk": "inset 10,0,10,0\n"])
        for setup in ["empty.stk", "insets.stk"] {
            let result = try stk(["verify", "flow-sticky", "--setup", setup, "--operations", "200"], in: folder.url)
            #expect(result.status == 0, "\(setup): \(result)")
            #expect(result.lines.first?.hasPrefix("PASS: flow-sticky: 200 operations") == true, "\(setup): \(result)")
        }
    }

    @Test func theSameSeedGivesTheSameRun() throws {
        let source = BuggyExamples.source("StaleCacheLayout").path
        let first = try stk(["verify", "--plugin", source, "stale-cache-layout", "--seed", "11"])
        let second = try stk(["verify", "--plugin", source, "stale-cache-layout", "--seed", "11"])
        #expect(first.status == 1 && first.stdout == second.stdout, "\(first)\n\(second)")
    }

    @Test func aReproducerIsNeverWrittenOverAnExistingFile() throws {
        let folder = try ScratchFolder()
        try Data("keep\n".utf8).write(to: folder.url.appendingPathComponent("repro.stk"))
        let result = try stk(["verify", "flow-sticky", "--out", "repro.stk"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "error: repro.stk already exists; add --force to overwrite it\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("repro.stk"), encoding: .utf8) == "keep\n")
    }

    @Test func anUnknownLayoutIsAnError() throws {
        let result = try stk(["verify", "flow-stiky"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: unknown layout 'flow-stiky'"), "\(result)")
    }

    @Test func theJUnitReportHasOneCasePerRun() throws {
        let folder = try ScratchFolder()
        let source = BuggyExamples.source("RectOnlyLayout").path
        let result = try stk(["verify", "--plugin", source, "rect-only-layout", "--junit", "verify.xml"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        let xml = try String(contentsOf: folder.url.appendingPathComponent("verify.xml"), encoding: .utf8)
        #expect(xml.contains("<testcase classname=\"verify\" name=\"rect-only-layout\""), "\(xml)")
        #expect(xml.contains("<failure message=\"[single query] the rect query returns item 0:0"), "\(xml)")
    }

    /// `check` in a script: silent when the layout is right, a failed
    /// expectation (status 1) naming the element when it is not.
    @Test func checkInAScript() throws {
        let good = try stk(["-e", "scroll to 0,130; check; bounds 300x500; check; insert item 0:0; check"])
        #expect(good.status == 0 && good.stdout.isEmpty && good.stderr.isEmpty, "\(good)")
        let source = BuggyExamples.source("RectOnlyLayout").path
        let bad = try stk(["--plugin", source, "-e", "layout rect-only-layout; sections 1 items=2; check; echo still running"])
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stdout == "still running\n", "\(bad)")
        #expect(bad.stderr.contains("<command-line>:1:46: error: check failed: [single query] the rect query returns item 0:0 with frame=0,0,390,50 zIndex=0 alpha=1 hidden=false, but the single query for it answers nil"), "\(bad)")
    }
}

/// `stk verify --json`: one object per line, each finding then the summary,
/// and `--setup` with `--keep-sections`.
@Suite struct VerifyJSONTests {
    @Test func findingsAndTheSummaryAreOneObjectALine() throws {
        let result = try StkProcess.run(["verify", "--json", "--plugin", "Examples/SourceLayouts/WaterfallLayout.swift",
                                         "waterfall-layout", "--operations", "300"], in: ExamplePackage.repositoryRoot)
        #expect(result.status == 1, "\(result)")
        let objects = try result.lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let findings = objects.dropLast().compactMap { $0["finding"] as? [String: Any] }
        #expect(findings.count == objects.count - 1 && !findings.isEmpty)
        #expect(findings.first?["check"] as? String == "fresh layout")
        let summary = try #require(objects.last?["verify"] as? [String: Any])
        #expect(summary["layout"] as? String == "waterfall-layout")
        #expect(summary["result"] as? String == "fail")
        #expect((summary["steps"] as? [String])?.prefix(2) == ["sections 4 items=9", "layout waterfall-layout"])
        #expect((summary["reproducer"] as? String)?.hasSuffix("check\n") == true)
    }

    @Test func aPassIsOneSummaryObject() throws {
        let result = try StkProcess.run(["verify", "--json", "flow-sticky", "--operations", "50"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.count == 1)
        #expect(result.lines.first?.hasPrefix(#"{"verify":{"layout":"flow-sticky","seed":1,"operations":50,"result":"pass""#) == true, "\(result)")
    }

    /// A misspelt subcommand is not a missing script.
    @Test func aMisspeltSubcommandSaysWhichOneWasMeant() throws {
        let result = try StkProcess.run(["verfy", "flow-sticky"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: no such file or subcommand: verfy; did you mean 'stk verify'?\n", "\(result)")
    }

    /// A misspelt option of a subcommand names the one meant (the argument
    /// parser's suggestion, kept by stk's exit status 2), and `--bail`, which
    /// means nothing to verify, is not one of its options.
    @Test(arguments: [
        (["verify", "flow-sticky", "--operation", "5"], "--operations"),
        (["test", "--jnit", "r.xml"], "--junit"),
        (["bench", "--suit", "quick"], "--suite"),
        (["--jsn", "-e", "visible"], "--json"),
    ])
    func aMisspeltOptionSaysWhichOneWasMeant(arguments: [String], meant: String) throws {
        let result = try StkProcess.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("Error: Unknown option '\(arguments.first { $0.hasPrefix("--") }!)'. Did you mean '\(meant)'?"), "\(result)")
    }

    @Test func verifyHasNoBailOption() throws {
        let help = try StkProcess.run(["verify", "--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.contains("--bail"), "\(help)")
        #expect(help.stdout.contains("--plugin"), "\(help)")
        let result = try StkProcess.run(["verify", "flow-sticky", "--bail"])
        #expect(result.status == 2, "\(result)")
    }

    // MARK: --ignore

    /// A crash or a hang ends its session, so it cannot be set aside, and
    /// the refusal says so before anything runs; so is a kind that is none.
    @Test func onlyTheChecksOwnKindsCanBeSetAside() throws {
        let crash = try StkProcess.run(["verify", "flow-sticky", "--ignore", "crash"])
        #expect(crash.status == 2, "\(crash)")
        #expect(crash.stderr == "error: --ignore crash: not a kind of finding that can be set aside (a crash or a hang ends its session: it cannot be set aside); the kinds: fresh-layout, single-query, index-paths, context, warning\n", "\(crash)")
        let spaced = try StkProcess.run(["verify", "flow-sticky", "--ignore", "single query"])
        #expect(spaced.status == 2 && spaced.stderr.hasPrefix("error: --ignore single query: not a kind of finding that can be set aside; the kinds: "), "\(spaced)")
        #expect(spaced.stdout.isEmpty, "\(spaced)")
    }

    /// A pass says what it set aside, in the words `--ignore` takes, and so
    /// does the JSON summary, in the order of the kinds.
    @Test func aPassSaysWhatItSetAside() throws {
        let text = try StkProcess.run(["verify", "flow-sticky", "--operations", "40", "--ignore", "single-query", "--ignore", "fresh-layout"])
        #expect(text.status == 0, "\(text)")
        #expect(text.lines.first == "PASS: flow-sticky: 40 operations (seed 1), no findings but those set aside (--ignore fresh-layout single-query)", "\(text)")
        let json = try StkProcess.run(["verify", "flow-sticky", "--operations", "40", "--ignore", "single-query", "--ignore", "fresh-layout", "--json"])
        #expect(json.status == 0, "\(json)")
        let summary = try #require(JSONSerialization.jsonObject(with: Data((json.lines.last ?? "").utf8)) as? [String: Any])
        let verify = try #require(summary["verify"] as? [String: Any], "\(json)")
        #expect(verify["ignored"] as? [String] == ["fresh-layout", "single-query"], "\(json)")
        #expect(verify["result"] as? String == "pass", "\(json)")
    }

    /// Each finding in JSON names its check as the text does (`fresh
    /// layout`) and its kind as `--ignore` takes it (`fresh-layout`), so that
    /// a finding can be matched against what a run set aside.
    @Test func aFindingsKindIsTheWordIgnoreTakes() throws {
        let source = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/Buggy/FrozenStickyLayout.swift").path
        let run = try StkProcess.run(["verify", "--plugin", source, "frozen-sticky-layout", "--ignore", "context", "--json"],
                                     environment: try SourceAdapterTool.environment(
                                        cache: FileManager.default.temporaryDirectory.appendingPathComponent("stk-verify-cache")))
        #expect(run.status == 1, "\(run)")
        let findings = run.lines.compactMap { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["finding"] as? [String: Any]
        }
        #expect(!findings.isEmpty, "\(run)")
        for finding in findings {
            let check = try #require(finding["check"] as? String)
            #expect(finding["kind"] as? String == check.replacingOccurrences(of: " ", with: "-"), "\(finding)")
            #expect(check != "context", "\(finding)")
        }
        #expect(findings.contains { $0["kind"] as? String == "fresh-layout" }, "\(run)")
    }
}

/// A layout made for exactly two sections, chosen by index (a section
/// provider that returns nil past its enum's cases), verified without
/// `--setup`: every session makes it over 4 sections, two of which it
/// answers nil for. That is the finding, and a note says why and what to
/// give instead; with its data set up first, it passes. The same with a
/// provider that traps past its kinds, as Apple's samples do.
@Suite struct VerifyDefaultDataHintTests {
    static let layout = """
        import UIKit

        enum Kind: Int, CaseIterable { case feature, ranking }

        class TwoKindsViewController: UIViewController {
            func createLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { index, _ in
                    guard let kind = Kind(rawValue: index) else { return nil }
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let height: CGFloat = kind == .feature ? 200 : 80
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(height)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = .groupPaging
                    return section
                }
            }
        }
        """

    @Test func aFailureOfTheDefaultDataSaysToGiveTheLayoutsOwn() throws {
        let folder = try TranscriptCommandFolder(["TwoKinds.swift": Self.layout, "two.stk": "sections 2 items=9\n"])
        let environment = try SourceAdapterTool.environment(cache: folder.url(".cache"))
        let run = try StkProcess.run(["verify", "--plugin", "TwoKinds.swift", "two-kinds-view-controller", "--operations", "100"],
                                     environment: environment, in: folder.root)
        #expect(run.status == 1, "\(run)")
        #expect(run.lines.first == "FAIL: two-kinds-view-controller: the checks failed after 'layout two-kinds-view-controller' (seed 1; shrunk from 2 operations to 2)", "\(run)")
        #expect(run.lines.contains("  note: every session starts with 'sections 4 items=9', then 'layout two-kinds-view-controller' over that data; a layout made for its app's own data (one kind of section per index) wants that data: --setup FILE.stk with its 'sections' (and --keep-sections for a fixed set of sections)"), "\(run)")
        let given = try StkProcess.run(["verify", "--plugin", "TwoKinds.swift", "two-kinds-view-controller", "--operations", "100",
                                        "--setup", "two.stk", "--keep-sections"], environment: environment, in: folder.root)
        #expect(given.status == 0, "\(given)")
        #expect(!given.stdout.contains("note: every session"), "\(given)")
    }

    @Test func aCrashOverTheDefaultDataSaysToGiveTheLayoutsOwn() throws {
        let trapping = Self.layout.replacingOccurrences(of: "guard let kind = Kind(rawValue: index) else { return nil }",
                                                        with: "guard let kind = Kind(rawValue: index) else { fatalError(\"unknown section kind\") }")
        let folder = try TranscriptCommandFolder(["TwoKinds.swift": trapping])
        let run = try StkProcess.run(["verify", "--plugin", "TwoKinds.swift", "two-kinds-view-controller", "--operations", "100"],
                                     environment: try SourceAdapterTool.environment(cache: folder.url(".cache")), in: folder.root)
        #expect(run.status == 1, "\(run)")
        #expect(run.lines.first?.hasPrefix("FAIL: two-kinds-view-controller: 'layout two-kinds-view-controller' crashes the layout") == true, "\(run)")
        #expect(run.lines.contains("  note: every session starts with 'sections 4 items=9', then 'layout two-kinds-view-controller' over that data; a layout made for its app's own data (one kind of section per index) wants that data: --setup FILE.stk with its 'sections' (and --keep-sections for a fixed set of sections)"), "\(run)")
    }
}
