import Builtins
import Foundation
import LayoutKit
import StkScript
import Testing
@testable import StkRender

/// Orthogonal rows in pictures: where each row on screen is scrolled, as a
/// `rows:` line under `render` and as the row's own scroll indicator in the SVG.
///
/// compositional-carousel in a 390-wide viewport: each section is a row of
/// groups 0.85 of the 350 points inside its 20-point insets (297.5 wide),
/// 10 apart. Ten items make a row 20 + 10 x 297.5 + 9 x 10 + 20 = 3105
/// long, of which the section shows its container's 390: offsets 0...2715.
@Suite struct OrthogonalRowPictureTests {
    func session(_ text: String) throws -> (Session, OutputBuffer) {
        let (session, _, output) = try pictureSession(text)
        return (session, output)
    }

    @Test func eachRowOnScreenSaysWhereItIsScrolled() throws {
        let (session, _) = try session("layout compositional-carousel\nsections 3 items=10\nscroll section 1 to 300")
        let cv = session.collectionView
        let rows = OrthogonalRow.rows(in: cv, elements: PictureElement.visible(in: cv))
        #expect(rows.map(\.state.section) == [0, 1, 2])
        let row = try #require(rows.first { $0.state.section == 1 })
        #expect(row.state.offset == 300 && row.state.maximumOffset == 2715 && row.isHorizontal)
        // The thumb: 390 x 390 / 3105 = 48.99 long, at 300 / 2715 of the
        // 390 - 48.99 it can travel: 37.68.
        #expect(abs(row.thumb.length - 390 * 390 / 3105) < 1e-9)
        #expect(abs(row.thumb.start - 300.0 / 2715 * (390 - 390.0 * 390 / 3105)) < 1e-9)
        #expect(OrthogonalRow.legendLines(rows, width: 120)
                == ["rows: section 0 at 0 of 0...2715  section 1 at 300 of 0...2715  section 2 at 0 of 0...2715"])
    }

    @Test func renderAndTheSVGShowTheRows() throws {
        let (_, output) = try session("""
        layout compositional-carousel
        sections 3 items=10
        scroll section 1 to 300
        render width=120
        """)
        #expect(output.lines.joined(separator: "\n").split(separator: "\n").last == "rows: section 0 at 0 of 0...2715  section 1 at 300 of 0...2715  section 2 at 0 of 0...2715")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stk-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rows.svg").path
        _ = try session("layout compositional-carousel\nsections 3 items=10\nscroll section 1 to 300\nexport svg \(path)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        // Section 1's cells span y 308...508 on screen: the track along the
        // row's bottom edge, 2 points in, 6 thick, at y 500; the thumb at x 37.68.
        #expect(svg.contains(#"<g class="row" data-section="1"><rect class="track" x="0" y="500" width="390" height="6" rx="3"/>"#
                             + #"<rect class="thumb" x="37.68" y="500" width="48.99" height="6" rx="3"/></g>"#), "\(svg)")
        #expect(svg.contains("rows: section 0 at 0 of 0...2715"))
    }

    @Test func aLayoutWithoutOrthogonalRowsHasNone() throws {
        let (session, output) = try session("layout flow-sticky\nsections 2 items=10\nrender width=40")
        let cv = session.collectionView
        #expect(OrthogonalRow.rows(in: cv, elements: PictureElement.visible(in: cv)).isEmpty)
        #expect(!output.lines.joined(separator: "\n").contains("rows:"))
    }
}
