import Foundation
import LayoutKit

extension TextFormat {
    /// `context`: one invalidation context as a header line (its class and, when
    /// known, why it was made) and one indented line per field, in the order of
    /// the JSON output. Lists are printed in full, however long:
    ///
    ///     CollectionViewFlowLayoutInvalidationContext (bounds change)
    ///       invalidateEverything=false
    ///       invalidateDataSourceCounts=false
    ///       items=none
    ///       supplementary header=1:0,2:0
    ///       decoration=none
    ///       contentOffsetAdjustment=0,0
    ///       contentSizeAdjustment=0x0
    ///       invalidateFlowLayoutDelegateMetrics=false
    ///       invalidateFlowLayoutAttributes=false
    ///
    /// `items=0:3,0:4` lists item index paths; supplementary and decoration
    /// elements get one line per kind, kinds sorted by name (`supplementary=none`
    /// when the context names none). The two flow flags appear only for flow
    /// contexts.
    public static func context(_ snapshot: InvalidationContextSnapshot, reason: InvalidationReason? = nil) -> String {
        var lines = [reason.map { "\(snapshot.contextClass) (\($0.rawValue))" } ?? snapshot.contextClass]
        var fields = [
            "invalidateEverything=\(snapshot.invalidateEverything)",
            "invalidateDataSourceCounts=\(snapshot.invalidateDataSourceCounts)",
            "items=\(snapshot.items.isEmpty ? "none" : indexPathList(snapshot.items))",
        ]
        fields += byKindLines("supplementary", snapshot.supplementary)
        fields += byKindLines("decoration", snapshot.decoration)
        fields.append("contentOffsetAdjustment=\(snapshot.contentOffsetAdjustment.stk)")
        fields.append("contentSizeAdjustment=\(snapshot.contentSizeAdjustment.stk)")
        if let metrics = snapshot.invalidateFlowLayoutDelegateMetrics {
            fields.append("invalidateFlowLayoutDelegateMetrics=\(metrics)")
        }
        if let attributes = snapshot.invalidateFlowLayoutAttributes {
            fields.append("invalidateFlowLayoutAttributes=\(attributes)")
        }
        lines += fields.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// Several contexts (a scroll in steps makes one per step), one block after
    /// the other in the order given; `no invalidation context` when there is none.
    public static func contexts(_ contexts: [(snapshot: InvalidationContextSnapshot, reason: InvalidationReason?)]) -> String {
        guard !contexts.isEmpty else { return "no invalidation context" }
        return contexts.map { context($0.snapshot, reason: $0.reason) }.joined(separator: "\n")
    }

    private static func byKindLines(_ label: String, _ byKind: [String: [IndexPath]]) -> [String] {
        guard !byKind.isEmpty else { return ["\(label)=none"] }
        return byKind.keys.sorted().map { kind in
            let paths = byKind[kind] ?? []
            return "\(label) \(kind)=\(paths.isEmpty ? "none" : indexPathList(paths))"
        }
    }
}
