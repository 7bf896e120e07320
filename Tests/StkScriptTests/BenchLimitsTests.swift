import StkBench
import Testing
@testable import StkScript

/// `stk bench` asks no more of the machine than a script could: its data
/// limits are the language's (StkBench cannot import the interpreter, so
/// the numbers stand in both; this keeps them one).
@Suite struct BenchLimitsTests {
    @Test func aBenchmarkMakesNoMoreDataThanAScriptMay() {
        #expect(BenchConfiguration.maximumSections == Limits.sections)
        #expect(BenchConfiguration.maximumItems == Limits.items)
    }
}
