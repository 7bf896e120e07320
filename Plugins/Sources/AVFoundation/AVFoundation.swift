// `import AVFoundation` beside a layout: a Pinterest-style layout's delegate
// fits each photo into its column with `AVMakeRect(aspectRatio:insideRect:)`,
// the one function of AVFoundation that layout code uses. stk has no media:
// nothing here plays, records or decodes anything.
import Foundation

/// The largest rect with the aspect ratio of `aspectRatio` that fits inside
/// `boundingRect`, centred in it, as AVFoundation's function gives it: a
/// 3:4 photo in a column 150 wide and as tall as need be
/// (`CGRect(x: 0, y: 0, width: 150, height: .greatestFiniteMagnitude)`) is
/// 150 x 200. An aspect ratio with no width or no height has no shape to
/// fit: the result is the bounding rect's centre, empty.
public func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
    guard aspectRatio.width > 0, aspectRatio.height > 0 else {
        return CGRect(x: boundingRect.midX, y: boundingRect.midY, width: 0, height: 0)
    }
    let scale = min(boundingRect.width / aspectRatio.width, boundingRect.height / aspectRatio.height)
    let size = CGSize(width: aspectRatio.width * scale, height: aspectRatio.height * scale)
    return CGRect(x: boundingRect.minX + (boundingRect.width - size.width) / 2,
                  y: boundingRect.minY + (boundingRect.height - size.height) / 2,
                  width: size.width, height: size.height)
}
