import Foundation
import Testing
@testable import StkScript

/// The log a verify session child keeps for its parent: rewritten in place
/// before each operation, cut only when the new record is shorter.
@Suite struct OperationLogTests {
    @Test func eachRecordReadsBackWholeWhetherLongerOrShorter() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stk-oplog-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try #require(OperationLog(path: path))
        #expect(OperationLog.read(path: path) == nil)
        log.record(operations: ["layout flow-sticky", "sections 4 items=9"], operationsRun: 0)
        log.record(operations: ["layout flow-sticky", "sections 4 items=9", "scroll to 0,120"], operationsRun: 1)
        var read = try #require(OperationLog.read(path: path))
        #expect(read.operationsRun == 1 && read.operations == ["layout flow-sticky", "sections 4 items=9", "scroll to 0,120"])
        // A new session: a shorter record leaves nothing of the longer one.
        log.record(operations: ["layout flow-sticky"], operationsRun: 2)
        read = try #require(OperationLog.read(path: path))
        #expect(read.operationsRun == 2 && read.operations == ["layout flow-sticky"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("2\nlayout flow-sticky\n".utf8))
    }
}
