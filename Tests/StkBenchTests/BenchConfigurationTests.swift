import Foundation
import LayoutKit
import Testing
@testable import StkBench

/// Bad configurations are refused before anything runs, with a message that
/// names the field, the value and what was expected.
@Suite struct BenchConfigurationTests {
    private func workload(_ change: (inout BenchConfiguration) -> Void) -> BenchConfiguration {
        var c = TestLayouts.stickyFlowWorkload()
        change(&c)
        return c
    }

    private func runError(_ config: BenchConfiguration, _ descriptor: LayoutDescriptor = TestLayouts.stickyFlow) -> String? {
        do {
            _ = try BenchRunner.run(config, descriptor: descriptor)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theTestWorkloadIsValid() throws {
        try TestLayouts.stickyFlowWorkload().validate()
        for workload in BenchSuite.standard + BenchSuite.quick {
            try workload.configuration.validate()
        }
    }

    /// Each change to a valid workload, and the message it must give.
    static let invalidFields: [((inout BenchConfiguration) -> Void, String)] = [
        ({ (c: inout BenchConfiguration) in c.steps = 0 }, "steps must be at least 1, got 0"),
        ({ (c: inout BenchConfiguration) in c.steps = -3 }, "steps must be at least 1, got -3"),
        ({ (c: inout BenchConfiguration) in c.sizes = .uniform(CGSize(width: -100, height: 44)) }, "item size must not be negative, got -100x44"),
        ({ (c: inout BenchConfiguration) in c.sizes = .uniform(CGSize(width: 100, height: CGFloat.nan)) }, "item size must have finite width and height, got 100xnan"),
        ({ (c: inout BenchConfiguration) in c.sizes = .random(seed: 1, min: CGSize(width: -1, height: 5), max: CGSize(width: 10, height: 10)) },
         "minimum random item size must not be negative, got -1x5"),
        ({ (c: inout BenchConfiguration) in c.sizes = .random(seed: 1, min: CGSize(width: 50, height: 5), max: CGSize(width: 10, height: 10)) },
         "minimum random item size 50x5 must not exceed the maximum 10x10 in width or height"),
        ({ (c: inout BenchConfiguration) in c.boundsSize = CGSize(width: 0, height: 844) }, "bounds size must have a positive width and height, got 0x844"),
        ({ (c: inout BenchConfiguration) in c.resizeTo = CGSize(width: 10, height: -1) }, "resize size must have a positive width and height, got 10x-1"),
        ({ (c: inout BenchConfiguration) in c.sections = 0 }, "sections must be at least 1, got 0"),
        ({ (c: inout BenchConfiguration) in c.itemsPerSection = -1 }, "items per section must not be negative, got -1"),
        ({ (c: inout BenchConfiguration) in c.stepDistance = 0 }, "step distance must be a positive number of points, got 0"),
        ({ (c: inout BenchConfiguration) in c.stepDistance = -2.5 }, "step distance must be a positive number of points, got -2.5"),
        ({ (c: inout BenchConfiguration) in c.startFraction = 1.5 }, "start fraction must be between 0 and 1, got 1.5"),
        ({ (c: inout BenchConfiguration) in c.warmupSteps = -1 }, "warmup steps must not be negative, got -1"),
        ({ (c: inout BenchConfiguration) in c.resizeCount = -1 }, "resize count must not be negative, got -1"),
        ({ (c: inout BenchConfiguration) in c.batchCount = -1 }, "batch update count must not be negative, got -1"),
        ({ (c: inout BenchConfiguration) in c.fullInvalidationSteps = 0 }, "full-invalidation steps must be at least 1, got 0"),
        ({ (c: inout BenchConfiguration) in c.layoutName = " " }, "layout name must not be empty"),
        ({ (c: inout BenchConfiguration) in c.options["itemSize"] = .size(CGSize(width: 1, height: 1)) },
         "itemSize is given both as an option and as the uniform item size: give it once"),
        ({ (c: inout BenchConfiguration) in c.sections = Int.max / 2 },
         "sections x items per section (\(Int.max / 2) x 6) is more than 1000000000 items, as a script allows"),
        // The reproducer of `stk bench --items 1000000000 --sections 1000`, which tried to allocate 32 GB.
        ({ (c: inout BenchConfiguration) in c.sections = 1_000; c.itemsPerSection = 1_000_000_000 },
         "sections x items per section (1000 x 1000000000) is more than 1000000000 items, as a script allows"),
        ({ (c: inout BenchConfiguration) in c.sections = 20_000_000 }, "at most 2000000 sections, as a script allows, got 20000000"),
        ({ (c: inout BenchConfiguration) in c.sections = 20; c.itemsPerSection = 1_000_000; c.sizes = .random(seed: 1, min: CGSize(width: 1, height: 1), max: CGSize(width: 2, height: 2)) },
         "random sizes are stored per item (16 bytes each): at most 10000000 items, got 20000000"),
        ({ (c: inout BenchConfiguration) in c.steps = 2_000_000 }, "at most 1000000 steps, got 2000000"),
        ({ (c: inout BenchConfiguration) in c.batchCount = 200_000 }, "at most 100000 batch updates, got 200000"),
    ]

    @Test func invalidFieldsAreNamed() {
        for (change, message) in Self.invalidFields {
            let config = workload(change)
            #expect(throws: BenchError(message)) { try config.validate() }
        }
    }

    /// The runner validates before it builds anything (zero steps: no run at all).
    @Test func theRunnerRefusesAnInvalidConfiguration() {
        #expect(runError(workload { $0.steps = 0 }) == "steps must be at least 1, got 0")
    }

    @Test func theDescriptorMustBeTheNamedLayout() {
        #expect(runError(TestLayouts.stickyFlowWorkload(), TestLayouts.grid)
            == "the configuration names layout 'test-sticky-flow' but the descriptor given is 'test-grid'")
    }

    @Test func unknownOptionsListTheKnownOnes() {
        #expect(runError(workload { $0.options["bogus"] = .bool(true) })
            == "layout 'test-sticky-flow' has no option 'bogus' (expected one of estimatedItemSize, footerSize, headerSize, itemSize, minimumInteritemSpacing, minimumLineSpacing, scrollDirection, sectionInset, stickyFooters)")
        var grid = BenchConfiguration(layoutName: "test-grid", options: ["stickyRows": .number(2)], sections: 30, itemsPerSection: 40)
        grid.sizes = .uniform(CGSize(width: 100, height: 50))
        #expect(runError(grid, TestLayouts.grid) == "layout 'test-grid' has no option 'stickyRows' (expected one of itemSize)")
    }

