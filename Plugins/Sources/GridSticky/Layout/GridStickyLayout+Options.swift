import Foundation
import LayoutKit

/// Options by name, as stk's `layout grid-sticky ...` and `set ...` reach them.
extension GridStickyLayout {
    enum OptionName {
        static let stickyRows = "stickyRows"
        static let stickyColumns = "stickyColumns"
        static let itemSize = "itemSize"
        static let all = [stickyRows, stickyColumns, itemSize]
    }

    /// Validates, then applies with the smallest correct invalidation (see the
    /// properties). A refused value throws naming the option, the value and
    /// what was expected, and changes nothing.
    public func setOption(_ name: String, to value: LayoutOptionValue) throws {
        switch name {
        case OptionName.stickyRows:
            stickyRows = try Self.count(value, option: name)
        case OptionName.stickyColumns:
            stickyColumns = try Self.count(value, option: name)
        case OptionName.itemSize:
            guard case .size(let size) = value, size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw CollectionViewError("option \(name) of grid-sticky must be a size WxH with finite, non-negative width and height, got \(value)")
            }
            itemSize = size
        default:
            throw CollectionViewError("grid-sticky has no option '\(name)' (expected one of \(OptionName.all.joined(separator: ", ")))")
        }
    }

    public func optionValue(_ name: String) -> LayoutOptionValue? {
        switch name {
        case OptionName.stickyRows: return .number(Double(stickyRows))
        case OptionName.stickyColumns: return .number(Double(stickyColumns))
        case OptionName.itemSize: return .size(itemSize)
        default: return nil
        }
    }

    private static func count(_ value: LayoutOptionValue, option: String) throws -> Int {
        guard case .number(let n) = value, n.isFinite, n >= 0, n == n.rounded(), let count = Int(exactly: n) else {
            throw CollectionViewError("option \(option) of grid-sticky must be a non-negative integer, got \(value)")
        }
        return count
    }
}
