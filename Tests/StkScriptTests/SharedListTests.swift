import Testing
@testable import StkScript

@Suite("SharedList")
struct SharedListTests {
    /// Copies share what they had and grow apart: each sees its own appends.
    @Test func copiesGrowApart() {
        var a = SharedList<Int>()
        for k in 0..<5 { a.append(k) }
        var b = a
        a.append(5)
        b.append(50)
        b.append(51)
        #expect(a.elements == [0, 1, 2, 3, 4, 5])
        #expect(b.elements == [0, 1, 2, 3, 4, 50, 51])
        #expect(a.count == 6 && b.count == 7)
        #expect(a != b)
        var c = SharedList<Int>()
        for k in 0...5 { c.append(k) }
        // Equal elements, no node in common.
        #expect(a == c)
        #expect(SharedList<Int>().isEmpty && SharedList<Int>().elements.isEmpty)
    }

    /// A list of a million elements goes without a recursive release, and
    /// a copy that holds its start keeps that start.
    @Test func aLongListIsReleasedWithoutRecursion() {
        var start = SharedList<Int>()
        for k in 0..<10 { start.append(k) }
        do {
            var long = start
            for k in 10..<1_000_000 { long.append(k) }
            #expect(long.count == 1_000_000)
        }
        #expect(start.elements == Array(0..<10))
    }
}