    @Test func optionValuesOfTheWrongTypeAreRefused() {
        // Flow properties the test layout does not declare are checked by the one
        // flow-option validator every flow layout shares (FlowOptions).
        #expect(runError(workload { $0.options["headerSize"] = .bool(true) })
            == "option headerSize=true of layout 'test-sticky-flow': option headerSize: expected a size WxH with finite, non-negative width and height, got true")
        #expect(runError(workload { $0.options["minimumLineSpacing"] = .number(-1) })
            == "option minimumLineSpacing=-1 of layout 'test-sticky-flow': option minimumLineSpacing: expected a finite, non-negative number, got -1")
        #expect(runError(workload { $0.options["scrollDirection"] = .word("sideways") })
            == "option scrollDirection=sideways of layout 'test-sticky-flow': option scrollDirection: expected one of vertical, horizontal, got sideways")
        // A declared option goes to the layout, whose refusal is passed on with the option named.
        #expect(runError(workload { $0.options["stickyFooters"] = .number(3) })
            == "option stickyFooters=3 of layout 'test-sticky-flow': stickyFooters expects true or false, got 3")
    }

    /// A layout without an itemSize option (a compositional layout, one of
    /// the user's own) sizes its items itself: the run goes on, measured as
    /// the layout lays out (it used to be refused, asking for random sizes).
    @Test func aLayoutWithoutAnItemSizeOptionSizesItsItemsItself() {
        var config = BenchConfiguration(layoutName: "test-bare-grid", sections: 30, itemsPerSection: 40)
        config.steps = 5
        config.warmupSteps = 0
        #expect(runError(config, TestLayouts.bareGrid) == nil)
    }

    /// One section holding one 100x50 item under its 50-point header is 300x100:
    /// it does not scroll in a 300x200 viewport.
    @Test func contentThatDoesNotScrollIsRefusedAtRunTime() {
        #expect(runError(workload { $0.sections = 1; $0.itemsPerSection = 1 })
            == "the content (300x100) does not scroll in a 300x200 viewport: use more sections or items, or a smaller bounds size")
    }

    @Test func registryLookupNamesTheRegisteredLayouts() throws {
        let registry = LayoutRegistry()
        try registry.register(TestLayouts.grid, origin: "built-in")
        try registry.register(TestLayouts.stickyFlow, origin: "built-in")
        var config = TestLayouts.stickyFlowWorkload()
        config.layoutName = "nope"
        #expect(throws: BenchError("unknown layout 'nope' (registered: test-grid, test-sticky-flow)")) {
            try BenchRunner.run(config, registry: registry)
        }
        #expect(try BenchRunner.run(TestLayouts.stickyFlowWorkload(), registry: registry).scroll.count == 8)
    }
}
