import ArgumentParser
import Foundation
import PluginBuild
import LayoutKit
import StkBench
import StkScript

/// `stk bench`: measures a layout in-process (see StkBench).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure a layout: cold prepare, scroll steps, a resize and batch updates, minimal vs full invalidation.",
        discussion: """
            Times are medians and 99th percentiles in microseconds over one run, on this machine.
            --suite runs a named list of workloads with their targets (standard, quick, verify, diffable) and exits 1 when a target is missed. verify is stk verify's checker alone, in checked operations per second; diffable is snapshot edits applied at scale alone (100 edits to 100,000 items, a million items diffed against a shuffled copy); standard and quick measure both, export html of a 1,000-frame session (its time and its page size), and a long script of every kind of entry run as a file is (1,000,000 lines, 20,000 in quick: its time scaled to a million lines and its peak memory).
            """
    )

    @Option(help: "The layout to measure.", completion: .custom(ShellCompletion.layoutNames))
    var layout = BenchCommand.defaultLayout

    static let defaultLayout = "flow-sticky"

    @Option(name: .customLong("plugin"), help: ArgumentHelp("Load layouts first (repeatable): a plugin library (.so) or Swift source.", valueName: "path"),
            completion: .file())
    var plugins: [String] = []

    @Option(name: .customLong("set"), help: ArgumentHelp("A layout option, as in a script (repeatable).", valueName: "key=value"),
            completion: .custom(ShellCompletion.optionAssignments))
    var options: [String] = []

    @Option(help: "Number of sections.")
    var sections = 1_000

    @Option(help: "Items in each section.")
    var items = 1_000

    @Option(help: ArgumentHelp("Item size WxH, or 'random' for seeded random sizes.", valueName: "size"))
    var sizes = "100x44"

    @Option(help: ArgumentHelp("Viewport size WxH.", valueName: "size"))
    var bounds = "390x844"

    @Option(help: "Scroll steps measured.")
    var steps = 1_000

    @Option(help: "Points per scroll step.")
    var distance = 20.0

    @Option(help: "Batch updates measured (random inserts and deletes).")
    var batches = 100

    @Option(help: "Seed for random sizes and updates.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Self-sizing: the size every cell wants (prefer section), measured as cells show; use with --set estimatedItemSize=WxH.", valueName: "size"))
    var prefer: String?

    @Option(help: "Flings measured, each against the same bounds changes made one by one.")
    var flings = 0

    @Flag(name: .customLong("full-invalidation"), help: "Also measure every bounds change as invalidate-everything, side by side.")
    var fullInvalidation = false

    @Option(help: ArgumentHelp("Run a named suite of workloads with targets: \(BenchSuite.names.joined(separator: ", ")).", valueName: "name"),
            completion: .list(BenchSuite.names))
    var suite: String?

    @Flag(help: "With --suite: exit 1 only when a workload fails (an error, or a finding of stk verify's checker), not when a timing target is missed (for CI on a shared, noisy machine).")
    var errorsOnly = false

    @Option(help: ArgumentHelp("Measure the same workload on another layout too (with its own default options) and print the ratios of the two (a layout of your own against flow-sticky).", valueName: "layout"))
    var compare: String?

    @Flag(help: "Leave out the scaling verdict (the same workload at a hundredth and a tenth of the data, about 10 s).")
    var noScaling = false

    @Option(help: ArgumentHelp("Seconds the measured operations may take in all (0: no limit): each kind stops early when its share is used up, and the report says what it left out (a layout whose step costs seconds still ends).", valueName: "seconds"))
    var timeBudget: Double = 30

    @Flag(help: "Print the results as JSON.")
    var json = false

    func run() throws {
        do {
            try measure()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // stk's convention: an error is exit status 2 with `error: ...` on stderr.
            StandardStreams.write("error: \(error)\n", to: .error)
            throw ExitCode(2)
        }
    }

    private func measure() throws {
        try LoadedPlugins.shared.registerBuiltins()
        for path in plugins {
            _ = try LoadedPlugins.shared.load(path)
        }
        if let suite {
            let report = try BenchSuite.run(named: suite, registry: .shared, verify: { try VerifyBench.run($0) },
                                            export: { try ExportBench.run($0) }, script: { try ScriptBench.run($0) }) { line in
                StandardStreams.write(line + "\n", to: .error)
            }
            StandardStreams.write((json ? BenchReport.json(report) : BenchReport.text(report)) + "\n", to: .output)
            if errorsOnly ? !report.failures.isEmpty : !report.allMet { throw ExitCode(1) }
            return
        }
        let configuration = try makeConfiguration()
        let result = try BenchRunner.run(configuration, registry: .shared)
        if let compare {
            // The same data, bounds, path and updates; the options given were the first layout's.
            var other = configuration
            other.layoutName = LayoutRegistry.shared.entry(named: compare)?.descriptor.name ?? compare
            other.options = [:]
            let compared = try BenchRunner.run(other, registry: .shared)
            let comparison = LayoutComparison(result, against: compared)
            StandardStreams.write((json ? BenchReport.json([result, compared]) : BenchReport.text([result, compared]) + "\n" + comparison.line) + "\n", to: .output)
        } else {
            StandardStreams.write((json ? BenchReport.json([result]) : BenchReport.text([result])) + "\n", to: .output)
        }
        // The verdict: how the costs grow with the data, and what a frame affords.
        if !noScaling, !json, let descriptor = LayoutRegistry.shared.entry(named: configuration.layoutName)?.descriptor,
           let scaling = ScalingRun.run(configuration, descriptor: descriptor) {
            StandardStreams.write(scaling.lines.joined(separator: "\n") + "\n", to: .output)
        }
    }

    func makeConfiguration() throws -> BenchConfiguration {
        guard let viewport = Self.size(bounds) else { throw ValidationError("--bounds expects WxH, got '\(bounds)'") }
        let itemSizes: BenchItemSizes
        if sizes == "random" {
            itemSizes = .random(seed: seed, min: CGSize(width: 40, height: 20), max: CGSize(width: 180, height: 90))
        } else if let size = Self.size(sizes) {
            itemSizes = .uniform(size)
        } else {
            throw ValidationError("--sizes expects WxH or 'random', got '\(sizes)'")
        }
        var preferred: CGSize?
        if let prefer {
            guard let size = Self.size(prefer) else { throw ValidationError("--prefer expects WxH, got '\(prefer)'") }
            preferred = size
        }
        var values: [String: LayoutOptionValue] = [:]
        if !options.isEmpty {
            guard let descriptor = LayoutRegistry.shared.entry(named: layout)?.descriptor else {
                throw ValidationError("unknown layout '\(layout)' (known: \(LayoutRegistry.shared.names.joined(separator: ", ")))")
            }
            for assignment in options {
                let (name, value) = try Self.option(assignment, of: descriptor)
                values[name] = value
            }
        }
        // An alias (a layout's class name) measures the layout it names.
        let canonicalName = LayoutRegistry.shared.entry(named: layout)?.descriptor.name ?? layout
        let configuration = BenchConfiguration(
            layoutName: canonicalName, options: values, sections: sections, itemsPerSection: items, sizes: itemSizes,
            boundsSize: viewport, steps: steps, stepDistance: distance, batchCount: batches, seed: seed,
            fullInvalidation: fullInvalidation, preferredItemSize: preferred, flingCount: flings)
        do { try configuration.validate() } catch { throw ValidationError("\(error)") }
        guard timeBudget >= 0, timeBudget.isFinite else { throw ValidationError("--time-budget \(timeBudget): give a number of seconds, 0 for no limit") }
        var budgeted = configuration
        budgeted.timeBudgetSeconds = timeBudget > 0 ? timeBudget : nil
        return budgeted
    }

    /// `WxH` read with the script language's literal rules (as `bounds WxH` reads it).
    static func size(_ text: String) -> CGSize? {
        let script = Parser.parse(SourceFile(name: "--bounds", text: "bounds " + text))
        guard script.firstError == nil, script.commands.count == 1, case let .bounds(size, false) = script.commands[0].kind else { return nil }
        return size.value
    }

    /// `key=value` read with the script language's literal rules.
    static func option(_ assignment: String, of descriptor: LayoutDescriptor) throws -> (String, LayoutOptionValue) {
        let script = Parser.parse(SourceFile(name: "--set", text: "set " + assignment))
        guard script.firstError == nil, let command = script.commands.first, case let .set(list) = command.kind, let only = list.first, list.count == 1 else {
            throw ValidationError("--set expects one key=value, got '\(assignment)'")
        }
        guard let option = descriptor.option(named: only.name.value) else {
            throw ValidationError("layout '\(descriptor.name)' has no option '\(only.name.value)' (options: \(descriptor.options.map(\.name).joined(separator: ", ")))")
        }
        do {
            return (option.name, try only.value.value.layoutOptionValue(as: option.type, allowsAutomatic: option.allowsAutomatic))
        } catch {
            throw ValidationError("--set \(assignment): \(error)")
        }
    }
}
