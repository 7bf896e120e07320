import Foundation
import StkTestSupport
import Testing

/// Options whose type is a protocol or a class, on a layout loaded from
/// source (Examples/SourceLayouts/AnimatedCardsLayout.swift): the value is
/// the name of a type of the file that fits and has init(); `set` makes an
/// instance, `nil` clears an optional one, and the option reads back as the
/// type's name.
///
/// The fixture's numbers: a horizontal flow of 200x300 cards 50 apart (card
/// N at x = 250 N, its centre at 250 N + 100); in a 400x300 view at offset 0
/// the centre of the viewport is x = 200. Card 1's centre is 150 from it:
/// a distance of 150 / 200 = 0.75 card widths.
///
/// Serialized: the last test runs a REPL in a pseudo-terminal (as REPLTests).
@Suite(.serialized)
struct InstanceOptionTests {
    static let file = ExamplePackage.repositoryRoot.appendingPathComponent("Examples/SourceLayouts/AnimatedCardsLayout.swift").path
    static let setup = "layout animated-cards-layout; bounds 400x300; sections 1 items=10"

    func stk(_ script: String, cache: ScratchFolder) throws -> StkResult {
        try StkProcess.run(["--plugin", Self.file, "-e", Self.setup + "; " + script],
                           environment: try SourceAdapterTool.environment(cache: cache.url))
    }

    /// A script of `set`s and `attr`s, and the lines it prints.
    struct InstanceCase: Sendable, CustomTestStringConvertible {
        var name: String
        var script: String
        var lines: [String]
        var testDescription: String { name }
    }

    static let instanceCases: [InstanceCase] = [
        // `set animator=NAME` makes the animator and the layout answers with it.
        InstanceCase(name: "the animator set is the one the layout runs", script: """
            attr item 0:1
            set animator=LinearCardAnimator
            attr item 0:1
            set animator=ScaleCardAnimator
            attr item 0:1
            set animator=nil
            attr item 0:1
            """, lines: [
            // No animator: alpha 1, no transform; CardStacking puts card N at zIndex N.
            "item 0:1 frame=250,0,200,300 zIndex=1 alpha=1 hidden=false",
            // LinearCardAnimator: alpha = 1 - 0.75 * (1 - 0.5) = 0.625.
            "item 0:1 frame=250,0,200,300 zIndex=1 alpha=0.625 hidden=false",
            // ScaleCardAnimator(), its default minimumScale 0.8: scale = 1 - 0.75 * (1 - 0.8) = 0.85.
            "item 0:1 frame=250,0,200,300 zIndex=1 alpha=1 hidden=false transform=0.85,0,0,0.85,0,0",
            // nil: as at first.
            "item 0:1 frame=250,0,200,300 zIndex=1 alpha=1 hidden=false",
        ]),
        // A class option: the class or a subclass. At offset 400 the
        // viewport's centre is x = 600, card 2's centre: distance 0; card 3's
        // centre is 850, 250 / 200 card widths, capped at 1.
        InstanceCase(name: "the stacking is the class or a subclass", script: """
            scroll to 400,0
            set animator=LinearCardAnimator
            attr item 0:2
            attr item 0:3
            set stacking=CenterOnTopStacking
            attr item 0:2
            attr item 0:3
            """, lines: [
            // CardStacking: zIndex = item. Card 3 alpha = 1 - 1 * (1 - 0.5) = 0.5.
            "item 0:2 frame=500,0,200,300 zIndex=2 alpha=1 hidden=false",
            "item 0:3 frame=750,0,200,300 zIndex=3 alpha=0.5 hidden=false",
            // CenterOnTopStacking: 1 under half a card width from the centre, else 0.
            "item 0:2 frame=500,0,200,300 zIndex=1 alpha=1 hidden=false",
            "item 0:3 frame=750,0,200,300 zIndex=0 alpha=0.5 hidden=false",
        ]),
    ]

