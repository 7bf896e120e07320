import SwiftParser
import SwiftSyntax

/// Adapts a set of Swift files written for iOS so that they compile against
/// stk's UIKit modules, and writes the code that registers their layouts:
/// layout classes, and layout functions (a view controller's
/// `createLayout()`, see LayoutFunctionDiscovery).
///
///     let output = SourceAdapter.adapt([SourceInput(path: "StickyGrid.swift", text: ...)])
///
/// Every rewritten file starts with `#sourceLocation(file: <its path>, line: 1)`:
/// the compiler reports errors at the user's own lines. Nothing is changed
/// that compiles as it is, except around layout functions, whose view code
/// is left out of the compiled copy (see Pruning); lines and columns stay.
public enum SourceAdapter {
    /// The version of the adapter's output: part of stk's cache key, so that a
    /// new adapter rebuilds plugins built by an older one (3: layout functions,
    /// whose registration a file beside a layout class may now add; 8: traps
    /// name the user's file, see Registration.trapLocations; 9: layout
    /// functions returning the flow layout or a layout class of the sources;
    /// 10: a static layout function's flow delegate is kept with its layout;
    /// 11: and the adopter of a delegate protocol of the sources).
    public static let version = "77"

    /// UIKit's layout base classes, by every name a layout may inherit from.
    static let layoutBases: Set<String> = ["UICollectionViewLayout", "CollectionViewLayout"]
    static let flowBases: Set<String> = ["UICollectionViewFlowLayout", "CollectionViewFlowLayout"]
    static let compositionalBases: Set<String> = ["UICollectionViewCompositionalLayout", "CollectionViewCompositionalLayout"]

    /// Modules that bring UIKit's names: a file importing none of them gets `import UIKit`.
    static let uikitModules: Set<String> = ["UIKit", "StkUIKit"]

    /// Adapts `inputs` together (a class, its extensions and its layout
    /// functions may be in different files): the adapted files, the generated
    /// registration, and the report. The steps run in this order, and it is
    /// the order of the report's notes and errors.
    public static func adapt(_ inputs: [SourceInput], compilerErrors: [AdapterMessage] = []) -> AdapterOutput {
        // One screen of an app's folder that cannot be compiled (a property
        // its flow delegate reads has no value without the screen's own
        // initialiser, or the code stk keeps for it does not compile: the
        // compiler's errors of an earlier try) must not stop the others
        // loading: its layouts are left out, with a note saying why, and the
        // sources adapted again without them. Errors anywhere else, or in
        // the only screen there is, stay errors.
        var skipped: [String: [AdapterMessage]] = [:] // screen (qualified type) -> why
        var failures = compilerErrors
        while true {
            var (output, screens) = adaptOnce(inputs, skipping: Set(skipped.keys))
            failures += output.report.errors
            let failing = failures.map { Screen.innermost(holding: $0.position, among: screens) }
            let leftOut = Set(failing.compactMap { $0 }.flatMap(\.layoutNames))
            // Each try leaves out a screen more, or it is the last.
            guard !failures.isEmpty, !failing.contains(where: { $0 == nil || skipped[$0!.typeName] != nil }),
                  output.report.layouts.count > leftOut.count, skipped.count < 16 else {
                output.report.skipped = skipped.keys.sorted().flatMap { skipped[$0]! }
                return output
            }
            for (failure, screen) in zip(failures, failing.compactMap { $0 }) {
                let names = screen.layoutNames.map { "'\($0)'" }.joined(separator: ", ")
                let what = screen.layoutNames.isEmpty
                    ? "left out what \(screen.simpleName) keeps for its layout conformances (it registers no layout here)"
                    : "did not register \(names) (\(screen.simpleName))"
                skipped[screen.typeName, default: []].append(AdapterMessage(failure.position,
                    "\(what), so that the other layouts of these sources load: \(failure.message)"))
            }
            failures = []
        }
    }

