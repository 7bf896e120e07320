// `import UIKit` in a layout written for iOS: UIKit's names over LayoutKit
// (StkUIKit), so the file compiles here without an edit. CoreGraphics and
// QuartzCore re-export the same names, as on iOS, where UIKit brings them.
@_exported import StkUIKit
