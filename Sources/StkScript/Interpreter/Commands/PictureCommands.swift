import Foundation
import LayoutKit
import StkRender

// render, export svg, export html
extension Interpreter {
    /// What the last operation did, as pictures mark it.
    /// (Of the paused operation so far, while `step` holds one.)
    var lastOperationMarks: CycleMarks { CycleMarks(events: eventsForQueries) }

    /// The visible elements as pictures draw them (with the pinning stk derives).
    var visiblePictureElements: [PictureElement] {
        visibleSorted.map { PictureElement.element(of: $0, in: session.collectionView) }
    }

    func runRender(_ width: Located<Int>?, _ height: Located<Int>?) throws {
        if let width, width.value < ViewportRenderOptions.minimumWidth {
            throw CommandError("width must be at least \(ViewportRenderOptions.minimumWidth) columns, got \(width.value)", at: width.range)
        }
        if let height, height.value < ViewportRenderOptions.minimumHeight {
            throw CommandError("height must be at least \(ViewportRenderOptions.minimumHeight) rows, got \(height.value)", at: height.range)
        }
        let cv = session.collectionView
        let elements = visiblePictureElements
        guard !options.json else {
            let attributes = visibleSorted
            answer(text: "", json: JSONFormat.viewport(attributes: attributes, bounds: cv.bounds, contentSize: cv.contentSize))
            return
        }
        let marks = lastOperationMarks
        let rows = OrthogonalRow.rows(in: cv, elements: elements)
        var renderOptions: ViewportRenderOptions
        switch (width?.value, height?.value) {
        case let (w?, h):
            renderOptions = ViewportRenderOptions(width: w, height: h)
        case let (nil, h?):
            renderOptions = ViewportRenderOptions(width: ViewportRenderOptions.width(forHeight: h, bounds: cv.bounds), height: h)
        case (nil, nil):
            if let terminal = terminalSize?(), terminal.columns > 0, terminal.rows > 0 {
                // A line stays free for the prompt.
                renderOptions = .fitting(columns: terminal.columns, rows: terminal.rows - 1, bounds: cv.bounds, marks: marks,
                                         orthogonalRows: rows)
            } else {
                renderOptions = ViewportRenderOptions()
            }
        }
        renderOptions.color = options.color
        renderOptions.marks = marks
        renderOptions.rows = rows
        answer(text: ViewportRenderer.render(elements: elements, bounds: cv.bounds, contentSize: cv.contentSize, options: renderOptions),
               json: .null)
    }

    /// `export svg|html [--force] PATH`: written atomically, never over an
    /// existing file without --force. Not a state change: `save` does not
    /// record it, `undo` does not see it.
    func runExport(_ format: Located<ExportFormat>, _ path: Located<String>, force: Bool, _ c: CommandContext) throws {
        let url = resolve(path.value, relativeTo: nil)
        // A replayed session (the REPL's new worker after a crash) rebuilds
        // state only: the file was written, or refused, the first time.
        if options.replaying { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw CommandError("\(path.value) is a folder; give a file path", at: path.range) }
            if !force {
                // Said before the picture is drawn (a page may take a while).
                throw CommandError("\(path.value) already exists; use 'export \(format.value.rawValue) --force \(Self.quotedIfNeeded(path.value))' to overwrite it", at: path.range)
            }
        }
        let folder = url.deletingLastPathComponent()
        var folderIsFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &folderIsFolder), folderIsFolder.boolValue else {
            throw CommandError("cannot write \(path.value): no such folder \(folder.path)", at: path.range)
        }
        let text: String
        let summary: String
        switch format.value {
        case .svg:
            let cv = session.collectionView
            let elements = visiblePictureElements
            text = SVGPicture.render(elements: elements, bounds: cv.bounds, contentSize: cv.contentSize, marks: lastOperationMarks,
                                     rows: OrthogonalRow.rows(in: cv, elements: elements),
                                     title: "stk: \(session.layoutName) offset=\(cv.bounds.origin.stk) bounds=\(cv.bounds.size.stk)")
            summary = "exported the viewport (\(cv.bounds.size.stk), \(elements.count) element\(elements.count == 1 ? "" : "s")) to \(path.value)"
        case .html:
            let film = session.frameLog.film
            text = HTMLFilm.page(frames: film.frames, dropped: film.dropped, capacity: session.frameLog.capacity,
                                 title: "stk: \(session.layoutName)")
            let operations = HTMLFilm.operationCount(film.frames)
            summary = "exported \(film.frames.count) frame\(film.frames.count == 1 ? "" : "s") of \(operations) operation\(operations == 1 ? "" : "s") to \(path.value)"
            if film.dropped > 0 {
                report(Diagnostic(.note, "the page starts \(film.dropped) frame\(film.dropped == 1 ? "" : "s") late: the session keeps its last \(session.frameLog.capacity) frames",
                                  at: c.command.range, in: c.file), trail: c.trail)
            }
        }
        try writeFile(text, to: url, named: path, force: force,
                      forceCommand: "export \(format.value.rawValue) --force \(Self.quotedIfNeeded(path.value))")
        if !options.json { output.writeLine(summary) }
    }
}
