import Foundation
import StkTestSupport
import Testing

/// grid-sticky stores a row's size overrides, not a size per cell, when fewer
/// than a quarter of its cells have one: the frames are the same as the
/// per-cell row's, and a hundred million cells with one override fit in a
/// bounded address space.
@Suite struct GridStickySparseRowsTests {
    /// Differential: section 0 has a few overrides (a sparse row); section 1
    /// has the same ones plus overrides at the default size, enough to make
    /// it a per-cell row. Every cell's x, width and height agree, and so do
    /// the columns in view after horizontal scrolls.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aSparseRowPlacesCellsAsAPerCellRowDoes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = 40
        var commands = ["layout grid-sticky", "sections 2 items=\(count)", "bounds 390x300"]
        var overridden = Set<Int>()
        for _ in 0..<3 {
            let item = Int(random.next() % UInt64(count))
            overridden.insert(item)
            let size = "\(20 + random.next() % 200)x\(20 + random.next() % 90)"
            commands += ["size item 0:\(item) \(size)", "size item 1:\(item) \(size)"]
        }
        // The default cell of grid-sticky is 50x50: the same size, stored.
        for item in 0..<count where !overridden.contains(item) && item % 3 == 0 {
            commands.append("size item 1:\(item) 50x50")
        }
        for item in 0..<count { commands += ["attr item 0:\(item)", "attr item 1:\(item)"] }
        for x in [0, 333, 1000, 1717] { commands += ["scroll to \(x),0", "visible"] }
        let result = try StkProcess.run(commands: commands.joined(separator: "; "))
        #expect(result.status == 0, "\(result)")
        func geometry(_ line: String) -> String? {
            // `item S:I frame=X,Y,W,H ...` without the section and the y.
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "item", let frame = words.first(where: { $0.hasPrefix("frame=") }) else { return nil }
            let f = frame.dropFirst(6).split(separator: ",")
            let item = words[1].split(separator: ":")[1]
            return "\(item) \(f[0]) \(f[2]) \(f[3])"
        }
        var bySection: [Substring: [String]] = ["0": [], "1": []]
        for line in result.lines {
            guard let g = geometry(line) else { continue }
            let section = line.split(separator: " ")[1].split(separator: ":")[0]
            bySection[section, default: []].append(g)
        }
        #expect(!bySection["0"]!.isEmpty)
        #expect(bySection["0"] == bySection["1"], "\(result)")
    }

    /// One override in a hundred million cells: answered under a 2 GB
    /// address-space limit (a size per cell wanted 1.6 GB of rows alone).
    @Test func oneOverrideInAHundredMillionCellsIsCheap() throws {
        let r = try SparseItemDataTests().limited(
            "layout grid-sticky; sections 1 items=100000000; size item 0:5 200x80; scroll to 5000,0; attr item 0:5; attr item 0:60; contentsize")
        #expect(r.status == 0, "\(r)")
        // Cells are 50 wide: item 5 starts at 250; item 60 at 60 * 50 + 150 (the override is 150 wider).
        #expect(r.lines == ["item 0:5 frame=250,0,200,80 zIndex=1 alpha=1 hidden=false",
                            "item 0:60 frame=3150,0,50,50 zIndex=1 alpha=1 hidden=false",
                            "5000000150x80"], "\(r)")
    }
}
