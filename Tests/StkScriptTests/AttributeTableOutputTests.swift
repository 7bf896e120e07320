import Foundation
@testable import LayoutKit
import StkTestSupport
import Testing
@testable import StkRender

/// Every output reads the one table of attribute fields
/// (`AttributesSnapshot.fields`): a field added there is printed, exported
/// and traced without another edit. These tests walk the table, so a new
/// field is checked by them as it is added.
@Suite struct AttributeTableOutputTests {
    /// An element with every field of the table set away from its default.
    private func everythingSet() -> CollectionViewLayoutAttributes {
        let a = header(1, 0, 300, 390, 30)
        a.zIndex = 2
        a.alpha = 0.5
        a.isHidden = true
        a.isPinned = true
        a.transform = CGAffineTransform(translationX: 5, y: 0)
        return a
    }

    @Test func textAndJSONListEveryFieldOfTheTable() throws {
        let a = everythingSet()
        let text = TextFormat.attributes(a)
        let words = text.split(separator: " ").map { $0.split(separator: "=").first.map(String.init) ?? "" }
        for field in AttributesSnapshot.fields {
            #expect(words.contains(field.name), "\(field.name) missing from \(text)")
        }
        let json = try parseObject(JSONFormat.attributes(a).serialized)
        for field in AttributesSnapshot.fields {
            #expect(json[field.jsonName] != nil, "\(field.jsonName) missing from the JSON")
        }
        #expect(json.count == 3 + AttributesSnapshot.fields.count, "category, kind, indexPath, then the table")
    }

    /// Trace's change line names each field that changed, in the table's
    /// order after the frame, whichever field it is.
    @Test func traceNamesEveryChangedFieldOfTheTable() {
        let from = header(1, 0, 300, 390, 30)
        let to = everythingSet()
        to.frame = from.frame
        let line = TraceFormat.changeLine(VisibleDiff.Change(from: from, to: to))
        #expect(line == "changed: header 1 zIndex 1 -> 2; alpha 1 -> 0.5; hidden false -> true; pinned false -> true; "
                + "transform=1,0,0,1,0,0 -> transform=1,0,0,1,5,0")
        let names = AttributesSnapshot.fields.map(\.name).filter { $0 != "frame" }
        for name in names { #expect(line.contains(name), "\(name) missing from \(line)") }
    }
}
