import Foundation
import Testing
@testable import StkScript

/// `stk verify --setup FILE.stk`: the script's entries, as the sessions run
/// them and reproducers print them.
@Suite struct VerifySetupTests {
    @Test func blocksAndContinuationsAreOneEntryEach() throws {
        let script = """
            # the data
            sections 2 items=3; set itemSize=60x60
            batch
              delete item 0:0
              # a comment inside
              insert item 1:0
            end
            snapshot edit
              append items A B to S1
            apply
            snapshot edit S0
              append items P
              append items C1 \\
                C2 to P
              expand P
            apply
            #> an output line
            scroll to 0,10

            """
        #expect(try Verifier.setupCommands(fromScript: script, named: "s.stk") == [
            "sections 2 items=3; set itemSize=60x60",
            "batch; delete item 0:0; insert item 1:0; end",
            "snapshot edit; append items A B to S1; apply",
            "snapshot edit S0; append items P; append items C1 C2 to P; expand P; apply",
            "scroll to 0,10",
        ])
    }

    /// Lines end as the setup reader always took them: CRLF and a bare CR too.
    @Test func everyLineEndEndsALine() throws {
        #expect(try Verifier.setupCommands(fromScript: "sections 2\r\nbatch\rinsert item 0:0\r\nend\n", named: "s.stk")
                == ["sections 2", "batch; insert item 0:0; end"])
    }

    @Test func aBlockLeftOpenIsRefusedAtItsFirstLine() {
        #expect(throws: SessionError.self) { try Verifier.setupCommands(fromScript: "sections 1\n\nbatch\ninsert item 0:0\n", named: "s.stk") }
        do {
            _ = try Verifier.setupCommands(fromScript: "sections 1\n\nbatch\ninsert item 0:0\n", named: "s.stk")
        } catch let error as SessionError {
            #expect(error.message.contains("starts at line 3 ('batch')"), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
