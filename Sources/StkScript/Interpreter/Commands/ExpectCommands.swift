import Foundation
import LayoutKit
import StkRender

// expect
extension Interpreter {
    func runExpect(_ expectation: Expectation, _ c: CommandContext) throws {
        switch expectation {
        case let .attribute(element, field, comparison):
            let a = try attributes(of: element)
            let actual = try value(of: field, in: a)
            try check("attr \(element.value) \(field.value)", actual, comparison, c)
        case let .visibleCount(comparison):
            try check("visible count", .number(Double(visibleSorted.count)), comparison, c)
        case let .contentSize(comparison):
            layOutForQuery()
            try check("contentsize", .size(session.collectionView.contentSize), comparison, c)
        case let .offset(comparison):
            layOutForQuery()
            let offset = session.collectionView.contentOffset
            try check("offset", .numbers([Double(offset.x), Double(offset.y)]), comparison, c)
        case let .contextContains(element):
            guard let context = lastContexts.last?.snapshot else {
                throw ExpectationFailure(message: "expectation failed: the last operation made no invalidation context, expected one naming \(element.value)", range: c.command.range)
            }
            if !context.contains(element.value.elementKey) {
                throw ExpectationFailure(message: "expectation failed: the last context does not name \(element.value) (it is \(TraceFormat.contextSummary(context)))", range: c.command.range)
            }
        case let .contextFlag(flag, comparison):
            guard let context = lastContexts.last?.snapshot else {
                throw ExpectationFailure(message: "expectation failed: the last operation made no invalidation context, expected context \(flag.value.rawValue) \(comparison)", range: c.command.range)
            }
            let actual: Bool
            switch flag.value {
            case .everything: actual = context.invalidateEverything
            case .dataSourceCounts: actual = context.invalidateDataSourceCounts
            case .flowDelegateMetrics: actual = context.invalidateFlowLayoutDelegateMetrics ?? false
            case .flowAttributes: actual = context.invalidateFlowLayoutAttributes ?? false
            }
            try check("context \(flag.value.rawValue)", .bool(actual), comparison, c)
        case let .contextCount(comparison):
            let count = lastContexts.last?.snapshot.elementCount ?? 0
            try check("context count", .number(Double(count)), comparison, c)
        }
    }

    /// A field of an element's attributes as a literal value: `x`, `y`,
    /// `width` and `height` are the frame's parts, every other name is looked
    /// up in the attributes' fields (`AttributesSnapshot.fields`, then the
    /// layout's own).
    func value(of field: Located<AttributeField>, in a: CollectionViewLayoutAttributes) throws -> Value {
        switch field.value {
        case .x: return .number(Double(a.frame.minX))
        case .y: return .number(Double(a.frame.minY))
        case .width: return .number(Double(a.frame.width))
        case .height: return .number(Double(a.frame.height))
        default:
            let snapshot = AttributesSnapshot(a)
            let name = field.value.description
            guard let value = snapshot.value(named: name) else {
                var known = snapshot.fieldNames
                known.insert(contentsOf: ["x", "y", "width", "height"], at: 1) // after frame
                throw CommandError("\(a.key) has no field '\(name)' (fields: \(known.joined(separator: ", ")))", at: field.range,
                                   suggestion: NearMiss.nearest(to: name, among: known))
            }
            switch value {
            case .rect(let r): return .numbers([r.minX, r.minY, r.width, r.height].map { Double($0) })
            case .integer(let i): return .number(Double(i))
            case .number(let n): return .number(n)
            case .flag(let b): return .bool(b)
            // As `attr` prints it: an affine transform's 6 numbers, else 16.
            case .transform(let t): return .numbers(t.printedNumbers.map { Double($0) })
            }
        }
    }

