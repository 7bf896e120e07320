// `import QuartzCore` in a layout written for iOS: the same names as
// `import UIKit` (StkUIKit), so the file compiles here without an edit.
@_exported import StkUIKit
