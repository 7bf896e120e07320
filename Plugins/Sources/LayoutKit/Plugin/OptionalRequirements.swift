import Foundation

// Optional protocol requirements, as iOS evaluates them. Linux Swift has none:
// stk gives every optional requirement a default implementation (the source
// adapter writes them for a file's own `@objc` protocols; LayoutKit has them
// for UIKit's), and rewrites `delegate?.method?(...)` as a plain call. On iOS
// that call is nil when the delegate does not implement the method, so that
// `?? fallback` picks the fallback; a default implementation answering 0 would
// give a layout 0 columns. So a default implementation that stands for "not
// implemented" says so, and the rewritten call turns that into nil.

/// Whether a default implementation standing for a missing optional method
/// answered since the innermost `__stkOptionalCall` began. Layouts run on one
/// thread at a time (the REPL's worker, a script, a paused operation's thread
/// while the interpreter waits), so one flag serves.
nonisolated(unsafe) private var optionalRequirementDefaulted = false

/// `x?.method?(...)` as iOS evaluates it: the call's value, or nil when the
/// method that answered is a default standing for one the conformer lacks.
/// The source adapter writes calls to it; nothing else should.
@inlinable
public func __stkOptionalCall<T>(_ call: () throws -> T?) rethrows -> T? {
    let outer = __stkOptionalBegin()
    defer { __stkOptionalEnd(outer) }
    let value = try call()
    return __stkOptionalDefaulted() ? nil : value
}

/// An optional requirement called with `!(` (`x.f!(...)`, rewritten by the
/// source adapter to `__stkForcedCall("f", { x.f(...) })`): its answer, or a
/// trap when the conformer does not implement it, as the unrecognized
/// selector is on iOS (the default implementation's empty value is no answer).
public func __stkForcedCall<T>(_ name: StaticString, _ call: () throws -> T) rethrows -> T {
    let outer = __stkOptionalBegin()
    defer { __stkOptionalEnd(outer) }
    let value = try call()
    if __stkOptionalDefaulted() {
        fatalError("the conformer does not implement \(name), an optional requirement the layout calls with '!(': on iOS, an unrecognized selector")
    }
    return value
}

/// Called by a default implementation of an optional requirement: the
/// conformer does not implement it.
public func __stkOptionalDefault() {
    optionalRequirementDefaulted = true
}

public func __stkOptionalBegin() -> Bool {
    let outer = optionalRequirementDefaulted
    optionalRequirementDefaulted = false
    return outer
}

public func __stkOptionalDefaulted() -> Bool { optionalRequirementDefaulted }

public func __stkOptionalEnd(_ outer: Bool) {
    optionalRequirementDefaulted = outer
}
