import Foundation

/// A request the collection view refuses, as a value: what was refused and
/// the sentence that says so. Hosts decide by the case and its payload (which
/// section, which item, which update of a batch and which of its index paths);
/// the message is for people. The model is left exactly as it was before the
/// call.
///
/// `CollectionViewError("...")` makes an `.invalidValue`: the refusal of a
/// value a layout or a plugin words itself (an option, a registration).
public enum CollectionViewError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// A value outside what is accepted: a negative size, a point that is not
    /// finite, an option a layout does not have.
    case invalidValue(String)
    /// A section that does not exist.
    case noSuchSection(Int, message: String)
    /// An item that does not exist (or an index path that is not section:item).
    case noSuchItem(IndexPath, message: String)
    /// One update of a batch refused: its position in the batch as given, and
    /// which of its index paths is at fault.
    case refusedUpdate(index: Int, fault: UpdateFault, message: String)
    /// The data source's counts after a batch update do not match what the
    /// update leaves (UIKit's "invalid number of items").
    case inconsistentCounts(String)
    /// The layout answered something the collection view cannot use (a
    /// target offset that is not a finite point): the layout is at fault, not
    /// the request.
    case unusableLayoutAnswer(method: String, message: String)

    /// Which part of a refused update is at fault.
    public enum UpdateFault: Equatable, Sendable {
        /// What the update acts on: the section or item deleted, reloaded,
        /// moved (its source) or sized.
        case subject
        /// Where the update puts something: an insert's or a move's target,
        /// named by its index after the update.
        case destination
    }

    public init(_ message: String) { self = .invalidValue(message) }

    public var message: String {
        switch self {
        case .invalidValue(let message), .inconsistentCounts(let message): return message
        case .noSuchSection(_, let message), .noSuchItem(_, let message): return message
        case .refusedUpdate(_, _, let message), .unusableLayoutAnswer(_, let message): return message
        }
    }

    /// Whether the request named an element that does not exist (rather than
    /// a value that is refused).
    public var isMissingElement: Bool {
        switch self {
        case .noSuchSection, .noSuchItem: return true
        default: return false
        }
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

extension CollectionView {
    /// The error for a section that does not exist, with the valid range.
    public func sectionOutOfRange(_ section: Int) -> CollectionViewError {
        .noSuchSection(section, message: "section \(section) does not exist (there \(sections.count == 1 ? "is" : "are") \(sections.count) section\(sections.count == 1 ? "" : "s"), expected 0..<\(sections.count))")
    }

    /// The error for an index path that names no item: which section or item
    /// is missing, and the valid range.
    public func itemOutOfRange(_ indexPath: IndexPath) -> CollectionViewError {
        guard indexPath.count == 2 else {
            return .noSuchItem(indexPath, message: "expected an index path section:item, got \(indexPath.updateText)")
        }
        guard indexPath.section >= 0, indexPath.section < sections.count else { return sectionOutOfRange(indexPath.section) }
        let c = sections[indexPath.section].itemCount
        return .noSuchItem(indexPath, message: "item \(indexPath.stk) does not exist (section \(indexPath.section) has \(c) item\(c == 1 ? "" : "s"), expected 0..<\(c))")
    }
}

/// Checks for the numbers stk accepts: finite, and not negative where a size,
/// spacing or inset is meant.
public enum Validate {
    public static func nonNegative(_ value: CGFloat, _ what: String) throws {
        guard value.isFinite else { throw CollectionViewError("\(what) must be a finite number, got \(value.stk)") }
        guard value >= 0 else { throw CollectionViewError("\(what) must not be negative, got \(value.stk)") }
    }

    public static func finite(_ value: CGFloat, _ what: String) throws {
        guard value.isFinite else { throw CollectionViewError("\(what) must be a finite number, got \(value.stk)") }
    }

    public static func size(_ size: CGSize, _ what: String) throws {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw CollectionViewError("\(what) must be a size with finite, non-negative width and height, got \(size.stk)")
        }
    }

    public static func insets(_ insets: EdgeInsets, _ what: String) throws {
        for v in [insets.top, insets.left, insets.bottom, insets.right] where !v.isFinite || v < 0 {
            throw CollectionViewError("\(what) must be finite and non-negative (top,left,bottom,right), got \(insets)")
        }
    }

    public static func point(_ p: CGPoint, _ what: String) throws {
        guard p.x.isFinite, p.y.isFinite else { throw CollectionViewError("\(what) must be a finite point, got \(p.stk)") }
    }
}
