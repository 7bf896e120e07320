// `import CoreGraphics` in a layout written for iOS. On Linux CGFloat, CGPoint,
// CGSize and CGRect come from Foundation; this module re-exports them with
// UIKit's names (StkUIKit), as a file that imports only CoreGraphics next to
// files that import UIKit sees them on iOS.
@_exported import StkUIKit