    /// One adaptation of the sources, without the layouts of the screens
    /// `skipping` names; and the screens it registers, to place an error in.
    private static func adaptOnce(_ inputs: [SourceInput], skipping: Set<String>) -> (AdapterOutput, [Screen]) {
        var adaptation = Adaptation(inputs, skipping: skipping)
        // A layout property set up in the type's methods (`layout.itemSize =
        // ...` in viewDidLoad()) is registered with that set-up; a layout a
        // type builds and installs where stk cannot call it (in viewDidLoad())
        // is made into a function it can, for each type that has no layout
        // function of its own (an app's folder: every screen). The sources
        // with those functions are adapted instead.
        var sources = InstalledLayout.Sources(trees: adaptation.trees, paths: inputs.map(\.path), converters: adaptation.converters,
                                              layoutClassNames: adaptation.layouts.layoutClassNames,
                                              callsNeedingArguments: adaptation.functions?.callsNeedingArguments ?? [],
                                              unmadeLayoutClasses: Set(adaptation.layouts.withoutArgumentFreeInit.map(\.name)),
                                              viewControllers: Set(adaptation.index.types.values.filter {
                                                  Pruning.isViewController($0, index: adaptation.index)
                                              }.map(\.qualifiedName)))
        sources.initialLayouts = InitialLayout.find(in: sources, flowLayoutClasses: Set(adaptation.layouts.found.filter(\.isFlow).map(\.info.name)),
                                                    index: adaptation.index)
        var installed = InstalledLayout.setUp(adaptation.registered, in: sources)
        if adaptation.mayInstallLayouts {
            // Not for a type that has a layout of its own, is a layout, or is left out.
            let excluded = Set(adaptation.registered.compactMap(\.owner)).union(skipping).union(adaptation.layouts.layoutClassNames)
            installed += InstalledLayout.find(in: sources).filter { !excluded.contains($0.typeName) && adaptation.mayInstall($0) }
            // Screens that inherit a layout: from a superclass's installed
            // layout or its layout function (an instance one, called on the screen).
            var bases = installed.filter { $0.replacedProperty == nil }.map { layout in
                (typeName: layout.typeName, call: InstalledLayout.functionName + "()", path: inputs[layout.file].path, lines: layout.lines)
            }
            bases += adaptation.registered.compactMap { function in
                guard let owner = function.owner, function.ownerIsUserType, !function.isStatic, !function.needsVariable else { return nil }
                return (typeName: owner, call: function.call, path: inputs[function.fileIndex].path, lines: [function.position.line])
            }
            // A screen's initialiser that hands a layout of the sources to
            // UIKit (`super.init(collectionViewLayout: SnappingLayout())`).
            bases += sources.initialLayouts.filter { $0.key == $0.value.typeName }.sorted { $0.key < $1.key }.map { _, layout in
                (typeName: layout.typeName, call: layout.call, path: inputs[layout.file].path, lines: [layout.line])
            }
            installed += InstalledLayout.inherited(from: bases, index: adaptation.index, excluding: excluded, in: sources)
            // Screens whose flow layout only a storyboard makes, when the
            // sources make no layout beside them that they could be showing.
            installed += InstalledLayout.storyboardFlowLayouts(index: adaptation.index, excluding: excluded.union(installed.map(\.typeName)),
                                                               in: sources)
        }
        if !installed.isEmpty {
            var extended = inputs
            for layout in installed { extended[layout.file].text += layout.text }
            adaptation = Adaptation(extended, installed: installed, skipping: skipping)
        }
        adaptation.makeInlineEdits()
        adaptation.moveExtensionMembersIntoClasses()
        adaptation.reportLayouts()
        return (adaptation.output(), adaptation.screens)
    }

    /// A type whose layout functions stk registers (a view controller: one
    /// screen of an app), or another view controller it keeps in part (its
    /// flow delegate), and the lines of its declaration and extensions.
    struct Screen {
        var typeName: String
        var simpleName: String
        var layoutNames: [String]
        /// File path, first and last line.
        var spans: [(file: String, lines: ClosedRange<Int>)]

        /// The lines of the innermost span holding `position`, if one does.
        func linesHolding(_ position: SourcePosition) -> Int? {
            spans.filter { $0.file == position.file && $0.lines.contains(position.line) }.map(\.lines.count).min()
        }

        /// The screen whose declaration holds `position` most closely (a
        /// screen's type may be nested in another's).
        static func innermost(holding position: SourcePosition, among screens: [Screen]) -> Screen? {
            screens.compactMap { screen in screen.linesHolding(position).map { (screen, $0) } }.min { $0.1 < $1.1 }?.0
        }
    }