    /// Compares and throws an ExpectationFailure naming the actual value when it does not hold.
    func check(_ what: String, _ actual: Value, _ comparison: Comparison, _ c: CommandContext) throws {
        let op = comparison.op.value
        let expected = comparison.value.value
        guard let holds = Self.compare(actual, op, expected) else {
            throw CommandError("cannot compare \(what) (\(actual)) with \(expected) using \(op.rawValue)", at: comparison.value.range)
        }
        if !holds {
            throw ExpectationFailure(message: "expectation failed: \(what) is \(actual), expected \(op.rawValue) \(expected)", range: c.command.range)
        }
    }

    /// nil when the values cannot be compared with the operator.
    static func compare(_ actual: Value, _ op: ComparisonOperator, _ expected: Value) -> Bool? {
        func numbers(_ v: Value) -> [Double]? {
            switch v {
            case .number(let n): return [n]
            case .numbers(let list): return list
            case .size(let s): return [Double(s.width), Double(s.height)]
            default: return nil
            }
        }
        if case .bool(let a) = actual, case .bool(let b) = expected {
            switch op {
            case .equal, .approximatelyEqual: return a == b
            case .notEqual: return a != b
            default: return nil
            }
        }
        guard let a = numbers(actual), let b = numbers(expected), a.count == b.count else { return nil }
        // Values print with 6 decimals; compare at that precision so `==` agrees with what users see.
        func same(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 5e-7 * max(1, abs(x), abs(y)) }
        switch op {
        case .equal: return zip(a, b).allSatisfy(same)
        case .notEqual: return !zip(a, b).allSatisfy(same)
        case .approximatelyEqual: return zip(a, b).allSatisfy { abs($0 - $1) <= ComparisonOperator.approximateTolerance }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard a.count == 1 else { return nil }
            switch op {
            case .less: return a[0] < b[0] && !same(a[0], b[0])
            case .lessOrEqual: return a[0] <= b[0] || same(a[0], b[0])
            case .greater: return a[0] > b[0] && !same(a[0], b[0])
            default: return a[0] >= b[0] || same(a[0], b[0])
            }
        }
    }
}

// check
extension Interpreter {
    /// `check`: every finding of LayoutChecks is a failed expectation at the
    /// command (exit status 1; the script runs on unless --bail). Nothing is
    /// printed when there is none, as for `expect`.
    static let findingsShownPerCheck = 3

    /// `except`: the kinds of finding left out (`check except single-query`).
    func runCheck(_ c: CommandContext, except: Set<LayoutChecks.Finding.Check> = []) throws {
        let findings = checkEvaluation().findings.filter { !except.contains($0.check) }
        guard !findings.isEmpty else { return }
        // A bug shows in many elements at once: the first few say it.
        let shown = findings.prefix(Self.findingsShownPerCheck)
        for finding in shown.dropLast() {
            report(Diagnostic(.error, "check failed: \(finding)", at: c.command.range, in: c.file), trail: c.trail)
        }
        let hidden = findings.count - shown.count
        let more = hidden > 0 ? " (and \(hidden) more finding\(hidden == 1 ? "" : "s"))" : ""
        // The last one shown as a failed expectation: the status, and --bail.
        throw ExpectationFailure(message: "check failed: \(shown.last!)\(more)", range: c.command.range)
    }

    /// What `check` finds now (and `stk verify` after each operation):
    /// LayoutChecks on the state and the last operation, then a `[warning]`
    /// for each warning raised since the last check (by the commands, and by
    /// the checks' own queries) and each the layout stands by in this state
    /// (an item too large for the flow). The warnings start again from none.
    func checkEvaluation() -> LayoutChecks.Evaluation {
        var evaluation = LayoutChecks.evaluate(session, before: visibleBeforeLastOperation, events: session.lastOperationEvents)
        noteForCheck(session.collectionView.takeWarnings())
        noteForCheck(session.layout.layoutWarnings)
        evaluation.findings += warningsSinceCheck
        warningsSinceCheck = []
        return evaluation
    }
}
