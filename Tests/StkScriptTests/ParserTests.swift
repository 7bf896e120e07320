import Foundation
import LayoutKit
import StkBench
import StkScript
import Testing

private func parse(_ text: String) -> Script {
    Parser.parse(SourceFile(name: "t.stk", text: text))
}

/// The one command `text` holds; records an issue when there are diagnostics.
private func parseOne(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Command? {
    let script = parse(text)
    #expect(script.diagnostics.isEmpty, "\(script.diagnostics.map(\.description))", sourceLocation: sourceLocation)
    #expect(script.commands.count == 1, sourceLocation: sourceLocation)
    return script.commands.first
}

private func kind(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CommandKind? {
    parseOne(text, sourceLocation: sourceLocation)?.kind
}

private func at(_ line: Int, _ columns: Range<Int>) -> SourceRange {
    SourceRange(line: line, columns: columns)
}

private func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

@Suite("Parser")
struct ParserTests {
    // MARK: Every command, in canonical form

    /// Each input parses to one command whose canonical form is the second
    /// string: this checks every argument's value (numbers, index paths,
    /// sizes, lists in order) and that aliases and alternative forms map to
    /// the same command.
    @Test(arguments: [
        ("layout flow-sticky", "layout flow-sticky"),
        ("layout  flow-sticky   itemSize=100x44 sectionInset=0,10,0,10 maxStretchHeight=auto stickyFooters=true",
         "layout flow-sticky itemSize=100x44 sectionInset=0,10,0,10 maxStretchHeight=auto stickyFooters=true"),
        (#"layout "my layout" title="a b""#, #"layout "my layout" title="a b""#),
        ("set minimumLineSpacing=8.5 scrollDirection=horizontal", "set minimumLineSpacing=8.5 scrollDirection=horizontal"),
        ("options", "options"),
        ("options  grid-sticky", "options grid-sticky"),
        ("help  grid-sticky", "help grid-sticky"),
        ("layouts", "layouts"),
        ("sections 3", "sections 3"),
        ("sections 3 items=20", "sections 3 items=20"),
        ("sections 5,0,12", "sections 5,0,12"),
        ("insert section 1", "insert section 1"),
        ("insert section 1 2 items=4", "insert section 1 2 items=4"),
        ("insert section items=4 3", "insert section 3 items=4"),
        ("delete section 1 2", "delete section 1 2"),
        ("move section 2 to 0", "move section 2 to 0"),
        ("reload section 1", "reload section 1"),
        ("insert item 0:0 0:1", "insert item 0:0 0:1"),
        ("delete item 0:1 0:2 3:14", "delete item 0:1 0:2 3:14"),
        ("move item 0:0 to 1:3", "move item 0:0 to 1:3"),
        ("reload item 0:3", "reload item 0:3"),
        ("size item 0:3 200x80", "size item 0:3 200x80"),
        ("size header 1 390x60", "size header 1 390x60"),
        ("size footer 0 default", "size footer 0 default"),
        ("bounds 390x844", "bounds 390x844"),
        ("inset 20,0,0,0", "inset 20,0,0,0"),
        ("safearea 47,0,34.5,0", "safearea 47,0,34.5,0"),
        ("scroll to 0,300", "scroll to 0,300"),
        ("scroll to -10,-64", "scroll to -10,-64"),
        ("scroll by 0,-120", "scroll by 0,-120"),
        ("scroll by 0,-120 steps=4", "scroll by 0,-120 steps=4"),
        ("scroll to item 2:0", "scroll to item 2:0"),
        ("scroll to item 2:0 center", "scroll to item 2:0 center"),
        ("attr item 0:3", "attr item 0:3"),
        ("attr header 1", "attr header 1"),
        ("attr footer 2", "attr footer 2"),
        ("visible", "visible"),
        ("contentsize", "contentsize"),
        ("context", "context"),
        ("render", "render"),
        ("render width=60", "render width=60"),
        ("render height=20", "render height=20"),
        ("render height=20 width=60", "render width=60 height=20"),
        ("trace on", "trace on"),
        ("trace off", "trace off"),
        ("step on", "step on"),
        ("next", "next"),
        ("continue", "continue"),
        ("expect attr header 1 frame == 0,300,390,30", "expect attr header 1 frame == 0,300,390,30"),
        ("expect attr item 0:3 y == 44", "expect attr item 0:3 y == 44"),
        ("expect attr header 0 alpha ~= 0.5", "expect attr header 0 alpha ~= 0.5"),
        ("expect attr item 0:0 x != 1", "expect attr item 0:0 x != 1"),
        ("expect attr item 0:0 width < 1", "expect attr item 0:0 width < 1"),
        ("expect attr item 0:0 height <= 1", "expect attr item 0:0 height <= 1"),
        ("expect attr footer 0 zIndex > 1", "expect attr footer 0 zIndex > 1"),
        ("expect attr item 0:0 alpha >= 0", "expect attr item 0:0 alpha >= 0"),
        ("expect attr header 0 hidden == true", "expect attr header 0 hidden == true"),
        ("expect attr header 0 stretchFactor ~= 12.5", "expect attr header 0 stretchFactor ~= 12.5"),
        ("expect attr header 0 kind == header", "expect attr header 0 kind == header"),
        ("expect visible count == 24", "expect visible count == 24"),
        ("expect contentsize == 390,4000", "expect contentsize == 390,4000"),
        ("expect offset ~= 0,1497.5", "expect offset ~= 0,1497.5"),
        ("check except  single-query warning", "check except single-query warning"),
        ("check", "check"),
        ("expect contentsize ~= 390x4000", "expect contentsize ~= 390,4000"),
        ("expect context contains header 1", "expect context contains header 1"),
        ("expect context contains item 0:3", "expect context contains item 0:3"),
        ("expect context everything == false", "expect context everything == false"),
        ("expect context dataSourceCounts != true", "expect context dataSourceCounts != true"),
        ("expect context flowDelegateMetrics == true", "expect context flowDelegateMetrics == true"),
        ("expect context flowAttributes == false", "expect context flowAttributes == false"),
        ("expect context count <= 3", "expect context count <= 3"),
        ("prefer item 0:3 100x80", "prefer item 0:3 100x80"),
        ("prefer section 1 none", "prefer section 1 none"),
        ("prefer header 2 390x80", "prefer header 2 390x80"),
        ("prefer footer 0 none", "prefer footer 0 none"),
        ("load libMyLayout.so", "load libMyLayout.so"),
        (#"include "my dir/setup.stk""#, #"include "my dir/setup.stk""#),
        ("include setup.stk", "include setup.stk"),
        ("echo hello, world", "echo hello, world"),
        ("echo", "echo"),
        // echo keeps the spacing inside its text and drops it around; a
        // string is printed bare when it reads back the same, quoted otherwise.
        ("echo  two  spaces  ", "echo two  spaces"),
        (#"echo "plain""#, "echo plain"),
        (#"echo "a; b # c""#, #"echo "a; b # c""#),
        (#"echo " padded ""#, #"echo " padded ""#),
        (#"echo say "\"hi\"""#, #"echo "say \"hi\"""#),
        ("echo issue#3", "echo issue#3"),
        ("save session.stk", "save session.stk"),
        ("save --force session.stk", "save --force session.stk"),
        ("save session.stk --force", "save --force session.stk"),
        ("export svg view.svg", "export svg view.svg"),
        ("export html page.html --force", "export html --force page.html"),
        ("export html \"my page.html\"", "export html \"my page.html\""),
        ("undo", "undo"),
        ("reset", "reset"),
        ("help", "help"),
        ("help scroll", "help scroll"),
        ("quit", "quit"),
        ("exit", "quit"),
    ])
    func everyCommandParses(input: String, canonical: String) {
        guard let command = parseOne(input) else { return }
        #expect(command.description == canonical)
        // The canonical form reads back as the same command.
        let reparsed = parse(canonical)
        #expect(reparsed.diagnostics.isEmpty)
        #expect(reparsed.commands.map(\.description) == [canonical])
    }

    // MARK: Typed arguments and their ranges

    @Test func layoutNameAndOptionsAreLocated() {
        // layout flow-sticky itemSize=100x44 pinLimit=nextHeader
        // 1      8           20       29     36       45
        guard case .layout(let name, let options)? = kind("layout flow-sticky itemSize=100x44 pinLimit=nextHeader") else {
            Issue.record("not a layout command")
            return
        }
        #expect(name == Located("flow-sticky", at: at(1, 8..<19)))
        #expect(options.count == 2)
        #expect(options[0].name == Located("itemSize", at: at(1, 20..<28)))
        #expect(options[0].value == Located(.size(CGSize(width: 100, height: 44)), at: at(1, 29..<35)))
        #expect(options[0].range == at(1, 20..<35))
        #expect(options[1].name == Located("pinLimit", at: at(1, 36..<44)))
        #expect(options[1].value == Located(.word("nextHeader"), at: at(1, 45..<55)))
    }

    @Test func commandRangeCoversVerbToLastArgument() {
        let command = parseOne("  delete item 0:1   0:2  # gone")
        // "delete" starts at column 3; "0:2" ends before column 24.
        #expect(command?.range == at(1, 3..<24))
        guard case .deleteItems(let paths)? = command?.kind else {
            Issue.record("not delete item")
            return
        }
        #expect(paths == [Located(ip(0, 1), at: at(1, 15..<18)), Located(ip(0, 2), at: at(1, 21..<24))])
    }

    @Test func sectionCounts() {
        guard case .sections(let uniform)? = kind("sections 3 items=2"),
              case .sections(let perSection)? = kind("sections 5,0,12"),
              case .sections(let empty)? = kind("sections 4") else {
            Issue.record("not sections")
            return
        }
        #expect(uniform.itemCounts == [2, 2, 2])
        #expect(perSection.itemCounts == [5, 0, 12])
        // Items default to 0.
        #expect(empty.itemCounts == [0, 0, 0, 0])
        guard case .uniform(let count, let items) = uniform else {
            Issue.record("not uniform")
            return
        }
        #expect(count == Located(3, at: at(1, 10..<11)))
        // "items=2": the value is column 18.
        #expect(items == Located(2, at: at(1, 18..<19)))
    }

    @Test func sectionUpdates() {
        #expect(kind("insert section 1 2 items=4") == .insertSections(
            [Located(1, at: at(1, 16..<17)), Located(2, at: at(1, 18..<19))], items: Located(4, at: at(1, 26..<27))))
        #expect(kind("move section 2 to 0") == .moveSection(Located(2, at: at(1, 14..<15)), to: Located(0, at: at(1, 19..<20))))
        #expect(kind("reload section 3") == .reloadSections([Located(3, at: at(1, 16..<17))]))
        #expect(kind("move item 0:0 to 1:3") == .moveItem(Located(ip(0, 0), at: at(1, 11..<14)), to: Located(ip(1, 3), at: at(1, 18..<21))))
    }

    @Test func sizesOfElements() {
        #expect(kind("size item 0:3 200x80") == .size(Located(.item(ip(0, 3)), at: at(1, 11..<14)),
                                                      Located(CGSize(width: 200, height: 80), at: at(1, 15..<21))))
        #expect(kind("size header 1 390x60") == .size(Located(.header(section: 1), at: at(1, 13..<14)),
                                                      Located(CGSize(width: 390, height: 60), at: at(1, 15..<21))))
        #expect(kind("size footer 2 default") == .size(Located(.footer(section: 2), at: at(1, 13..<14)),
                                                       Located(nil, at: at(1, 15..<22))))
    }

    @Test func viewGeometry() {
        #expect(kind("bounds 390x844") == .bounds(Located(CGSize(width: 390, height: 844), at: at(1, 8..<15)), animated: false))
        // T,L,B,R in UIKit order.
        #expect(kind("inset 1,2,3,4") == .inset(Located(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), at: at(1, 7..<14))))
        #expect(kind("safearea 47,0,34,0") == .safeArea(Located(EdgeInsets(top: 47, left: 0, bottom: 34, right: 0), at: at(1, 10..<19))))
        #expect(kind("scroll to 0,-64.5") == .scrollTo(Located(CGPoint(x: 0, y: -64.5), at: at(1, 11..<18))))
        #expect(kind("scroll by 0,120 steps=4") == .scrollBy(Located(CGPoint(x: 0, y: 120), at: at(1, 11..<16)),
                                                           steps: Located(4, at: at(1, 23..<24))))
        #expect(kind("scroll to item 2:7 bottom") == .scrollToItem(Located(ip(2, 7), at: at(1, 16..<19)),
                                                                  position: Located(.bottom, at: at(1, 20..<26))))
        #expect(kind("scroll to item 2:7") == .scrollToItem(Located(ip(2, 7), at: at(1, 16..<19)), position: nil))
    }

    @Test func inspecting() {
        #expect(kind("attr header 4") == .attr(Located(.header(section: 4), at: at(1, 13..<14))))
        #expect(kind("render width=72") == .render(width: Located(72, at: at(1, 14..<16)), height: nil))
        #expect(kind("render height=20 width=72") == .render(width: Located(72, at: at(1, 24..<26)), height: Located(20, at: at(1, 15..<17))))
        #expect(kind("trace on") == .trace(Located(true, at: at(1, 7..<9))))
        #expect(kind("step off") == .step(Located(false, at: at(1, 6..<9))))
    }

    @Test func expectations() {
        guard case .expect(.attribute(let element, let field, let comparison))? = kind("expect attr header 1 frame == 0,300,390,30") else {
            Issue.record("not expect attr")
            return
        }
        #expect(element == Located(.header(section: 1), at: at(1, 20..<21)))
        #expect(element.value.elementKey == ElementKey.header(1))
        #expect(field == Located(.frame, at: at(1, 22..<27)))
        #expect(comparison.op == Located(.equal, at: at(1, 28..<30)))
        #expect(comparison.value.value.rect == CGRect(x: 0, y: 300, width: 390, height: 30))
        #expect(comparison.value.range == at(1, 31..<43))

        guard case .expect(.attribute(_, let extra, let extraComparison))? = kind("expect attr header 0 stretchFactor > -2") else {
            Issue.record("not expect attr")
            return
        }
        #expect(extra.value == .extra("stretchFactor"))
        #expect(extraComparison.value.value == .number(-2))
        #expect(kind("expect visible count == 24") == .expect(.visibleCount(Comparison(
            op: Located(.equal, at: at(1, 22..<24)), value: Located(.number(24), at: at(1, 25..<27))))))
        // WxH and W,H both give a size.
        guard case .expect(.contentSize(let size))? = kind("expect contentsize == 390x4000") else {
            Issue.record("not expect contentsize")
            return
        }
        #expect(size.value.value == .size(CGSize(width: 390, height: 4000)))
        #expect(kind("expect context contains item 0:3") == .expect(.contextContains(Located(.item(ip(0, 3)), at: at(1, 30..<33)))))
        #expect(kind("expect context everything == false") == .expect(.contextFlag(
            Located(.everything, at: at(1, 16..<26)),
            Comparison(op: Located(.equal, at: at(1, 27..<29)), value: Located(.bool(false), at: at(1, 30..<35))))))
    }

    @Test func sessionCommands() {
        #expect(kind("save --force out.stk") == .save(path: Located("out.stk", at: at(1, 14..<21)), force: true))
        #expect(kind("export svg --force v.svg") == .export(format: Located(.svg, at: at(1, 8..<11)),
                                                            path: Located("v.svg", at: at(1, 20..<25)), force: true))
        #expect(kind(#"load "lib dir/libX.so""#) == .load(path: Located("lib dir/libX.so", at: at(1, 6..<23))))
        #expect(kind("help expect") == .help(Located("expect", at: at(1, 6..<12))))
        #expect(kind("help exit") == .help(Located("exit", at: at(1, 6..<10))))
        // A layout, or any other name: which it is is decided when it runs.
        #expect(kind("help grid-sticky") == .help(Located("grid-sticky", at: at(1, 6..<17))))
        #expect(kind("help lauout") == .help(Located("lauout", at: at(1, 6..<12))))
        #expect(kind("options grid-sticky") == .options(Located("grid-sticky", at: at(1, 9..<20))))
        #expect(kind("options") == .options(nil))
        // echo: its arguments up to the ';' or the comment, with the spacing
        // between them as written and a string's contents. "a" is at column 8
        // (after "echo" and three blanks); the string `"b;c"` spans 11..<16.
        #expect(kind(#"echo   a  "b;c" # d"#) == .echo(Located("a  b;c", at: at(1, 8..<16))))
    }

    @Test func echoIsOneCommandAmongOthersOnALine() {
        let script = parse("echo a; echo b # c; echo d\necho e \\\n  f;contentsize")
        #expect(script.diagnostics.isEmpty)
        // Line 1: "echo a" (a at column 6), "echo b" (b at 14), then a comment.
        // Line 2 continues onto line 3: "e" at 2:6, "f" at 3:3.
        #expect(script.commands.map(\.kind) == [
            .echo(Located("a", at: at(1, 6..<7))),
            .echo(Located("b", at: at(1, 14..<15))),
            .echo(Located("e f", at: SourceRange(start: SourceLocation(line: 2, column: 6), end: SourceLocation(line: 3, column: 4)))),
            .contentSize,
        ])
    }

    @Test func batchHoldsItsUpdates() {
        let script = parse("batch\n  delete item 0:0\n  insert section 1 items=2; size item 0:1 10x10\nend")
        #expect(script.diagnostics.isEmpty)
        #expect(script.commands.count == 1)
        guard case .batch(let updates, let end)? = script.commands.first?.kind else {
            Issue.record("not a batch")
            return
        }
        #expect(updates.map(\.description) == ["delete item 0:0", "insert section 1 items=2", "size item 0:1 10x10"])
        #expect(updates[0].range == at(2, 3..<18))
        #expect(end == at(4, 1..<4))
        #expect(script.commands[0].range == SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 4, column: 4)))
        #expect(script.commands[0].description == "batch\n  delete item 0:0\n  insert section 1 items=2\n  size item 0:1 10x10\nend")
    }

    @Test func batchOnOneLine() {
        let script = parse("batch; delete item 0:0; insert item 1:0; end; visible")
        #expect(script.diagnostics.isEmpty)
        #expect(script.commands.map(\.description) == ["batch\n  delete item 0:0\n  insert item 1:0\nend", "visible"])
    }

    @Test func separatorsCommentsAndBlankLines() {
        let script = parse("# a script\n\nsections 3 items=2; visible # all\n  ;  ; contentsize\n")
        #expect(script.diagnostics.isEmpty)
        #expect(script.commands.map(\.description) == ["sections 3 items=2", "visible", "contentsize"])
        #expect(script.commands.map(\.range.start.line) == [3, 3, 4])
    }

    @Test func continuedCommand() {
        let command = parseOne("layout flow-sticky \\\n    itemSize=100x44 \\\n    pinLimit=nextHeader")
        #expect(command?.description == "layout flow-sticky itemSize=100x44 pinLimit=nextHeader")
        #expect(command?.range == SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 3, column: 24)))
    }

    @Test func crlfScript() {
        let script = parse("sections 2\r\nattr item 0:1\r\n#> frame\r\n")
        #expect(script.diagnostics.isEmpty)
        #expect(script.commands.map(\.description) == ["sections 2", "attr item 0:1"])
        #expect(script.transcript[1].expected == [ExpectedLine(text: "frame", line: 3, isWildcard: false)])
    }

    @Test func firstLineNumberIsKept() {
        // A REPL numbering its input from line 41 on.
        let script = Parser.parse(SourceFile(name: "<stdin>", text: "visible\nbogus", firstLine: 41))
        #expect(script.commands[0].range == at(41, 1..<8))
        #expect(script.firstError?.location?.range == at(42, 1..<6))
    }

    // MARK: Errors

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var input: String
        var line: Int
        var column: Int
        var message: String
        var suggestion: String? = nil
        var testDescription: String { input }
    }

    /// Every parse error, with the exact position of its caret. Columns are
    /// counted by hand from the input (1-based).
    @Test(arguments: [
        ErrorCase(input: "lauout flow", line: 1, column: 1, message: "unknown command 'lauout'", suggestion: "layout"),
        ErrorCase(input: "visible\n  Layout flow", line: 2, column: 3, message: "unknown command 'Layout'", suggestion: "layout"),
        ErrorCase(input: "vsiible", line: 1, column: 1, message: "unknown command 'vsiible'", suggestion: "visible"),
        ErrorCase(input: "frobnicate", line: 1, column: 1, message: "unknown command 'frobnicate'"),
        ErrorCase(input: "itemSize=100x44", line: 1, column: 1, message: "unknown command 'itemSize=100x44': options are set with 'set'",
                  suggestion: "set itemSize=100x44"),
        // "insert item" ends at column 12: the caret goes just after it.
        ErrorCase(input: "insert item", line: 1, column: 12, message: "expected an index path S:I after 'insert item'"),
        ErrorCase(input: "insert item 3", line: 1, column: 13, message: "expected an index path S:I, got '3'"),
        ErrorCase(input: "insert 0:1", line: 1, column: 8, message: "expected 'section' or 'item', got '0:1'"),
        ErrorCase(input: "insert itme 0:1", line: 1, column: 8, message: "expected 'section' or 'item', got 'itme'", suggestion: "item"),
        ErrorCase(input: "delete section 1 x", line: 1, column: 18, message: "expected a section number, got 'x'"),
        ErrorCase(input: "delete section -1", line: 1, column: 16, message: "expected a section number, got '-1'"),
        ErrorCase(input: "delete section items=2 1", line: 1, column: 16, message: "expected a section number, got 'items=2'"),
        ErrorCase(input: "reload item 0:1 1", line: 1, column: 17, message: "expected an index path S:I, got '1'"),
        ErrorCase(input: "move item 0:1 0:2", line: 1, column: 15, message: "expected 'to', got '0:2'"),
        ErrorCase(input: "move section 1 to", line: 1, column: 18, message: "expected a section number after 'move section 1 to'"),
        ErrorCase(input: "visible all", line: 1, column: 9, message: "unexpected extra argument 'all'"),
        ErrorCase(input: "move item 0:1 to 0:2 0:3", line: 1, column: 22, message: "unexpected extra argument '0:3'"),
        ErrorCase(input: "include \"abc", line: 1, column: 9,
                  message: "unterminated string: expected a closing '\"' before the end of the line"),
        ErrorCase(input: "end", line: 1, column: 1, message: "'end' without 'batch'"),
        ErrorCase(input: "visible\nbatch\ninsert item 0:0\n", line: 2, column: 1,
                  message: "'batch' without a matching 'end' before the end of the input"),
        ErrorCase(input: "batch\n  scroll to 0,0\nend", line: 2, column: 3,
                  message: "'scroll' cannot be used inside a batch; only insert, delete, move, reload and size can"),
        ErrorCase(input: "batch extra\nend", line: 1, column: 7, message: "unexpected extra argument 'extra'"),
        ErrorCase(input: "batch\n#> output\nend", line: 2, column: 1,
                  message: "expected output ('#>') cannot follow a command inside a batch; write it after 'end'"),
        ErrorCase(input: "layout", line: 1, column: 7, message: "expected a layout name after 'layout'"),
        ErrorCase(input: "layout flow sticky", line: 1, column: 13, message: "expected an option key=value, got 'sticky'"),
        ErrorCase(input: "layout 3", line: 1, column: 8, message: "expected a layout name, got '3'"),
        ErrorCase(input: "set", line: 1, column: 4, message: "expected an option key=value after 'set'"),
        ErrorCase(input: "set a=1 a=2", line: 1, column: 9, message: "option 'a' is given twice"),
        // "set " is 4 characters; the 19-character token ends before column 24.
        ErrorCase(input: "set minimumLineSpacing=", line: 1, column: 24, message: "expected a value after 'minimumLineSpacing='"),
        ErrorCase(input: "set a=--b", line: 1, column: 7, message: "expected a value for option 'a', got '--b'"),
        ErrorCase(input: "sections", line: 1, column: 9,
                  message: "expected a section count N or per-section counts A,B,C after 'sections'"),
        ErrorCase(input: "sections 1.5", line: 1, column: 10,
                  message: "expected a section count N or per-section counts A,B,C, got '1.5'"),
        ErrorCase(input: "sections 3,-1", line: 1, column: 10,
                  message: "expected per-section item counts A,B,C (non-negative integers), got '3,-1'"),
        ErrorCase(input: "sections 3 itms=2", line: 1, column: 12, message: "unknown option 'itms' for 'sections'", suggestion: "items"),
        ErrorCase(input: "sections 3 items=2 items=3", line: 1, column: 20, message: "option 'items' is given twice"),
        ErrorCase(input: "sections 3 items=x", line: 1, column: 18, message: "expected a non-negative integer for 'items', got 'x'"),
        ErrorCase(input: "sections 3,5 items=2", line: 1, column: 14,
                  message: "'items=' cannot follow per-section counts; each count is already a section's items"),
        ErrorCase(input: "size item 0:1", line: 1, column: 14, message: "expected a size WxH or 'default' after 'size item 0:1'"),
        ErrorCase(input: "size item 0:1 44", line: 1, column: 15, message: "expected a size WxH or 'default', got '44'"),
        ErrorCase(input: "size header 0:1 1x1", line: 1, column: 13, message: "expected a section number, got '0:1'"),
        ErrorCase(input: "size cell 0:1 1x1", line: 1, column: 6, message: "expected 'item', 'header' or 'footer', got 'cell'"),
        ErrorCase(input: "bounds 390", line: 1, column: 8, message: "expected a size WxH, got '390'"),
        ErrorCase(input: "bounds -1x5", line: 1, column: 8, message: "a size cannot be negative, got '-1x5'"),
        ErrorCase(input: "inset 1,2,3", line: 1, column: 7, message: "expected insets T,L,B,R, got '1,2,3'"),
        ErrorCase(input: "safearea 10", line: 1, column: 10, message: "expected insets T,L,B,R, got '10'"),
        ErrorCase(input: "scroll 0,300", line: 1, column: 8, message: "expected 'to', 'by', 'fling' or 'section', got '0,300'"),
        ErrorCase(input: "scroll to", line: 1, column: 10, message: "expected a point X,Y or 'item S:I' after 'scroll to'"),
        ErrorCase(input: "scroll to 300", line: 1, column: 11, message: "expected a point X,Y or 'item S:I', got '300'"),
        ErrorCase(input: "scroll by 0,10 steps=0", line: 1, column: 22,
                  message: "expected an integer of at least 1 for 'steps', got '0'"),
        ErrorCase(input: "scroll to item 0:1 middle", line: 1, column: 20,
                  message: "expected a position (top, center or bottom), got 'middle'"),
        ErrorCase(input: "scroll to item 0:1 centre", line: 1, column: 20,
                  message: "expected a position (top, center or bottom), got 'centre'", suggestion: "center"),
        ErrorCase(input: "attr item", line: 1, column: 10, message: "expected an index path S:I after 'attr item'"),
        ErrorCase(input: "attr", line: 1, column: 5, message: "expected 'item', 'header', 'footer', 'supplementary' or 'decoration' after 'attr'"),
        ErrorCase(input: "render width=0", line: 1, column: 14, message: "expected an integer of at least 1 for 'width', got '0'"),
        ErrorCase(input: "render wdith=5", line: 1, column: 8, message: "unknown option 'wdith' for 'render'", suggestion: "width"),
        ErrorCase(input: "render heigth=5", line: 1, column: 8, message: "unknown option 'heigth' for 'render'", suggestion: "height"),
        ErrorCase(input: "render height=0", line: 1, column: 15, message: "expected an integer of at least 1 for 'height', got '0'"),
        ErrorCase(input: "render height=5 height=6", line: 1, column: 17, message: "option 'height' is given twice"),
        ErrorCase(input: "export png a.png", line: 1, column: 8, message: "expected 'svg' or 'html', got 'png'"),
        ErrorCase(input: "export svg", line: 1, column: 11, message: "expected a file path after 'export svg'"),
        ErrorCase(input: "export html --forse a.html", line: 1, column: 13, message: "unknown flag '--forse' for 'export'", suggestion: "--force"),
        ErrorCase(input: "export svg a.svg b.svg", line: 1, column: 18, message: "unexpected extra argument 'b.svg'"),
        ErrorCase(input: "trace", line: 1, column: 6, message: "expected 'on' or 'off' after 'trace'"),
        ErrorCase(input: "trace maybe", line: 1, column: 7, message: "expected 'on' or 'off', got 'maybe'"),
        ErrorCase(input: "expect frame", line: 1, column: 8,
                  message: "expected 'attr', 'visible', 'contentsize', 'offset' or 'context', got 'frame'"),
        ErrorCase(input: "expect attr item 0:1 y 44", line: 1, column: 24,
                  message: "expected an operator (== != < <= > >= ~=), got '44'"),
        ErrorCase(input: "expect attr item 0:1 y = 44", line: 1, column: 24,
                  message: "expected an operator (== != < <= > >= ~=), got '='; use '==' to compare"),
        ErrorCase(input: "expect attr item 0:1 y==44", line: 1, column: 22,
                  message: "expected a field (frame, x, y, width, height, zIndex, alpha, hidden or a layout's field), got 'y==44'; put spaces around the operator: 'y == 44'"),
        ErrorCase(input: "expect attr item 0:1 y", line: 1, column: 23,
                  message: "expected an operator (== != < <= > >= ~=) after 'expect attr item 0:1 y'"),
        ErrorCase(input: "expect attr item 0:1 y ==", line: 1, column: 26, message: "expected a number after 'expect attr item 0:1 y =='"),
        ErrorCase(input: "expect attr item 0:1 frame < 0,0,1,1", line: 1, column: 28,
                  message: "operator '<' cannot compare rects; use '==', '!=' or '~='"),
        ErrorCase(input: "expect attr item 0:1 frame == 0,0", line: 1, column: 31, message: "expected a rect X,Y,W,H, got '0,0'"),
        ErrorCase(input: "expect attr item 0:1 hidden == 1", line: 1, column: 32, message: "expected 'true' or 'false', got '1'"),
        ErrorCase(input: "expect attr item 0:1 hidden ~= true", line: 1, column: 29,
                  message: "operator '~=' cannot compare bools; use '==' or '!='"),
        ErrorCase(input: "expect attr item 0:1 y == big", line: 1, column: 27, message: "expected a number, got 'big'"),
        ErrorCase(input: "expect attr item 0:1 extra == --x", line: 1, column: 31, message: "expected a value, got '--x'"),
        ErrorCase(input: "expect visible 3", line: 1, column: 16, message: "expected 'count', got '3'"),
        ErrorCase(input: "expect visible count == -1", line: 1, column: 25,
                  message: "expected a count (a non-negative integer), got '-1'"),
        ErrorCase(input: "expect contentsize == 390", line: 1, column: 23, message: "expected a size W,H, got '390'"),
        ErrorCase(input: "expect offset >= 0,1", line: 1, column: 15, message: "operator '>=' cannot compare points; use '==', '!=' or '~='"),
        ErrorCase(input: "check except crash", line: 1, column: 14, message: "expected a kind of finding (fresh-layout, single-query, index-paths, context, warning), got 'crash'"),
        ErrorCase(input: "check except", line: 1, column: 13, message: "expected a kind of finding (fresh-layout, single-query, index-paths, context, warning) after 'check except'"),
        ErrorCase(input: "check everything", line: 1, column: 7, message: "expected 'except' and the kinds of finding to leave out, got 'everything'"),
        ErrorCase(input: "expect contentsize > 1,1", line: 1, column: 20,
                  message: "operator '>' cannot compare sizes; use '==', '!=' or '~='"),
        ErrorCase(input: "expect context everthing == true", line: 1, column: 16,
                  message: "expected 'contains', 'count' or a flag (everything, dataSourceCounts, flowDelegateMetrics, flowAttributes), got 'everthing'",
                  suggestion: "everything"),
        ErrorCase(input: "expect context everything ~= true", line: 1, column: 27,
                  message: "operator '~=' cannot compare bools; use '==' or '!='"),
        ErrorCase(input: "expect context contains", line: 1, column: 24,
                  message: "expected 'item', 'header', 'footer', 'supplementary' or 'decoration' after 'expect context contains'"),
        ErrorCase(input: "load", line: 1, column: 5, message: "expected a file path after 'load'"),
        ErrorCase(input: "include --x", line: 1, column: 9, message: "expected a file path, got '--x'"),
        ErrorCase(input: "save", line: 1, column: 5, message: "expected a file path after 'save'"),
        ErrorCase(input: "save --forse x.stk", line: 1, column: 6, message: "unknown flag '--forse' for 'save'", suggestion: "--force"),
        ErrorCase(input: "save a b", line: 1, column: 8, message: "unexpected extra argument 'b'"),
        ErrorCase(input: "help 3", line: 1, column: 6, message: "expected a command or layout name, got '3'"),
        ErrorCase(input: "help scroll by", line: 1, column: 13, message: "unexpected extra argument 'by'"),
        ErrorCase(input: "options 3", line: 1, column: 9, message: "expected a layout name, got '3'"),
        ErrorCase(input: "quit now", line: 1, column: 6, message: "unexpected extra argument 'now'"),
        // A continued command: the error is on the third physical line, after four spaces.
        ErrorCase(input: "layout flow-sticky \\\n    itemSize=100x44 \\\n    bogus", line: 3, column: 5,
                  message: "expected an option key=value, got 'bogus'"),
        // CRLF does not shift columns.
        ErrorCase(input: "visible\r\ninsert item 3\r\n", line: 2, column: 13, message: "expected an index path S:I, got '3'"),
        // Columns count characters, not bytes: "é" is one column.
        ErrorCase(input: "echo é é\nlayout \"é\" é", line: 2, column: 12, message: "expected an option key=value, got 'é'"),
    ])
    func parseErrorsAreLocated(_ error: ErrorCase) {
        let script = parse(error.input)
        let first = script.firstError
        #expect(first?.message == error.message)
        #expect(first?.suggestion == error.suggestion)
        #expect(first?.location?.range.start == SourceLocation(line: error.line, column: error.column))
        #expect(first?.location?.fileName == "t.stk")
    }

    @Test func nestedBatchAndTheEndsThatFollow() {
        let script = parse("batch\nbatch\nend\nend")
        #expect(script.diagnostics.map(\.message) == [
            "nested 'batch': a batch is already open; close it with 'end' first",
            "'end' without 'batch'",
        ])
        #expect(script.diagnostics.map(\.location!.range.start.line) == [2, 4])
        // The note points back at the batch that is open.
        #expect(script.diagnostics[0].notes.first?.location?.range == at(1, 1..<6))
        #expect(script.commands.isEmpty)
    }

    @Test func aBadCommandIsLeftOutAndParsingGoesOn() {
        let script = parse("visible\nbogus 1\ncontentsize; attr item x\nbatch\ndelete item 0\nend\ncontext")
        #expect(script.commands.map(\.description) == ["visible", "contentsize", "context"])
        #expect(script.diagnostics.map { $0.location!.range.start } == [
            SourceLocation(line: 2, column: 1),
            SourceLocation(line: 3, column: 24),
            SourceLocation(line: 5, column: 13),
        ])
        #expect(script.firstError?.message == "unknown command 'bogus'")
    }

    @Test func missingArgumentCarriesTheUsagesThatApply() {
        let error = parse("scroll to").firstError
        #expect(error?.notes.map(\.message) == ["usage: scroll to X,Y", "usage: scroll to item S:I [top|center|bottom]"])
        let extra = parse("contentsize now").firstError
        #expect(extra?.notes.map(\.message) == ["usage: contentsize"])
    }

    // MARK: Golden transcripts

    private let transcriptScript = """
    layout flow-sticky
    sections 3; visible
    #> 0:0
    #> ...

    contentsize
    # a comment
    #> orphan
    batch
      insert item 0:0
    end; context
      #> ctx
    """

    @Test func expectedOutputAttachesToTheCommandsAbove() {
        let script = parse(transcriptScript)
        #expect(script.commands.map(\.description) == [
            "layout flow-sticky", "sections 3", "visible", "contentsize", "batch\n  insert item 0:0\nend", "context",
        ])
        #expect(script.transcript == [
            TranscriptEntry(commands: 0..<1, sourceLines: 1...1, expected: [], blockLines: 2..<2),
            TranscriptEntry(commands: 1..<3, sourceLines: 2...2, expected: [
                ExpectedLine(text: "0:0", line: 3, isWildcard: false),
                ExpectedLine(text: "...", line: 4, isWildcard: true),
            ], blockLines: 3..<5),
            TranscriptEntry(commands: 3..<4, sourceLines: 6...6, expected: [], blockLines: 7..<7),
            TranscriptEntry(commands: 4..<6, sourceLines: 11...11, expected: [
                ExpectedLine(text: "ctx", line: 12, isWildcard: false),
            ], blockLines: 12..<13),
        ])
        // The #> line after a comment belongs to nothing: a warning, not an error.
        #expect(script.diagnostics.count == 1)
        #expect(script.diagnostics[0].severity == .warning)
        #expect(script.diagnostics[0].message == "'#>' line does not follow a command; it is ignored")
        #expect(script.diagnostics[0].location?.range == at(8, 1..<3))
        #expect(script.firstError == nil)
    }

    @Test func continuedCommandTakesTheBlockAfterItsLastLine() {
        let script = parse("layout flow \\\n  itemSize=1x1\n#> done\n")
        #expect(script.transcript == [
            TranscriptEntry(commands: 0..<1, sourceLines: 1...2,
                            expected: [ExpectedLine(text: "done", line: 3, isWildcard: false)], blockLines: 3..<4),
        ])
    }

    @Test func aFailedCommandStillOwnsItsBlock() {
        let script = parse("bogus\n#> x\n")
        #expect(script.transcript == [
            TranscriptEntry(commands: 0..<0, sourceLines: 1...1,
                            expected: [ExpectedLine(text: "x", line: 2, isWildcard: false)], blockLines: 2..<3),
        ])
        #expect(script.diagnostics.count == 1)
    }

    @Test func wildcardMatching() {
        func entry(_ lines: [String]) -> TranscriptEntry {
            TranscriptEntry(commands: 0..<1, sourceLines: 1...1,
                            expected: lines.enumerated().map { ExpectedLine(text: $1, line: $0 + 2, isWildcard: $1 == "...") },
                            blockLines: 2..<(2 + lines.count))
        }
        #expect(entry([]).matches([]))
        #expect(!entry([]).matches(["a"]))
        #expect(entry(["a", "b"]).matches(["a", "b"]))
        #expect(!entry(["a", "b"]).matches(["a", "b", "c"]))
        #expect(!entry(["a", "b"]).matches(["a", "c"]))
        #expect(entry(["..."]).matches([]))
        #expect(entry(["..."]).matches(["x", "y", "z"]))
        #expect(entry(["a", "...", "z"]).matches(["a", "z"]))
        #expect(entry(["a", "...", "z"]).matches(["a", "1", "2", "z"]))
        #expect(!entry(["a", "...", "z"]).matches(["a", "1", "2"]))
        #expect(entry(["...", "b", "...", "b"]).matches(["b", "b", "b"]))
        #expect(!entry(["...", "b", "...", "b"]).matches(["b"]))
    }

    @Test func rewritingKeepsEveryOtherByte() {
        let script = parse(transcriptScript)
        // No change: the same text, byte for byte.
        #expect(script.rewritingTranscript([:]) == transcriptScript)
        let rewritten = script.rewritingTranscript([0: ["flow-sticky chosen"], 1: [], 2: ["390x100", ""], 3: ["ctx", "more"]])
        #expect(rewritten == """
        layout flow-sticky
        #> flow-sticky chosen
        sections 3; visible

        contentsize
        #> 390x100
        #>
        # a comment
        #> orphan
        batch
          insert item 0:0
        end; context
          #> ctx
          #> more
        """)
        // The rewrite is itself a script whose blocks hold the new output.
        let reparsed = parse(rewritten)
        #expect(reparsed.transcript.map { $0.expected.map(\.text) } == [["flow-sticky chosen"], [], ["390x100", ""], ["ctx", "more"]])
    }

    @Test func rewritingKeepsAByteOrderMark() {
        let text = "\u{FEFF}visible\n#> a\n"
        let script = parse(text)
        #expect(script.rewritingTranscript([:]) == text)
        #expect(script.rewritingTranscript([0: ["b"]]) == "\u{FEFF}visible\n#> b\n")
    }

    @Test func rewritingKeepsCRLFAndAMissingFinalNewline() {
        let text = "  visible\r\n  #> old\r\ncontentsize"
        let script = parse(text)
        #expect(script.rewritingTranscript([:]) == text)
        #expect(script.rewritingTranscript([0: ["new"], 1: ["390x10"]]) == "  visible\r\n  #> new\r\ncontentsize\r\n#> 390x10")
    }

    // MARK: Incremental input (REPL)

    @Test(arguments: [
        ("", InputStatus.complete),
        ("visible", .complete),
        ("visible\n", .complete),
        ("layout flow \\", .needsMoreInput(.lineContinuation)),
        ("layout flow \\\n", .needsMoreInput(.lineContinuation)),
        ("layout flow \\\n  itemSize=1x1", .complete),
        ("echo a long \\", .needsMoreInput(.lineContinuation)),
        ("visible # not continued \\", .complete),
        ("batch", .needsMoreInput(.openBatch)),
        ("batch\ninsert item 0:0", .needsMoreInput(.openBatch)),
        ("batch\ninsert item 0:0\nend", .complete),
        ("batch; insert item 0:0; end", .complete),
        ("visible; batch", .needsMoreInput(.openBatch)),
        // Errors do not stop the wait for 'end'.
        ("batch\nbogus", .needsMoreInput(.openBatch)),
        ("batch\ninsert item 0:0 \\", .needsMoreInput(.lineContinuation)),
        ("end", .complete),
        ("include \"unterminated", .complete),
    ])
    func inputStatus(text: String, status: InputStatus) {
        #expect(Parser.inputStatus(of: text) == status)
    }

    // MARK: Properties over random input


    private static let fragments: [String] = CommandCatalog.verbs + [
        "lauout", "item", "section", "header", "footer", "to", "by", "count", "contains", "everything", "frame", "y",
        "hidden", "stretchFactor", "==", "~=", "<", "=", "0:1", "2:15", "3", "-3.5", "1,2", "1,2,3,4", "3,5,2", "100x44",
        "-1x2", "items=2", "steps=3", "width=40", "k=v", "k=", "a=\"q v\"", "\"str\"", "\"un", "\"e\\\"s\"", "--force",
        "--x", "#", "#>", "#> out", "#> ...", ";", ";", "\\", "\t", "default", "top", "on", "off", "true", "auto",
        "é", "…", "x\"y", "batch", "end", "batch", "end",
    ]

    /// Random scripts made of the language's own pieces never crash the
    /// parser, every diagnostic points inside the file, and every command
    /// it accepts prints in a canonical form that parses back to itself,
    /// as does the source text its range covers.
    @Test(arguments: 0..<300)
    func randomScriptsKeepTheParserHonest(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed)) // seeded: a failure replays exactly
        var text = ""
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            var line: [String] = []
            if Bool.random(using: &rng) {
                for _ in 0..<Int.random(in: 0...7, using: &rng) { line.append(Self.fragments.randomElement(using: &rng)!) }
            } else {
                // A real command, mutated a little: mostly valid input, near-valid the rest of the time.
                let example = CommandCatalog.commands.randomElement(using: &rng)!.examples.randomElement(using: &rng)!
                line = example.split(separator: " ").map(String.init)
                for _ in 0..<Int.random(in: 0...2, using: &rng) {
                    let at = Int.random(in: 0..<line.count, using: &rng)
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: line[at] = Self.fragments.randomElement(using: &rng)!
                    case 1 where line.count > 1: line.remove(at: at)
                    case 2: line.insert(Self.fragments.randomElement(using: &rng)!, at: at)
                    default: break
                    }
                }
            }
            text += line.joined(separator: Bool.random(using: &rng) ? " " : "  ")
            text += Int.random(in: 0..<4, using: &rng) == 0 ? "\r\n" : "\n"
        }
        let file = SourceFile(name: "fuzz.stk", text: text)
        let script = Parser.parse(file)
        for diagnostic in script.diagnostics {
            guard let location = diagnostic.location else {
                Issue.record("diagnostic without a location: \(diagnostic)")
                continue
            }
            let start = location.range.start
            let lineLength = file.line(start.line)?.count
            #expect(lineLength != nil, "\(diagnostic) in \(text.debugDescription)")
            #expect(start.column >= 1 && start.column <= (lineLength ?? 0) + 1, "\(diagnostic) in \(text.debugDescription)")
            #expect(location.range.start <= location.range.end)
        }
        for command in script.commands {
            let canonical = Parser.parse(SourceFile(name: "c", text: command.description))
            #expect(canonical.diagnostics.isEmpty, "\(command.description.debugDescription) from \(text.debugDescription)")
            #expect(canonical.commands.map(\.description) == [command.description])
            let written = file.text(in: command.range)
            let fromSource = Parser.parse(SourceFile(name: "c", text: written))
            #expect(fromSource.commands.map(\.description) == [command.description],
                    "\(written.debugDescription) from \(text.debugDescription)")
        }
        // Transcript entries are in order and name commands that exist.
        var previousEnd = 0
        for entry in script.transcript {
            #expect(entry.commands.lowerBound == previousEnd)
            previousEnd = entry.commands.upperBound
            #expect(entry.blockLines.lowerBound == entry.sourceLines.upperBound + 1)
        }
        #expect(previousEnd == script.commands.count)
        #expect(script.rewritingTranscript([:]) == text)
    }

    @Test func sourceTextOfACommand() {
        let text = "visible; layout g \\\n   a=1 # why\n"
        let script = parse(text)
        #expect(script.file.text(in: script.commands[1].range) == "layout g \\\n   a=1")
        #expect(script.file.text(in: script.commands[0].range) == "visible")
    }

    // MARK: Values for layout options

    @Test func optionValuesConvertByType() throws {
        #expect(try Value.size(CGSize(width: 100, height: 44)).layoutOptionValue(as: .size, allowsAutomatic: false)
                == .size(CGSize(width: 100, height: 44)))
        #expect(try Value.numbers([1, 2, 3, 4]).layoutOptionValue(as: .insets, allowsAutomatic: false)
                == .insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))
        #expect(try Value.bool(true).layoutOptionValue(as: .bool, allowsAutomatic: false) == .bool(true))
        #expect(try Value.number(2).layoutOptionValue(as: .integer, allowsAutomatic: false) == .number(2))
        #expect(try Value.word("lastItem").layoutOptionValue(as: .choice(["lastItem", "nextHeader"]), allowsAutomatic: false) == .word("lastItem"))
        #expect(try Value.automatic.layoutOptionValue(as: .number, allowsAutomatic: true) == .automatic)
        #expect(throws: ValueMismatch(expected: "a number", got: "auto")) {
            try Value.automatic.layoutOptionValue(as: .number, allowsAutomatic: false)
        }
        #expect(throws: ValueMismatch(expected: "an integer or auto", got: "1.5")) {
            try Value.number(1.5).layoutOptionValue(as: .integer, allowsAutomatic: true)
        }
        #expect(throws: ValueMismatch(expected: "a size WxH (not negative)", got: "3")) {
            try Value.number(3).layoutOptionValue(as: .size, allowsAutomatic: false)
        }
        #expect(throws: ValueMismatch(expected: "one of lastItem|sectionEnd|nextHeader", got: "nextheader", suggestion: "nextHeader")) {
            try Value.word("nextheader").layoutOptionValue(as: .choice(["lastItem", "sectionEnd", "nextHeader"]), allowsAutomatic: false)
        }
        #expect(ValueMismatch(expected: "a number", got: "x").description == "expected a number, got 'x'")
    }
}
