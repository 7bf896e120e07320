import Builtins
import Foundation
import LayoutKit
import StkScript
import Testing
@testable import StkRender

/// A session of the built-in layouts that ran `text` (which must succeed),
/// its interpreter and what it printed: the picture tests draw from it.
func pictureSession(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (Session, Interpreter, OutputBuffer) {
    try BuiltinLayouts.register()
    let session = try Session()
    let output = OutputBuffer()
    let interpreter = Interpreter(session: session, output: output)
    ScriptRunner(interpreter: interpreter).run(text: text, name: "<test>")
    #expect(interpreter.status == .success, "\(output.diagnostics)", sourceLocation: sourceLocation)
    return (session, interpreter, output)
}

/// Hand-built attributes for the render tests.
func cell(_ section: Int, _ item: Int, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CollectionViewLayoutAttributes {
    let a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
    a.frame = CGRect(x: x, y: y, width: w, height: h)
    return a
}

func header(_ section: Int, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat,
            zIndex: Int = 1, alpha: CGFloat = 1, hidden: Bool = false, pinned: Bool = false) -> CollectionViewLayoutAttributes {
    supplementary(ElementKind.sectionHeader, section, x, y, w, h, zIndex: zIndex, alpha: alpha, hidden: hidden, pinned: pinned)
}

func footer(_ section: Int, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, zIndex: Int = 1) -> CollectionViewLayoutAttributes {
    supplementary(ElementKind.sectionFooter, section, x, y, w, h, zIndex: zIndex)
}

func supplementary(_ kind: String, _ section: Int, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, item: Int = 0,
                   zIndex: Int = 1, alpha: CGFloat = 1, hidden: Bool = false, pinned: Bool = false) -> CollectionViewLayoutAttributes {
    let a = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: item, section: section))
    a.frame = CGRect(x: x, y: y, width: w, height: h)
    a.zIndex = zIndex
    a.alpha = alpha
    a.isHidden = hidden
    a.isPinned = pinned
    return a
}


/// Runs `script` in a session of the built-in layouts and `layout`,
/// registered as `name` (a layout a test writes to show one behaviour); the
/// script may fail. Returns the output and the interpreter, for its status.
func runScript(_ script: String, withTestLayout name: String, _ layout: @escaping () -> CollectionViewLayout) throws -> (OutputBuffer, Interpreter) {
    try BuiltinLayouts.register()
    try? LayoutRegistry.shared.register(LayoutDescriptor(
        name: name, summary: "a test's layout", options: [],
        makeAnyLayout: layout, setOption: { _, _, _ in }, optionValue: { _, _ in nil }), origin: "test")
    let output = OutputBuffer()
    let interpreter = Interpreter(session: try Session(), output: output)
    ScriptRunner(interpreter: interpreter).run(text: script, name: "<test>")
    return (output, interpreter)
}
