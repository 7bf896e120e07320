import Foundation
import Testing
@testable import SourceAdapter

/// The adapter on small sources, its rewritten text and its report checked
/// exactly. Positions are 1-based lines and UTF-8 columns of the input.
@Suite struct AdapterTests {
    /// A layout class declared in an extension is nested in the extended
    /// type, as one declared in the type's body is: both are registered, and
    /// made by their qualified names.
    @Test func aLayoutClassInAnExtensionIsFoundAsANestedType() {
        let source = """
            import UIKit

            enum Layouts {
                final class Sticky: UICollectionViewFlowLayout {}
            }

            extension Layouts {
                final class Plain: UICollectionViewFlowLayout {}
            }
            """
        let output = adapt([("Layouts.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["sticky", "plain"])
        let registration = output.files.map(\.text).joined()
        #expect(registration.contains("Layouts.Sticky()") && registration.contains("Layouts.Plain()"), "\(registration)")
    }

    @Test func objcAttributesAndDynamicBecomeSpacesAndKeepColumns() {
        let source = """
            import UIKit
            @objcMembers class L: UICollectionViewLayout {
                @IBInspectable dynamic var gap: CGFloat = 4
            }
            """
        let output = adapt([("L.swift", source)])
        #expect(body(output) == """
            import UIKit
                         class L: UICollectionViewLayout {
                                       var gap: CGFloat = 4
            }
            """)
        // Columns: `var` stays at column 36 of line 3, `class` at 14 of line 2.
        #expect(output.report.notes.map(\.description) == [
            "L.swift:2:1: removed @objcMembers: Linux Swift has no Objective-C runtime",
            "L.swift:3:5: removed @IBInspectable: Linux Swift has no Objective-C runtime",
            "L.swift:3:20: removed 'dynamic': Linux Swift has no Objective-C message dispatch",
        ])
        #expect(output.report.errors.isEmpty)
    }

    @Test func optionalCallsArePlainAndStayOptionalWhereNeeded() {
        let source = """
            import UIKit
            @objc protocol D: AnyObject {
                @objc optional func height(at i: Int) -> CGFloat
                @objc optional func done()
            }
            class L: UICollectionViewLayout {
                weak var d: D?
                var handler: ((Int) -> Void)?
                func f(_ e: D) -> CGFloat {
                    let a = d?.height?(at: 1) ?? 1
                    let b = e.height?(at: 2) ?? 2
                    e.done?()
                    handler?(3)
                    return a + b
                }
            }
            """
        let output = adapt([("L.swift", source)])
        let text = body(output)
        // The `?` becomes a space, and the chain is wrapped: nil when the
        // conformer does not implement the method (its default says so), as
        // on iOS, so that `?? 1` picks the fallback, an earlier `?` or not.
        // The chain keeps its line and columns, on lines of its own.
        #expect(text.contains("""
                    let a = \("")
            __stkOptionalCall({
            #sourceLocation(file: "L.swift", line: 10)
                            d?.height (at: 1)
            #sourceLocation(file: "L.swift", line: 10)
            })\(String(repeating: " ", count: 31)) ?? 1

            """), "\(text)")
        #expect(text.contains("""
                    let b = \("")
            __stkOptionalCall({
            #sourceLocation(file: "L.swift", line: 11)
                            e.height (at: 2)
            #sourceLocation(file: "L.swift", line: 11)
            })\(String(repeating: " ", count: 30)) ?? 2

            """), "\(text)")
        // A statement: nothing to keep optional.
        #expect(text.contains("        e.done ()\n"))
        // A closure property called with `?(` is ordinary Swift: unchanged.
        #expect(text.contains("        handler?(3)\n"))
        // The requirements get default implementations after the user's text.
        #expect(output.files[0].text.contains("""
            extension D {
                func height(at i: Int) -> CGFloat { __stkOptionalDefault(); return 0 }
                func done() { __stkOptionalDefault(); }
            }
            """))
    }

    /// Where a line break cannot go: inside a string literal the wrapped
    /// chain stays on its line, and a prefix operator touches the wrapper.
    @Test func optionalCallsInStringsAndAfterPrefixOperatorsKeepTheirOpening() {
        let source = """
            import UIKit
            @objc protocol D: AnyObject {
                @objc optional func name() -> String
                @objc optional func gap() -> CGFloat
            }
            class L: UICollectionViewLayout {
                weak var d: D?
                func f() -> String { "gap \\(d?.name?() ?? "none")" }
                func g() -> CGFloat { -(d?.gap?() ?? 0) + -d!.gap?()! }
            }
            """
        let text = body(adapt([("L.swift", source)]))
        #expect(text.contains("""
                func f() -> String { "gap \\(__stkOptionalCall({ d?.name () }) ?? "none")" }

            """), "\(text)")
        #expect(text.contains("""
                func g() -> CGFloat { -(\("")
            __stkOptionalCall({
            #sourceLocation(file: "L.swift", line: 9)
            \(String(repeating: " ", count: 28))d?.gap ()
            #sourceLocation(file: "L.swift", line: 9)
            })\(String(repeating: " ", count: 35)) ?? 0) + -__stkOptionalCall({
            #sourceLocation(file: "L.swift", line: 9)
            \(String(repeating: " ", count: 47))d!.gap ()!
            #sourceLocation(file: "L.swift", line: 9)
            })\(String(repeating: " ", count: 55)) }

            """), "\(text)")
    }

    /// UIKit's optional requirements a layout calls on the data source and
    /// the delegate: plain calls on stk's protocols, whose defaults exist.
    @Test func uikitsOptionalRequirementsArePlainCalls() {
        let source = """
            import UIKit
            class L: UICollectionViewLayout {
                func f(_ cv: UICollectionView) -> Int {
                    let n = cv.dataSource?.numberOfSections?(in: cv) ?? 1
                    return n
                }
            }
            """
        let text = body(adapt([("L.swift", source)]))
        #expect(text.contains("""
                    let n = \("")
            __stkOptionalCall({
            #sourceLocation(file: "L.swift", line: 4)
                            cv.dataSource?.numberOfSections (in: cv)
            #sourceLocation(file: "L.swift", line: 4)
            })\(String(repeating: " ", count: 54)) ?? 1

            """), "\(text)")
    }

    @Test func defaultBodiesAreTheEmptyValueOfTheirType() {
        let source = """
            import UIKit
            @objc protocol P {
                @objc optional func a() -> CGSize
                @objc optional func b() -> Int?
                @objc optional func c() -> [IndexPath]
                @objc optional func d() -> Bool
            }
            class L: UICollectionViewLayout {}
            """
        let text = adapt([("P.swift", source)]).files[0].text
        #expect(text.contains("func a() -> CGSize { __stkOptionalDefault(); return .zero }"))
        #expect(text.contains("func b() -> Int? { __stkOptionalDefault(); return nil }"))
        #expect(text.contains("func c() -> [IndexPath] { __stkOptionalDefault(); return [] }"))
        #expect(text.contains("func d() -> Bool { __stkOptionalDefault(); return false }"))
    }

    @Test func overridesInAnExtensionMoveIntoTheClassWithTheirLines() {
        let source = """
            import UIKit
            class L: UICollectionViewFlowLayout {
                var x = 1
            }

            extension L {
                override func prepare() {
                    super.prepare()
                }
            }
            """
        let output = adapt([("L.swift", source)])
        let text = body(output)
        // Inserted before the class's closing brace (line 4), marked with the
        // member's own place (line 7, column 5), then back to line 4.
        #expect(text.contains("""
                var x = 1
            #sourceLocation(file: "L.swift", line: 7)
                override func prepare() {
                    super.prepare()
                }
            #sourceLocation(file: "L.swift", line: 4)
            }
            """))
        // The extension keeps its lines, emptied.
        #expect(text.hasSuffix("extension L {\n                             \n                       \n     \n}"))
        #expect(output.report.notes.map(\.description) == [
            "L.swift:7:5: moved 'prepare' from this extension into class L: Linux Swift cannot override members declared in extensions",
        ])
    }

    @Test func overridesMoveAcrossFiles() {
        let output = adapt([
            ("A.swift", "import UIKit\nclass L: UICollectionViewLayout {\n}\n"),
            ("B.swift", "import UIKit\nextension L {\n    override func prepare() {}\n}\n"),
        ])
        #expect(body(output, 0).contains("#sourceLocation(file: \"B.swift\", line: 3)\n    override func prepare() {}\n#sourceLocation(file: \"A.swift\", line: 3)\n}"))
        #expect(!body(output, 1).contains("override"))
    }

    @Test func aFileWithoutUIKitGetsTheImport() {
        let output = adapt([("A.swift", "class L: UICollectionViewLayout {}\n"),
                            ("B.swift", "import StkUIKit\nclass M: UICollectionViewLayout {}\n")])
        #expect(output.files[0].text.hasPrefix("import UIKit\n#sourceLocation(file: \"A.swift\", line: 1)\n"))
        #expect(output.files[1].text.hasPrefix("#sourceLocation(file: \"B.swift\", line: 1)\n"))
        #expect(output.report.notes.map(\.description) == [
            "A.swift:1:1: added 'import UIKit': the file has no import (on iOS a framework's umbrella header brings UIKit)",
        ])
    }

    @Test func layoutsAreFoundDirectlyAndThroughOtherClasses() {
        let output = adapt([("L.swift", """
            import UIKit
            class Base: UIKit.UICollectionViewFlowLayout {}
            final class Derived: Base {}
            class Plain: UICollectionViewLayout {}
            class Generic<T>: UICollectionViewLayout {}
            class NotALayout: NSObject {}
            """)])
        #expect(output.report.layouts.map { "\($0.name) \($0.className) flow=\($0.isFlow)" } == [
            "base Base flow=true", "derived Derived flow=true", "plain Plain flow=false",
        ])
        #expect(output.files.last?.name == "StkPluginEntryPoint.swift")
    }

    @Test func settablePropertiesOfKnownTypesBecomeOptions() {
        let output = adapt([("L.swift", """
            import UIKit
            enum Style { case a, b }
            class Base: UICollectionViewLayout {
                var inherited = 2.5
            }
            class L: Base {
                var count = 3
                var on = true
                var size = CGSize(width: 1, height: 2)
                var gap: CGFloat = 4
                var insets: UIEdgeInsets = .zero
                var origin: CGPoint = .zero
                var style: Style = .a
                var optional: Int? = nil
                let constant = 1
                private var hidden = 1
                private(set) var readOnly = 1
                static var shared = 1
                weak var delegate: AnyObject?
                var computed: Int { 1 }
                override var collectionViewContentSize: CGSize { .zero }
                var name = "text"
            }
            """)])
        let layout = output.report.layouts.first { $0.className == "L" }
        #expect(layout?.options == ["count", "on", "size", "gap", "insets", "origin", "style", "optional", "inherited"])
        let registration = output.files[0].text
        // An optional number: nil is `auto`.
        #expect(registration.contains(#"LayoutOption(name: "optional", type: .integer, defaultValue: { () -> LayoutOptionValue in guard let value = probe.optional else { return .automatic }; return .number(Double(value)) }(), allowsAutomatic: true"#), "\(registration)")
        #expect(registration.contains(#"if value == .automatic || value == .word("auto") { layout.optional = nil } else {"#), "\(registration)")
        #expect(registration.contains(#"LayoutOption(name: "style", type: .choice(["a", "b"]), defaultValue: { () -> LayoutOptionValue in switch probe.style { case .a: return .word("a"); case .b: return .word("b") } }()"#))
        // A plain stored property: stk invalidates after setting it.
        #expect(registration.contains("layout.count = converted\n                    layout.invalidateLayout()\n"))
    }

    /// A base layout whose subclasses are the layouts, with a method that
    /// only traps ("override in a subclass"), is not registered: stk would
    /// make it, and crash, as it loads. A trapping method alone, without
    /// subclasses, is the layout's own business.
    @Test func anAbstractBaseLayoutIsNotRegistered() {
        let output = adapt([("Layouts.swift", """
            import UIKit
            class BaseLayout: UICollectionViewLayout {
                func columnCount() -> Int { fatalError("subclasses must override columnCount()") }
            }
            final class TwoColumns: BaseLayout {
                override func columnCount() -> Int { 2 }
            }
            final class Lonely: UICollectionViewLayout {
                func unsupported() { fatalError("not supported") }
            }
            class Refusing: UICollectionViewLayout {
                func move() { fatalError("moving is not supported") }
            }
            final class Stricter: Refusing {}
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        // Refusing's trap is its own refusal, which no subclass overrides: a layout.
        #expect(output.report.layouts.map(\.name) == ["two-columns", "lonely", "refusing", "stricter"])
        #expect(output.report.notes.map(\.description).contains(
            "Layouts.swift:2:7: layout class BaseLayout is not registered: its columnCount() only calls fatalError(...), so it is abstract; its subclasses are the layouts"))
    }

