import Foundation
import LayoutKit
import StkBench

/// `stk bench`'s checker workloads (StkBench's `VerifyWorkload`): a Verifier
/// run that times each checked operation.
public enum VerifyBench {
    public static func run(_ workload: VerifyWorkload, registry: LayoutRegistry = .shared) throws -> VerifyBenchResult {
        let options = Verifier.Options(seed: workload.seed, operations: workload.operations, sections: workload.sections,
                                       itemsPerSection: workload.itemsPerSection, timesOperations: true)
        let report = try Verifier(layoutName: workload.layoutName, options: options, registry: registry).run()
        return VerifyBenchResult(label: workload.name, layout: workload.layoutName, sections: workload.sections,
                                 itemsPerSection: workload.itemsPerSection, seed: workload.seed, operations: report.operationsRun,
                                 foundSomething: report.failure != nil, seconds: report.seconds, operationMicros: report.operationMicros)
    }
}