    /// An instance option set by name is the instance the layout runs.
    @Test(arguments: instanceCases)
    func theInstanceSetIsTheOneTheLayoutRuns(_ instanceCase: InstanceCase) throws {
        let cache = try ScratchFolder()
        let result = try stk(instanceCase.script, cache: cache)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == instanceCase.lines, "\(result)")
    }

    /// The listing shows the types that fit as the option's type, the current
    /// instance's type as its value; what prepare() writes is not an option.
    @Test func theOptionListingShowsTheTypesThatFit() throws {
        let cache = try ScratchFolder()
        let result = try stk("set animator=ScaleCardAnimator; options", cache: cache)
        #expect(result.status == 0, "\(result)")
        let rows = result.lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(4).joined(separator: " ") }
        #expect(rows.contains("animator LinearCardAnimator|ScaleCardAnimator|nil ScaleCardAnimator nil"), "\(result)")
        #expect(rows.contains("stacking CardStacking|CenterOnTopStacking CardStacking CardStacking"), "\(result)")
        let animator = try #require(result.lines.first { $0.hasPrefix("animator ") })
        #expect(animator.hasSuffix("How cards change with their distance to the centre. (var animator: LayoutAttributesAnimator? of AnimatedCardsLayout); set to a new instance of a type conforming to LayoutAttributesAnimator, or nil"), "\(animator)")
        // `metrics` (PageMetrics, a class with init()) is written by prepare().
        #expect(!result.lines.contains { $0.hasPrefix("metrics ") }, "\(result)")

        let help = try StkProcess.run(["--plugin", Self.file, "-e", "help animated-cards-layout"],
                                      environment: try SourceAdapterTool.environment(cache: cache.url))
        #expect(help.lines.contains { $0.hasPrefix("  stacking                 CardStacking|CenterOnTopStacking          CardStacking  Which card is on top") }, "\(help)")
    }

    /// A name that is not a value is an error listing the values, and the
    /// layout stays as it was; so is nil for an option that is not optional,
    /// and the layout's state.
    @Test func aNameThatIsNotAValueIsAnErrorListingTheValues() throws {
        let cache = try ScratchFolder()
        let refusals: [(setting: String, error: String)] = [
            ("animator=Nope", "<command-line>:1:81: error: option animator: expected one of LinearCardAnimator|ScaleCardAnimator|nil, got 'Nope'\n"),
            // TiltCardAnimator conforms but needs an angle: not a value.
            ("animator=TiltCardAnimator", "error: option animator: expected one of LinearCardAnimator|ScaleCardAnimator|nil, got 'TiltCardAnimator'"),
            ("stacking=nil", "error: option stacking: expected one of CardStacking|CenterOnTopStacking, got 'nil'"),
            ("metrics=PageMetrics", "error: layout 'animated-cards-layout' has no option 'metrics'"),
        ]
        for refusal in refusals {
            let result = try stk("set \(refusal.setting)", cache: cache)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains(refusal.error), "\(result)")
        }
    }

    /// After an edit, `reload` sets the options again on the new class: a
    /// type that no longer has init() is refused by the layout's own setter,
    /// whose error names the protocol and the types that still fit.
    @Test func reloadRefusesATypeThatLostItsInit() throws {
        let home = try ScratchFolder.terminalHome()
        let file = home.url.appendingPathComponent("AnimatedCardsLayout.swift")
        let original = try String(contentsOfFile: Self.file, encoding: .utf8)
        try Data(original.utf8).write(to: file)
        let session = try InteractiveSession(stateHome: home.url,
                                             extraEnvironment: try SourceAdapterTool.environment(cache: home.url.appendingPathComponent("cache")))
        try session.run("load \(file.path)")
        let prompt = try session.useLayout("animated-cards-layout", options: "animator=ScaleCardAnimator")
        let edited = original.replacingOccurrences(of: "init(minimumScale: CGFloat = 0.8)", with: "init(minimumScale: CGFloat)")
        #expect(edited != original)
        try Data(edited.utf8).write(to: file)
        try session.expect("reload", showsLineContaining: "error: option animator: stk cannot make a ScaleCardAnimator with init() (it needs an initialiser whose parameters all have default values); it expects one of LinearCardAnimator (types conforming to LayoutAttributesAnimator) or nil",
                           expectingPrompt: prompt)
    }
}