    /// `extension P { <requirement> <empty body> ... }` for the optional
    /// requirements of one protocol.
    static func defaultImplementations(_ proto: OptionalProtocolInfo, edits: [Edit], bytes: [UInt8]) -> String {
        var members: [String] = []
        for member in proto.node.memberBlock.members {
            guard let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                  modifiers.contains(where: { $0.name.text == "optional" }) else { continue }
            let start = member.decl.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = member.decl.endPositionBeforeTrailingTrivia.utf8Offset
            let signature = apply(edits, to: bytes, in: start..<end)
                .split(separator: "\n").map { String($0).trimmingCharacters(in: " ") }.joined(separator: " ")
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                members.append("    " + collapseSpaces(signature) + " " + defaultBody(returning: function.signature.returnClause?.type))
            } else if let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                      let name = binding.pattern.as(IdentifierPatternSyntax.self), let type = binding.typeAnnotation?.type {
                members.append("    var \(name.identifier.text): \(type.trimmedDescription) \(defaultBody(returning: type))")
            }
        }
        return "\n// stk: default implementations of \(proto.name)'s optional requirements\nextension \(proto.name) {\n"
            + members.joined(separator: "\n") + "\n}\n"
    }

    /// Whether an edit overlaps one of `others`, an insertion counting when
    /// it falls strictly inside (the pruning's edits win over inline ones).
    static func overlaps(_ edit: Edit, _ others: [Edit]) -> Bool {
        others.contains { other in
            if other.start == other.end { return edit.start < other.start && other.start < edit.end }
            if edit.start == edit.end { return other.start < edit.start && edit.start < other.end }
            return other.start < edit.end && edit.start < other.end
        }
    }

    /// Whether a file names a collection view type (`UICollectionView...`,
    /// `NSCollectionLayout...`, LayoutKit's `CollectionView...`).
    static func mentionsCollectionViews(_ tree: SourceFileSyntax) -> Bool {
        tree.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            return name.hasPrefix("UICollection") || name.hasPrefix("NSCollectionLayout") || name.hasPrefix("CollectionView")
        }
    }

    /// `import NAME` as written, with no attribute and no kind (`import struct Foundation.Date` stays).
    static func isPlainImport(_ decl: ImportDeclSyntax, of module: String) -> Bool {
        decl.attributes.isEmpty && decl.importKindSpecifier == nil && decl.path.count == 1 && decl.path.first?.name.text == module
    }

    /// `s` with runs of spaces made one, and no space at either end: a
    /// requirement's signature joined from its lines.
    static func collapseSpaces(_ s: String) -> String {
        var out = ""
        for c in s where !(c == " " && out.last == " ") { out.append(c) }
        return out.trimmingCharacters(in: " ")
    }

    /// The last component of a path: an adapted file's name after its index.
    static func baseName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}

/// One run of `SourceAdapter.adapt`: the parsed inputs, what was found in
/// them, and the edits and report as they are built. `adapt` calls its steps
/// in order; each appends to the report, so the order of the steps (and of
/// the appends in each) is the order of the notes and errors the user reads.
private struct Adaptation {
    let inputs: [SourceInput]
    let trees: [SourceFileSyntax]
    let converters: [SourceLocationConverter]
    /// Each input's UTF-8 text: edits are byte offsets into it.
    let bytes: [[UInt8]]
    /// A syntax position of file N as the user's file, line and column.
    let position: (Int, AbsolutePosition) -> SourcePosition
    let declarations: Declarations
    /// The layout classes, without the candidate options whose types the
    /// pruning strips.
    let layouts: LayoutDiscovery
    /// The layout functions (those a view controller's `createLayout()` is);
    /// nil when the sources register their layouts themselves.
    let functions: LayoutFunctionDiscovery?
    /// The layout functions stk registers.
    let registered: [LayoutFunction]
    /// The view code around layout functions, left out of the compiled copy.
    let pruning: Pruning
    let index: TypeIndex

    var report = AdapterReport()
    /// Per file: the edits that turn its text into the adapted text.
    var edits: [[Edit]] = []

    /// Parses the inputs, collects their declarations, and finds the layouts
    /// and what to prune around layout functions: nothing is edited yet.
    init(_ inputs: [SourceInput], installed: [InstalledLayout] = [], skipping: Set<String> = []) {
        self.inputs = inputs
        let trees = inputs.map { Parser.parse(source: $0.text) }
        self.trees = trees
        let converters = zip(inputs, trees).map { SourceLocationConverter(fileName: $0.path, tree: $1) }
        self.converters = converters
        let position = { (file: Int, at: AbsolutePosition) -> SourcePosition in
            let l = converters[file].location(for: at)
            return SourcePosition(file: inputs[file].path, line: l.line, column: l.column)
        }
        self.position = position
        let declarations = Self.collectDeclarations(trees)
        self.declarations = declarations
        report.hasOwnEntryPoint = declarations.hasOwnEntryPoint
        let bytes = inputs.map { Array($0.text.utf8) }
        self.bytes = bytes

        let index = TypeIndex(trees: trees)
        var layouts = LayoutDiscovery(declarations: declarations, index: index, position: position)
        var functions = declarations.hasOwnEntryPoint ? nil
            : LayoutFunctionDiscovery(trees: trees, index: index, layoutClasses: layouts.found,
                                      layoutClassNames: layouts.layoutClassNames,
                                      replacing: Set(installed.compactMap(\.replacedProperty)), position: position)
        // Sources that build no layout, only sections (a class of section
        // builders, as apps split their layout code): each builder callable
        // with no arguments is a layout, its section in a compositional
        // layout of its own.
        if let found = functions, found.found.isEmpty, found.errors.isEmpty, layouts.layoutClassNames.isEmpty, installed.isEmpty {
            let builders = LayoutFunctionDiscovery(trees: trees, index: index, layoutClasses: [], layoutClassNames: [],
                                                   findingSectionBuilders: true, position: position)
            if !builders.found.isEmpty { functions = builders }
        }
        let instances = InstanceTypes(index: index)
        // The functions stk wrote speak of the code the user wrote.
        var registered = (functions?.found ?? []).filter { found in
            !skipping.contains(found.owner ?? "") && !skipping.contains(found.delegateOwner ?? "")
        }.map { found in
            var function = found
            if InstalledLayout.functionNames.contains(function.memberName),
               let layout = installed.first(where: { $0.typeName == function.owner && $0.file == function.fileIndex }) {
                function.installed = layout
                function.position = position(layout.file, layout.construction)
                function.aliases.removeAll { alias in InstalledLayout.functionNames.contains { alias.contains($0) } }
            }
            function.ownerOptions = OwnerOptions.options(for: function, declarations: declarations, instances: instances)
            return function
        }
        let keeping = layouts.instanceTypeNames.union(Option.instanceTypeNames(of: registered.flatMap(\.ownerOptions)))
        let pruning = Pruning(trees: trees, bytes: bytes, index: index, layoutClassNames: layouts.layoutClassNames,
                              functions: registered, keeping: keeping, skipping: skipping, position: position)
        // A type kept without its conformances cannot be an option's value.
        layouts.removeCandidates { pruning.strippedTypes.contains($0) }
        for i in registered.indices {
            registered[i].ownerOptions = Option.removingCandidates(from: registered[i].ownerOptions) { pruning.strippedTypes.contains($0) }
        }
        self.layouts = layouts
        self.functions = functions
        self.registered = registered
        self.pruning = pruning
        self.index = index
    }