    @Test func aLayoutWithoutAnInitStkCanCallIsAnError() {
        let output = adapt([("L.swift", """
            import UIKit
            class Columns: UICollectionViewLayout {
                init(columns: Int) { super.init() }
                required init?(coder: NSCoder) { fatalError() }
            }
            class Fine: UICollectionViewLayout {
                convenience init(x: Int) { self.init() }
            }
            class AlsoFine: UICollectionViewLayout {
                init(columns: Int) { super.init() }
                convenience override init() { self.init(columns: 2) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)])
        #expect(output.report.errors.map(\.description) == [
            "L.swift:2:7: layout class Columns has no init() that stk can call (its initialisers: init(columns:), init?(coder:)); add one, e.g. `convenience init() { self.init(...) }`, or `override init() { super.init() }` next to `init?(coder:)`",
        ])
        #expect(output.report.layouts.map(\.className) == ["Fine", "AlsoFine"])
    }

    /// The error's own advice, written as an extension in a file beside the
    /// layout (a TV guide layout whose only initialiser takes its delegate):
    /// the layout is registered, and the extension's init is kept.
    @Test func anInitWrittenInAnExtensionIsCallable() {
        let output = adapt([("ScheduleLayout.swift", """
            import UIKit

            protocol ScheduleLayoutDelegate: AnyObject {
                func rowHeight() -> CGFloat
            }

            class ScheduleLayout: UICollectionViewLayout {
                private weak var delegate: ScheduleLayoutDelegate?
                init(delegate: ScheduleLayoutDelegate) {
                    self.delegate = delegate
                    super.init()
                }
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }
            """), ("FixedRows.swift", """
            import UIKit

            final class FixedRows: ScheduleLayoutDelegate {
                static let shared = FixedRows()
                func rowHeight() -> CGFloat { 75 }
            }

            extension ScheduleLayout {
                convenience init() { self.init(delegate: FixedRows.shared) }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.className) == ["ScheduleLayout"])
        #expect(output.files[1].text.contains("    convenience init() { self.init(delegate: FixedRows.shared) }"), "\(output.files[1].text)")
    }

    /// A file of a multi-platform app wrapped in `#if os(iOS)`: the compiler
    /// on Linux left it all out, and the registration named a class that
    /// was not there (at a line past the file's end), after a note that the
    /// file had no import. `os(iOS)` reads true, other platforms false, in
    /// the same columns; the import inside counts.
    @Test func platformConditionsReadAsIOS() {
        let source = """
            #if os(iOS) || os(visionOS)
            import UIKit

            final class SettingsLayout: UICollectionViewFlowLayout {
                override init() {
                    super.init()
                    itemSize = CGSize(width: 100, height: 44)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            #elseif os(macOS)
            import AppKit
            #endif
            """
        let output = adapt([("SettingsLayout.swift", source)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.className) == ["SettingsLayout"])
        let text = output.files[0].text
        #expect(text.contains("#if true    || false       \n"), "\(text)")
        #expect(text.contains("#elseif false    \n"), "\(text)")
        let notes = output.report.notes.map(\.description)
        #expect(notes.contains("SettingsLayout.swift:1:5: read os(iOS) as true: stk runs the code as iOS does"), "\(notes)")
        #expect(!notes.contains { $0.contains("added 'import UIKit'") }, "\(notes)")
    }

    @Test func twoClassesWithOneNameAndNoLayoutAtAllAreErrors() {
        let twice = adapt([("A.swift", "import UIKit\nclass HTMLLayout: UICollectionViewLayout {}\nclass HtmlLayout: UICollectionViewLayout {}\n")])
        #expect(twice.report.errors.map(\.description) == [
            "A.swift:3:7: classes HTMLLayout (A.swift:2:7) and HtmlLayout both give the layout name 'html-layout'; rename one of them",
        ])
        let none = adapt([("A.swift", "import UIKit\nstruct S {}\n")])
        #expect(none.report.errors.map(\.description) == [
            "A.swift:1:1: no layout class found: stk looks for classes that inherit from UICollectionViewLayout or UICollectionViewFlowLayout (directly or through other classes in these files)",
        ])
    }

    @Test func aHandWrittenEntryPointIsKept() {
        let output = adapt([("P.swift", """
            import StkUIKit
            final class Z: UICollectionViewFlowLayout {}
            @_cdecl("stk_plugin_register")
            public func register(_ r: UnsafeMutableRawPointer?) -> Int32 { 0 }
            """)])
        #expect(output.report.hasOwnEntryPoint)
        #expect(output.files.map(\.name) == ["0-P.swift", "StkTrapLocations.swift"])
        #expect(!output.files[0].text.contains("__stkLayouts"))
    }

    /// The standard library's traps are declared again in the plugin's
    /// module, passing `#file` (the user's path, by `#sourceLocation`) where
    /// Swift's pass `#fileID` (the module's name and the copy's); a name the
    /// sources declare at the top level themselves is left to them.
    @Test func trapsNameTheUsersFile() throws {
        let output = adapt([("Layouts/P.swift", "import UIKit\nfinal class Z: UICollectionViewFlowLayout {}\n")])
        let traps = try #require(output.files.first { $0.name == "StkTrapLocations.swift" }).text
        for name in ["fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure"] {
            #expect(traps.contains("@_transparent\nfunc \(name)("), "\(name)")
            #expect(traps.contains("    Swift.\(name)("), "\(name)")
        }
        #expect(traps.components(separatedBy: "file: StaticString = #file, line: UInt = #line").count == 6)
        let own = adapt([("P.swift", "import UIKit\nfinal class Z: UICollectionViewFlowLayout {}\nfunc fatalError(_ s: String) -> Never { exit(1) }\n")])
        let kept = try #require(own.files.first { $0.name == "StkTrapLocations.swift" }).text
        #expect(!kept.contains("func fatalError(") && kept.contains("func precondition("))
    }
}

/// An override declared in an extension in another file than its class
/// moves into the class (Linux Swift cannot override from an extension); the
/// `fileprivate` helpers it uses, left in the extension, become internal so
/// that it still reaches them.
@Suite struct MovedOverrideReachTests {
    @Test func helpersOfAnOverrideMovedToAnotherFileBecomeInternal() {
        let output = adapt([("Attributes.swift", """
            import UIKit
            final class StickyAttributes: UICollectionViewLayoutAttributes {
                var isSticky = false
            }
            """), ("Layout.swift", """
            import UIKit
            final class StickyLayout: UICollectionViewFlowLayout {}
            extension StickyAttributes {
              override var debugDescription: String {
                "<StickyAttributes> valid: \\(isValid)"
              }
              fileprivate var isValid: Bool { zIndex == 1 }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(body(output, 1).contains("              var isValid: Bool { zIndex == 1 }"), "\(body(output, 1))")
        #expect(body(output, 0).contains("override var debugDescription: String {"), "\(body(output, 0))")
        #expect(output.report.notes.map(\.description).contains(
            "Layout.swift:7:3: made 'isValid' internal instead of fileprivate: a member moved from this extension into its class's file uses what the extension declares"),
            "\(output.report.notes)")
    }
}