    /// The screens: each user type whose layout functions are registered,
    /// and each other class the pruning keeps in part (view controllers),
    /// with the lines of its declaration and of its extensions.
    var screens: [SourceAdapter.Screen] {
        var screens: [String: SourceAdapter.Screen] = [:]
        func add(_ name: String) {
            guard screens[name] == nil, let type = index[name], type.kind == .class else { return }
            var spans = [span(type.fileIndex, Syntax(type.node))]
            for ext in index.extensions(of: name) { spans.append(span(ext.fileIndex, Syntax(ext.node))) }
            screens[name] = SourceAdapter.Screen(typeName: name, simpleName: type.name, layoutNames: [], spans: spans)
        }
        for function in registered {
            guard let owner = function.owner, function.ownerIsUserType else { continue }
            add(owner)
            screens[owner]?.layoutNames.append(function.name)
        }
        for name in pruning.strippedTypes { add(name) }
        return screens.keys.sorted().map { screens[$0]! }
    }

    private func span(_ file: Int, _ node: Syntax) -> (file: String, lines: ClosedRange<Int>) {
        let first = position(file, node.positionAfterSkippingLeadingTrivia).line
        let last = position(file, node.endPositionBeforeTrailingTrivia).line
        return (inputs[file].path, first...max(first, last))
    }

    /// Whether stk may register the layouts the sources build where it cannot
    /// call them: not when they register their own, nor beside a layout
    /// function refused for its parameters (its error is about that), except
    /// those that call it with them (`UIHelper.createThreeColumnFlowLayout(in:
    /// view)` in `viewDidLoad()`, `mayInstall(_:)`).
    var mayInstallLayouts: Bool {
        !declarations.hasOwnEntryPoint
    }

    func mayInstall(_ layout: InstalledLayout) -> Bool {
        (functions?.refusals.isEmpty ?? true) || layout.callsLayoutFunction
    }

    /// The declarations of all the files, gathered file by file in order.
    private static func collectDeclarations(_ trees: [SourceFileSyntax]) -> Declarations {
        var declarations = Declarations()
        for (i, tree) in trees.enumerated() {
            let collector = DeclarationCollector(fileIndex: i, into: declarations)
            collector.walk(tree)
            declarations = collector.declarations
        }
        // An extension's `init()` (the class's error's own advice, written in
        // a file beside it) is the class's, as Swift has it.
        for i in declarations.classes.indices where !declarations.classes[i].hasZeroArgumentInit {
            let info = declarations.classes[i]
            declarations.classes[i].hasZeroArgumentInit = declarations.extensions.contains { ext in
                (ext.extendedType == info.qualifiedName || ext.extendedType == info.name)
                    && ext.node.memberBlock.members.contains {
                        $0.decl.as(InitializerDeclSyntax.self).map(DeclarationCollector.isCallableWithoutArguments) ?? false
                    }
            }
        }
        return declarations
    }

    /// Whether a message's position falls in what the pruning leaves out.
    func isRemoved(_ file: Int, _ at: SourcePosition) -> Bool {
        guard !pruning.removed[file].isEmpty else { return false }
        let offset = converters[file].position(ofLine: at.line, column: at.column).utf8Offset
        return pruning.isRemoved(file, offset)
    }

    /// Inline edits, per file (the rewriter's and required initialisers'),
    /// none inside what is left out, and the pruning's own; then their notes,
    /// file by file, and the pruning's.
    mutating func makeInlineEdits() {
        let position = self.position
        let requiredInits = RequiredInitRewrite.edits(declarations, position: position)
        for (i, tree) in trees.enumerated() {
            let rewriter = InlineRewriter(optionalNames: declarations.optionalRequirementNames, bytes: bytes[i], position: { position(i, $0) })
            rewriter.walk(tree)
            let changes = rewriter.edits + (requiredInits.edits[i] ?? [])
            edits.append(changes.filter { !pruning.isRemoved(i, $0.start..<$0.end) && !SourceAdapter.overlaps($0, pruning.edits[i]) } + pruning.edits[i])
            report.notes += (rewriter.notes + (requiredInits.notes[i] ?? [])).filter { !isRemoved(i, $0.position) }
        }
        report.notes += pruning.notes
    }

    /// Members of extensions that must live in the class: overrides, and
    /// members that a subclass overrides (Linux Swift dispatches neither
    /// from an extension).
    mutating func moveExtensionMembersIntoClasses() {
        let overriddenAnywhere = declarations.classes.reduce(into: Set<String>()) { $0.formUnion($1.overriddenNames) }
        var insertions: [Int: [Edit]] = [:] // by file
        for ext in declarations.extensions {
            // A stripped type keeps no superclass to override: nothing moves.
            guard let owner = declarations.classNamed(ext.extendedType), !pruning.strippedTypes.contains(owner.qualifiedName) else { continue }
            var movedToAnotherFile = false
            var moved: Set<SyntaxIdentifier> = []
            for member in ext.node.memberBlock.members {
                let decl = member.decl
                guard !pruning.isRemoved(ext.fileIndex, decl.positionAfterSkippingLeadingTrivia.utf8Offset) else { continue }
                let isOverride = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.text == "override" } ?? false
                let names = DeclarationCollector.memberNames(decl)
                guard isOverride || names.contains(where: overriddenAnywhere.contains) else { continue }
                let insertion = moveMember(decl, named: names, from: ext.fileIndex, into: owner)
                insertions[owner.fileIndex, default: []].append(insertion)
                movedToAnotherFile = movedToAnotherFile || owner.fileIndex != ext.fileIndex
                moved.insert(member.id)
            }
            if movedToAnotherFile { openFilePrivateMembers(of: ext, except: moved) }
        }
        for (file, list) in insertions { edits[file] += list }
    }

    /// After a member moved from an extension into its class in another
    /// file: the extension's `fileprivate` and `private` members, which the
    /// moved one may use (`\(isValid)` in a moved `debugDescription`), would
    /// be out of its reach; they become internal.
    private mutating func openFilePrivateMembers(of ext: ExtensionInfo, except moved: Set<SyntaxIdentifier>) {
        for member in ext.node.memberBlock.members where !moved.contains(member.id) {
            guard let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                  !pruning.isRemoved(ext.fileIndex, member.decl.positionAfterSkippingLeadingTrivia.utf8Offset) else { continue }
            for modifier in modifiers where ["fileprivate", "private"].contains(modifier.name.text) && modifier.detail == nil {
                let start = modifier.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = modifier.endPositionBeforeTrailingTrivia.utf8Offset
                edits[ext.fileIndex].append(Edit(start: start, end: end, text: String(repeating: " ", count: end - start)))
                let names = DeclarationCollector.memberNames(member.decl)
                report.notes.append(AdapterMessage(position(ext.fileIndex, modifier.positionAfterSkippingLeadingTrivia),
                    "made \(names.first.map { "'\($0)'" } ?? "a member") internal instead of \(modifier.name.text): a member moved from this extension into its class's file uses what the extension declares"))
            }
        }
    }

    /// Blanks one member of an extension in file `file` and notes the move;
    /// returns the member's text, as edited, inserted into its class.
    private mutating func moveMember(_ decl: DeclSyntax, named names: [String], from file: Int, into owner: ClassInfo) -> Edit {
        let start = decl.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = decl.endPositionBeforeTrailingTrivia.utf8Offset
        let from = position(file, decl.positionAfterSkippingLeadingTrivia)
        let text = apply(edits[file], to: bytes[file], in: start..<end)
        edits[file].removeAll { $0.start >= start && $0.end <= end }
        edits[file].append(Edit(start: start, end: end, text: blanked(bytes[file][start..<end])))
        let insertion = insertion(of: text, from: from, beforeClosingBraceOf: owner)
        let what = names.first.map { "'\($0)'" } ?? "a member"
        report.notes.append(AdapterMessage(from,
            "moved \(what) from this extension into class \(owner.name): Linux Swift cannot override members declared in extensions"))
        return insertion
    }

    /// A moved member's text, inserted on its own lines before the line of
    /// the class's closing brace, with line directives: diagnostics in the
    /// moved member still name its place (`from`) in the extension.
    private func insertion(of text: String, from: SourcePosition, beforeClosingBraceOf owner: ClassInfo) -> Edit {
        let brace = owner.node.memberBlock.rightBrace
        let braceOffset = brace.positionAfterSkippingLeadingTrivia.utf8Offset
        let braceFile = owner.fileIndex
        var lineStart = braceOffset
        while lineStart > 0, bytes[braceFile][lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        let onlyIndentation = bytes[braceFile][lineStart..<braceOffset].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let at = onlyIndentation ? lineStart : braceOffset
        let braceLine = position(braceFile, brace.positionAfterSkippingLeadingTrivia).line
        let indentation = String(repeating: " ", count: max(0, from.column - 1))
        let block = (onlyIndentation ? "" : "\n")
            + lineDirective(file: from.file, line: from.line)
            + indentation + text + "\n"
            + lineDirective(file: inputs[braceFile].path, line: braceLine)
        return Edit(start: at, end: at, text: block)
    }

    /// The layouts and their registration, in the report: the discoveries'
    /// errors, the layouts found, a note per layout function, the functions
    /// stk cannot call, and an error when there is nothing to register.
    mutating func reportLayouts() {
        let unmade = layouts.refusals(madeByScreens: Set(registered.compactMap { $0.installed?.constructedClass }))
        report.errors += layouts.errors + unmade.errors + (functions?.errors ?? []) + pruning.errors
        report.layouts = layouts.found.map(\.report) + registered.map(\.report)
        report.notes += layouts.notes + unmade.notes
        var screenLayouts: [String: String] = [:]
        for function in registered { if let owner = function.owner, screenLayouts[owner] == nil { screenLayouts[owner] = function.name } }
        report.advice += layouts.advice(screenLayouts: screenLayouts)
        for function in registered {
            var message = "registered layout '\(function.name)' from \(function.described) (a layout function, called with no arguments; the view code around it is not run)"
            if function.returnsSection {
                message = "registered layout '\(function.name)' from \(function.described), a section builder: the sources build no layout, so stk lays its section out in a compositional layout of its own, UICollectionViewCompositionalLayout(section:) (called with no arguments; the view code around it is not run)"
            }
            if let installed = function.installed, installed.isStoryboardDefault {
                message = "registered layout '\(function.name)' from \(function.described): the sources do not make it (a storyboard does), so stk makes a flow layout with UIKit's defaults, whose delegate is a \(function.ownerName ?? "screen") made by init(), as on iOS; what Interface Builder sets on the layout is not in the sources, and the view code around it is not run"
            } else if let installed = function.installed, let inherited = installed.inherited {
                let one = inherited.lines.count == 1
                message = "registered layout '\(function.name)' from \(function.described): stk runs what makes \(inherited.from)'s layout (line\(one ? "" : "s") \(Self.lineList(inherited.lines)) of \(inherited.path)) on a \(function.ownerName ?? "screen") made by init(), whose own delegate methods size it, as on iOS; the view code around it is not run"
            } else if let installed = function.installed {
                let one = installed.lines.count == 1
                message = "registered layout '\(function.name)' from \(function.described): stk runs line\(one ? "" : "s") \(Self.lineList(installed.lines)), which make\(one ? "s" : "") it, as a layout function; the rest of \(installed.context) and the view code around it are not run"
                if !installed.othersBuilt.isEmpty {
                    let one = installed.othersBuilt.count == 1
                    message += "; line\(one ? "" : "s") \(Self.lineList(installed.othersBuilt)) build\(one ? "s" : "") another layout of \(function.ownerName ?? "it"), not registered: stk registers the first one a type builds"
                }
                if !installed.sessionSettings.isEmpty {
                    // The view's settings are the session's: commands undo and save keep.
                    var settings: [SessionSettings.Found] = []
                    for found in installed.sessionSettings where !settings.contains(found) { settings.append(found) }
                    let list = settings.map { "line \($0.line): `\($0.command)`" }.joined(separator: ", ")
                    message += "; what the code beside it sets on the collection view is not the layout's, and stk's session holds it: run it as a command (\(list))"
                }
                if !installed.notRun.isEmpty {
                    message += "; what \(installed.notRun.joined(separator: " and ")) set\(installed.notRun.count == 1 ? "s" : "") on it is not run either (it needs what that code is given, or stands among other code), so the layout may differ from the app's there"
                }
            }
            if let delegate = function.delegateOwner {
                let name = Pruning.simpleName(delegate)
                message += "; stk makes an instance of \(name) with init() and keeps it with the layout: it adopts \(function.delegateProtocol ?? "UICollectionViewDelegateFlowLayout"), so it becomes the collection view's delegate, as on iOS"
            } else if let refusal = function.delegateRefusal {
                message += "; " + refusal
            }
            report.notes.append(AdapterMessage(function.position, message))
        }
        // A function stk cannot call: worth an error only when it is all there is.
        let refusals = functions?.refusals ?? []
        if report.layouts.isEmpty && !declarations.hasOwnEntryPoint {
            report.errors += refusals.map { AdapterMessage($0.position, $0.message + ($0.hint.map { "; " + $0 } ?? "")) }
        } else {
            report.notes += refusals.map { AdapterMessage($0.position, $0.message) }
        }
        if !declarations.hasOwnEntryPoint && report.layouts.isEmpty && report.errors.isEmpty {
            report.errors.append(noLayoutFound())
        }
    }

    /// A layout function (no parameters, a layout returned) in an extension
    /// of a type no file declares: a screen's `Screen+Layout.swift` loaded
    /// without `Screen.swift`. UIKit's own types (`UIViewController`) are
    /// declared by stk, not by the files.
    private func layoutFunctionOfUndeclaredType() -> (file: Int, at: AbsolutePosition, function: String, type: String)? {
        for (file, tree) in trees.enumerated() {
            for statement in tree.statements {
                guard let ext = statement.item.as(ExtensionDeclSyntax.self) else { continue }
                let type = DeclarationCollector.typeName(ext.extendedType)
                guard index[type] == nil, !type.hasPrefix("UI"), !type.hasPrefix("NS") else { continue }
                for member in ext.memberBlock.members {
                    guard let function = member.decl.as(FunctionDeclSyntax.self), function.signature.parameterClause.parameters.isEmpty,
                          let returned = function.signature.returnClause?.type,
                          LayoutFunctionDiscovery.uikitLayoutTypes.contains(DeclarationCollector.typeName(returned)) else { continue }
                    return (file, function.name.positionAfterSkippingLeadingTrivia, "\(function.name.text)()", type)
                }
            }
        }
        return nil
    }

    /// `16`, `16-18`, `16, 18-19`: lines as a reader lists them.
    static func lineList(_ lines: [Int]) -> String {
        var runs: [(Int, Int)] = []
        for line in lines.sorted() {
            if let last = runs.last, last.1 + 1 == line { runs[runs.count - 1].1 = line } else { runs.append((line, line)) }
        }
        return runs.map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)-\($0.1)" }.joined(separator: ", ")
    }

    /// The error for sources with no layout and nothing else wrong: at the
    /// first layout they build where stk cannot call it, if they build one,
    /// else at the first file's start.
    private func noLayoutFound() -> AdapterMessage {
        if let orphan = layoutFunctionOfUndeclaredType() {
            return AdapterMessage(position(orphan.file, orphan.at),
                "no layout stk can call: \(orphan.function) is in an extension of \(orphan.type), which these files do not declare, so stk cannot make a \(orphan.type) to call it on. Load it with the file that declares \(orphan.type) (the folder that holds both, as the app keeps them)")
        }
        for (file, tree) in trees.enumerated() {
            guard let built = UnreachableLayout.first(in: tree) else { continue }
            let place = built.context.map { "in \($0), " } ?? "at the top level, "
            return AdapterMessage(position(file, built.call.positionAfterSkippingLeadingTrivia),
                "no layout class found, and no layout function: this layout is built \(place)where stk cannot call it, and the statements that make it cannot be taken apart from the code around them (it is made from a parameter, or changed among other code). stk calls a method, static function, free function or property that returns UICollectionViewLayout, UICollectionViewFlowLayout or UICollectionViewCompositionalLayout and can be called with no arguments: move the layout into one, such as `func createLayout() -> UICollectionViewLayout`, and call that here")
        }
        let first = SourcePosition(file: inputs.first?.path ?? "", line: 1, column: 1)
        var message = "no layout class found: stk looks for classes that inherit from UICollectionViewLayout or UICollectionViewFlowLayout (directly or through other classes in these files)"
        // Sources about collection views (a view controller whose layout is
        // built where stk cannot call it) hear about layout functions too.
        if trees.contains(where: SourceAdapter.mentionsCollectionViews) {
            message = "no layout class found, and no layout function: stk looks for classes that inherit from UICollectionViewLayout, UICollectionViewFlowLayout or UICollectionViewCompositionalLayout (directly or through other classes in these files), and for layout functions: a method, static function, free function or property returning UICollectionViewLayout, UICollectionViewFlowLayout or UICollectionViewCompositionalLayout that can be called with no arguments, such as a view controller's `func createLayout() -> UICollectionViewLayout`, or a layout built and installed in viewDidLoad() or an initialiser"
        }
        return AdapterMessage(first, message)
    }

    /// The adapted files (`<index>-<name>`, each with its registration
    /// function), then the trap locations and the plugin's entry point.
    /// Import fixes are noted here, file by file, after everything else.
    mutating func output() -> AdapterOutput {
        var files: [(name: String, text: String)] = []
        var registrationFunctions: [String] = []
        for (i, input) in inputs.enumerated() {
            var text = fixImports(ofFile: i)
            text += lineDirective(file: input.path, line: 1)
            text += apply(edits[i], to: bytes[i], in: 0..<bytes[i].count)
            text += "\n#sourceLocation()\n"
            for proto in declarations.optionalProtocols where proto.fileIndex == i
            && !pruning.isRemoved(i, proto.node.positionAfterSkippingLeadingTrivia.utf8Offset) {
                text += SourceAdapter.defaultImplementations(proto, edits: edits[i], bytes: bytes[i])
            }
            if let registration = registration(ofFile: i) {
                registrationFunctions.append(registration.function)
                text += registration.code
            }
            files.append((name: "\(i)-" + SourceAdapter.baseName(input.path), text: text))
        }
        // The user's own top-level functions of those names are theirs to keep.
        let ownFunctions = Set(trees.flatMap { $0.statements.compactMap { $0.item.as(FunctionDeclSyntax.self)?.name.text } })
        if let traps = Registration.trapLocations(except: ownFunctions) {
            files.append((name: "StkTrapLocations.swift", text: traps))
        }
        if !declarations.hasOwnEntryPoint && !registrationFunctions.isEmpty {
            files.append((name: "StkPluginEntryPoint.swift", text: Registration.entryPoint(calling: registrationFunctions)))
        }
        return AdapterOutput(files: files, report: report)
    }

    /// Makes file `file` see UIKit, and Foundation through UIKit only, and
    /// notes each change. Returns what goes before its first line directive:
    /// `import UIKit` for a file importing no UIKit module, else nothing.
    private mutating func fixImports(ofFile file: Int) -> String {
        let path = inputs[file].path
        // Inside `#if os(iOS)` too, which the sources are compiled as.
        let imports = TypeIndex.topLevelDecls(trees[file].statements).compactMap { $0.as(ImportDeclSyntax.self) }
        let importsUIKit = imports.contains { SourceAdapter.uikitModules.contains($0.path.first?.name.text ?? "") }
        if !importsUIKit {
            report.notes.append(AdapterMessage(SourcePosition(file: path, line: 1, column: 1),
                imports.isEmpty ? "added 'import UIKit': the file has no import (on iOS a framework's umbrella header brings UIKit)"
                                : "added 'import UIKit': on iOS a framework's umbrella header brings it"))
        }
        // UIKit (stk's, as Apple's) brings Foundation. Importing Foundation
        // as well puts Foundation's CGRect members beside the CoreGraphics
        // ones stk's UIKit declares (`intersects` differs at touching
        // edges), and the compiler finds them ambiguous, or crashes on
        // them: the file sees Foundation through UIKit only.
        for decl in imports where SourceAdapter.isPlainImport(decl, of: "Foundation") {
            let start = decl.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = decl.endPositionBeforeTrailingTrivia.utf8Offset
            guard !edits[file].contains(where: { $0.start < end && start < $0.end }) else { continue }
            edits[file].append(Edit(start: start, end: end, text: blanked(bytes[file][start..<end])))
            let at = converters[file].location(for: decl.positionAfterSkippingLeadingTrivia)
            report.notes.append(AdapterMessage(SourcePosition(file: path, line: at.line, column: at.column),
                "left out 'import Foundation': UIKit brings it, and with both imported CGRect's members (intersects) would be ambiguous"))
        }
        return importsUIKit ? "" : "import UIKit\n"
    }

    /// File `file`'s registration function, `__stkLayouts<file>`, and its
    /// code, when the file has layouts to register and the sources do not
    /// register their own. A layout function is registered in its own file,
    /// where a fileprivate type is visible.
    private func registration(ofFile file: Int) -> (function: String, code: String)? {
        let mine = layouts.found.filter { $0.info.fileIndex == file }
        let myFunctions = registered.filter { $0.fileIndex == file }
        guard !(mine.isEmpty && myFunctions.isEmpty) && !declarations.hasOwnEntryPoint else { return nil }
        let function = "__stkLayouts\(file)"
        var sectionEnums: [String: String] = [:]
        for owner in Set(myFunctions.compactMap(\.owner)) { sectionEnums[owner] = pruning.sectionEnum(of: owner) }
        return (function, Registration.function(named: function, layouts: mine, functions: myFunctions, enums: declarations.enums,
                                                sectionEnums: sectionEnums))
    }
}

/// `#sourceLocation(file: ..., line: ...)` on a line of its own: the next
/// line is `line` of `file` in diagnostics.
func lineDirective(file: String, line: Int) -> String {
    "#sourceLocation(file: \(literal(file)), line: \(line))\n"
}

/// A Swift string literal of `s`.
func literal(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(c)
        }
    }
    return out + "\""
}
