import Foundation
import StkTestSupport
import Testing

/// UIKit's view surface (docs/uikit-names.md, "Views, layers, colours, paths
/// and text"): a layout file whose view code uses every name compiles as
/// written, and what the names answer when a plugin runs them: stk's text
/// estimate, `UIBezierPath.contains(_:)`, view geometry and hit testing. The
/// probe layout runs the code in `prepare()` and reports each answer as a
/// field of its attributes class, which `attr` prints.
@Suite struct UIKitSurfaceTests {
    /// One run of the probe: every field of `attr item 0:0`, by name.
    static let fields: Result<[String: String], any Error> = Result {
        let folder = try ScratchFolder()
        try Data(probe.utf8).write(to: folder.url.appendingPathComponent("SurfaceProbe.swift"))
        let result = try StkProcess.run(["--plugin", "SurfaceProbe.swift", "-e", "layout surface-probe-layout; sections 1 items=1; attr item 0:0"],
                                        environment: ["STK_ADAPTER": try SourceAdapterTool.path()], in: folder.url)
        guard result.status == 0, let line = result.lines.first else {
            throw ProbeFailure(description: "the probe did not run: \(result)")
        }
        var fields: [String: String] = [:]
        for word in line.split(separator: " ") {
            guard let equals = word.firstIndex(of: "=") else { continue }
            fields[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        return fields
    }

    struct ProbeFailure: Error, CustomStringConvertible {
        let description: String
    }

    func expectFields(_ expected: KeyValuePairs<String, String>, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fields = try Self.fields.get()
        for (name, value) in expected {
            #expect(fields[name] == value, "\(name): \(fields[name] ?? "missing")", sourceLocation: sourceLocation)
        }
    }

    // MARK: Text measurement

    /// 0.55 x the point size per character, 1.2 x the point size per line.
    @Test func sizeWithAttributesIsTheDocumentedEstimate() throws {
        try expectFields([
            // "Saved cards": 11 * 0.55 * 17, 1.2 * 17.
            "sizeWidth": "102.85", "sizeHeight": "20.4",
            // String's own size(withAttributes:): 3 * 0.55 * 20, in bold too.
            "stringWidth": "33",
            // No font: 12 points, "abcd" 4 * 6.6 by 14.4.
            "defaultWidth": "26.4", "defaultHeight": "14.4",
            // Two lines at 10 points: the longer is 4 * 5.5; 2 * 12 high.
            "linesWidth": "22", "linesHeight": "24",
            "emptyWidth": "0", "emptyHeight": "0",
            // "abc\nd" in 20 points: 3 * 11 by 2 * 24.
            "attributedWidth": "33", "attributedHeight": "48",
        ])
    }

    /// boundingRect wraps at the width with .usesLineFragmentOrigin only.
    @Test func boundingRectWrapsAtWordsWithinTheWidth() throws {
        try expectFields([
            // 60 / 5.5 = 10 characters a line: "hello" / "world" / "again".
            "wrappedWidth": "27.5", "wrappedHeight": "36",
            // Without the option: one line, 17 * 5.5.
            "unwrappedWidth": "93.5", "unwrappedHeight": "12",
            // A 25-letter word is broken anywhere: 10, 10 and 5 characters.
            "longWordWidth": "55", "longWordHeight": "36",
            // CGSize(width: 100, height: .greatestFiniteMagnitude), as iOS code writes it.
            "unboundedWidth": "16.5",
        ])
    }

    @Test func fontsHaveUIKitsDefaultSizesAndProportionalMetrics() throws {
        try expectFields(["headlineSize": "17", "caption1Size": "12", "bodyLineHeight": "20.4", "largeTitleSize": "34"])
    }

    /// Text alignments and line break modes that style values keep: UIKit's raw values.
    @Test func textAlignmentsAndLineBreakModesHaveUIKitsRawValues() throws {
        try expectFields(["centerAlignment": "1", "naturalAlignment": "4", "truncatingTail": "4"])
    }

    /// A bold large title made through a font descriptor, as Apple's samples
    /// make one: 34 points, bold; at 20 points its line is 1.2 x 20 = 24.
    @Test func fontDescriptorsMakeFontsOfTheirSizeAndTraits() throws {
        try expectFields(["descriptorSize": "34", "descriptorResized": "24", "descriptorBold": "1", "roundedKept": "1"])
    }

    /// UIKit's additions to NSIndexPath, which old delegate protocols pass.
    @Test func nsIndexPathsHaveAnItemARowAndASection() throws {
        try expectFields(["nsItem": "3", "nsSection": "1", "nsRow": "2"])
    }

    // MARK: Paths

    /// Rects follow CGRect.contains: left and top edges in, right and bottom out.
    @Test func rectPathsContainWhatCGRectContains() throws {
        try expectFields(["rectInside": "1", "rectTopLeft": "1", "rectRightEdge": "0",
                          "rectBottomEdge": "0", "rectOutside": "0", "cgRectPath": "1",
                          "translatedInside": "1", "translatedEdge": "0"])
    }

    /// Rounded rects and ovals are curves: their corners are outside.
    @Test func roundedRectsAndOvalsExcludeTheirCorners() throws {
        try expectFields(["roundedCenter": "1", "roundedCorner": "0", "roundedNearCorner": "1", "roundedEdge": "1",
                          "ovalCenter": "1", "ovalCorner": "0", "ovalEast": "1", "ovalOutside": "0",
                          "roundedBoundsWidth": "100", "ovalBoundsHeight": "50", "onlyTopRoundedBottomCorner": "1"])
    }

    /// Polygons of lines; nonzero winding by default, even-odd when asked.
    @Test func polygonsFillByWindingOrEvenOdd() throws {
        try expectFields(["triangleIn": "1", "triangleOut": "0",
                          "nonzeroOverlap": "1", "evenOddOverlap": "0",
                          "reversedHole": "0", "reversedRing": "1"])
    }

    /// UIKit's clockwise is on screen (towards larger angles); CoreGraphics' the opposite.
    @Test func arcsTurnTheWayEachAPISays() throws {
        try expectFields(["arcLowerHalf": "1", "arcUpperHalf": "0", "cgArcUpperHalf": "1"])
    }

    // MARK: Views

    @Test func viewGeometryConvertsThroughFramesBoundsAndTransforms() throws {
        try expectFields(["toParentY": "25", "toRootY": "-75", "fromParentX": "5",
                          "scaledFrameX": "25", "scaledFrameWidth": "50", "layerFrameX": "100",
                          "equalToStandardized": "1"])
    }

    @Test func hitTestingFollowsUIKitsRules() throws {
        try expectFields(["hitChild": "7", "hitParent": "1", "hitHiddenChild": "1",
                          "hitCircleCorner": "1", "hitCircleCenter": "9", "touchX": "0"])
    }

    /// The cell's content view and background view follow its width; its
    /// layer holds the shape layer the cell added and the layers of its three
    /// subviews (content, background and selected background views).
    @Test func viewsBehaveAsOnIOSWhereAPluginRunsThem() throws {
        try expectFields(["contentViewWidth": "200", "backgroundViewWidth": "200", "animated": "1", "completed": "1",
                          "laidOut": "1", "alphaRoundTrip": "1", "colorRoundTrip": "1", "gradientLayerClass": "1",
                          "redComponent": "1", "withAlpha": "0.4", "sublayerCount": "4", "delegateDefault": "1",
                          "optionalFallbackX": "7", "implementedCalled": "1",
                          "cellApplied": "0.5"])
    }

    /// The example file, as published code writes it, loads with no edit but
    /// the one every file gets (the import of Foundation), and its header is
    /// as tall as the estimate of its title says.
    @Test func theCardStackExampleLoadsAsWritten() throws {
        let result = try StkProcess.run(["--explain", "--plugin", "Examples/SourceLayouts/CardStackLayout.swift", "-e",
                                         "layout card-stack-layout; sections 1 items=2; attr header 0"],
                                        environment: ["STK_ADAPTER": try SourceAdapterTool.path()], in: ExamplePackage.repositoryRoot)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["header 0 frame=16,16,135,45 zIndex=0 alpha=1 hidden=false stackProgress=0"], "\(result)")
        #expect(result.stderrLines.filter { !$0.hasPrefix("note: loaded ") }
                == ["note: Examples/SourceLayouts/CardStackLayout.swift:13:1: left out 'import Foundation': UIKit brings it, and with both imported CGRect's members (intersects) would be ambiguous"],
                "\(result)")
    }

    // MARK: The probe

    static let probe = #"""
        import UIKit
        import Foundation
        import QuartzCore

        /// Every answer, one field each (attr prints them).
        final class ProbeAttributes: UICollectionViewLayoutAttributes {
            // Text
            var sizeWidth: CGFloat = 0, sizeHeight: CGFloat = 0, stringWidth: CGFloat = 0
            var defaultWidth: CGFloat = 0, defaultHeight: CGFloat = 0, linesWidth: CGFloat = 0, linesHeight: CGFloat = 0
            var emptyWidth: CGFloat = -1, emptyHeight: CGFloat = -1, attributedWidth: CGFloat = 0, attributedHeight: CGFloat = 0
            var wrappedWidth: CGFloat = 0, wrappedHeight: CGFloat = 0, unwrappedWidth: CGFloat = 0, unwrappedHeight: CGFloat = 0
            var longWordWidth: CGFloat = 0, longWordHeight: CGFloat = 0, unboundedWidth: CGFloat = 0
            var headlineSize: CGFloat = 0, caption1Size: CGFloat = 0, bodyLineHeight: CGFloat = 0, largeTitleSize: CGFloat = 0
            var centerAlignment = -1, naturalAlignment = -1, truncatingTail = -1
            var nsItem = -1, nsSection = -1, nsRow = -1
            var descriptorSize: CGFloat = 0, descriptorResized: CGFloat = 0, descriptorBold = false, roundedKept = false
            // Paths
            var rectInside = false, rectTopLeft = false, rectRightEdge = true, rectBottomEdge = true, rectOutside = true
            var cgRectPath = false, translatedInside = false, translatedEdge = true
            var roundedCenter = false, roundedCorner = true, roundedNearCorner = false, roundedEdge = false
            var ovalCenter = false, ovalCorner = true, ovalEast = false, ovalOutside = true
            var roundedBoundsWidth: CGFloat = 0, ovalBoundsHeight: CGFloat = 0, onlyTopRoundedBottomCorner = false
            var triangleIn = false, triangleOut = true, nonzeroOverlap = false, evenOddOverlap = true
            var reversedHole = true, reversedRing = false
            var arcLowerHalf = false, arcUpperHalf = true, cgArcUpperHalf = false
            // Views
            var toParentY: CGFloat = 0, toRootY: CGFloat = 0, fromParentX: CGFloat = 0
            var scaledFrameX: CGFloat = 0, scaledFrameWidth: CGFloat = 0, layerFrameX: CGFloat = 0, equalToStandardized = false
            var hitChild = 0, hitParent = 0, hitHiddenChild = 0, hitCircleCorner = 0, hitCircleCenter = 0, touchX: CGFloat = -1
            var contentViewWidth: CGFloat = 0, backgroundViewWidth: CGFloat = 0, animated = false, completed = false
            var laidOut = false, alphaRoundTrip = false, colorRoundTrip = false, gradientLayerClass = false
            var redComponent: CGFloat = 0, withAlpha: CGFloat = 0, sublayerCount = 0, delegateDefault = false, cellApplied: CGFloat = 0
            var optionalFallbackX: CGFloat = 0, implementedCalled = false

            override func copy(with zone: NSZone? = nil) -> Any {
                let copy = super.copy(with: zone) as! ProbeAttributes
                copy.measure()
                copy.delegateDefault = delegateDefault
                copy.optionalFallbackX = optionalFallbackX
                copy.implementedCalled = implementedCalled
                return copy
            }

            func measure() {
                measureText()
                measurePaths()
                measureViews()
            }

            func measureText() {
                let size = ("Saved cards" as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)])
                (sizeWidth, sizeHeight) = (size.width, size.height)
                stringWidth = "abc".size(withAttributes: [NSAttributedString.Key.font: UIFont.boldSystemFont(ofSize: 20)]).width
                let plain = "abcd".size(withAttributes: nil)
                (defaultWidth, defaultHeight) = (plain.width, plain.height)
                let ten: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 10, weight: .medium), .foregroundColor: UIColor.label]
                let lines = ("ab\ncdef" as NSString).size(withAttributes: ten)
                (linesWidth, linesHeight) = (lines.width, lines.height)
                let empty = "".size(withAttributes: ten)
                (emptyWidth, emptyHeight) = (empty.width, empty.height)
                let attributed = NSAttributedString(string: "abc\nd", attributes: [.font: UIFont.systemFont(ofSize: 20)]).size()
                (attributedWidth, attributedHeight) = (attributed.width, attributed.height)
                let wrapped = ("hello world again" as NSString).boundingRect(with: CGSize(width: 60, height: 1000),
                    options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: ten, context: nil)
                (wrappedWidth, wrappedHeight) = (wrapped.width, wrapped.height)
                let unwrapped = "hello world again".boundingRect(with: CGSize(width: 60, height: 1000), options: [], attributes: ten, context: nil)
                (unwrappedWidth, unwrappedHeight) = (unwrapped.width, unwrapped.height)
                let context = NSStringDrawingContext()
                let long = "abcdefghijklmnopqrstuvwxy".boundingRect(with: CGSize(width: 60, height: 0),
                    options: NSString.DrawingOptions.usesLineFragmentOrigin, attributes: ten, context: context)
                (longWordWidth, longWordHeight) = (long.width, long.height)
                unboundedWidth = "abc".boundingRect(with: CGSize(width: 100, height: .greatestFiniteMagnitude),
                    options: .usesLineFragmentOrigin, attributes: [.font: UIFont.systemFont(ofSize: 10)], context: nil).width
                headlineSize = UIFont.preferredFont(forTextStyle: .headline).pointSize
                caption1Size = UIFont.preferredFont(forTextStyle: UIFont.TextStyle.caption1).pointSize
                bodyLineHeight = UIFont.preferredFont(forTextStyle: .body).lineHeight
                largeTitleSize = UIFontMetrics(forTextStyle: .largeTitle).scaledFont(for: .preferredFont(forTextStyle: .largeTitle)).pointSize
                let alignment: NSTextAlignment = .center
                centerAlignment = alignment.rawValue
                naturalAlignment = NSTextAlignment.natural.rawValue
                truncatingTail = NSLineBreakMode.byTruncatingTail.rawValue
                let path = NSIndexPath(item: 3, section: 1)
                (nsItem, nsSection) = (path.item, path.section)
                nsRow = (IndexPath(row: 2, section: 0) as NSIndexPath).row
                let boldTitle = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .largeTitle).withSymbolicTraits(.traitBold)!
                descriptorSize = UIFont(descriptor: boldTitle, size: 0).pointSize
                descriptorResized = UIFont(descriptor: boldTitle, size: 20).lineHeight
                descriptorBold = UIFont(descriptor: boldTitle, size: 0).fontDescriptor.symbolicTraits.contains(.traitBold)
                roundedKept = boldTitle.withDesign(.rounded)?.design == .rounded
            }

            func measurePaths() {
                let rect = UIBezierPath(rect: CGRect(x: 10, y: 10, width: 100, height: 50))
                rectInside = rect.contains(CGPoint(x: 50, y: 30))
                rectTopLeft = rect.contains(CGPoint(x: 10, y: 10))
                rectRightEdge = rect.contains(CGPoint(x: 110, y: 30))
                rectBottomEdge = rect.contains(CGPoint(x: 50, y: 60))
                rectOutside = rect.contains(CGPoint(x: 5, y: 30))
                cgRectPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil).contains(CGPoint(x: 5, y: 5))
                rect.apply(CGAffineTransform(translationX: 10, y: 0))
                translatedInside = rect.contains(CGPoint(x: 105, y: 30))
                translatedEdge = rect.contains(CGPoint(x: 120, y: 30))

                let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 20)
                roundedCenter = rounded.contains(CGPoint(x: 50, y: 50))
                roundedCorner = rounded.contains(CGPoint(x: 2, y: 2))
                roundedNearCorner = rounded.contains(CGPoint(x: 10, y: 10))
                roundedEdge = rounded.contains(CGPoint(x: 1, y: 50))
                roundedBoundsWidth = rounded.bounds.width
                let topOnly = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100),
                                           byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 20, height: 20))
                onlyTopRoundedBottomCorner = topOnly.contains(CGPoint(x: 1, y: 98)) && !topOnly.contains(CGPoint(x: 1, y: 2))

                let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 50))
                ovalCenter = oval.contains(CGPoint(x: 50, y: 25))
                ovalCorner = oval.contains(CGPoint(x: 5, y: 5))
                ovalEast = oval.contains(CGPoint(x: 99, y: 25))
                ovalOutside = oval.contains(CGPoint(x: 95, y: 45))
                ovalBoundsHeight = oval.bounds.height

                let triangle = UIBezierPath()
                triangle.move(to: .zero)
                triangle.addLine(to: CGPoint(x: 100, y: 0))
                triangle.addLine(to: CGPoint(x: 0, y: 100))
                triangle.close()
                triangleIn = triangle.contains(CGPoint(x: 49, y: 49))
                triangleOut = triangle.contains(CGPoint(x: 60, y: 60))

                let overlap = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
                overlap.append(UIBezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)))
                nonzeroOverlap = overlap.contains(CGPoint(x: 50, y: 50))
                overlap.usesEvenOddFillRule = true
                evenOddOverlap = overlap.contains(CGPoint(x: 50, y: 50))

                let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
                ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)).reversing())
                reversedHole = ring.contains(CGPoint(x: 50, y: 50))
                reversedRing = ring.contains(CGPoint(x: 50, y: 10))

                let arc = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 50, startAngle: 0, endAngle: .pi, clockwise: true)
                arc.close()
                arcLowerHalf = arc.contains(CGPoint(x: 50, y: 75))
                arcUpperHalf = arc.contains(CGPoint(x: 50, y: 25))
                let cgArc = CGMutablePath()
                cgArc.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: 0, endAngle: .pi, clockwise: true)
                cgArc.closeSubpath()
                cgArcUpperHalf = cgArc.contains(CGPoint(x: 50, y: 25))
            }

            func measureViews() {
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                root.tag = 1
                root.bounds.origin = CGPoint(x: 0, y: 100)
                let child = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
                child.tag = 7
                root.addSubview(child)
                toParentY = child.convert(CGPoint(x: 5, y: 5), to: root).y
                toRootY = child.convert(CGPoint(x: 5, y: 5), to: nil).y
                fromParentX = child.convert(CGPoint(x: 15, y: 25), from: root).x
                root.bounds.origin = .zero
                hitChild = root.hitTest(CGPoint(x: 15, y: 25), with: UIEvent())?.tag ?? -1
                hitParent = root.hitTest(CGPoint(x: 150, y: 150), with: nil)?.tag ?? -1
                child.isHidden = true
                hitHiddenChild = root.hitTest(CGPoint(x: 15, y: 25), with: nil)?.tag ?? -1
                let circle = CircleView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
                circle.tag = 9
                root.addSubview(circle)
                hitCircleCorner = root.hitTest(CGPoint(x: 102, y: 102), with: nil)?.tag ?? -1
                hitCircleCenter = root.hitTest(CGPoint(x: 150, y: 150), with: nil)?.tag ?? -1
                touchX = UITouch().location(in: root).x

                let scaled = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                scaled.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
                (scaledFrameX, scaledFrameWidth) = (scaled.frame.minX, scaled.frame.width)
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
                layer.position = CGPoint(x: 100, y: 100)
                layer.anchorPoint = .zero
                layerFrameX = layer.frame.minX
                equalToStandardized = CGRect(x: 0, y: 0, width: -10, height: 10).equalTo(CGRect(x: -10, y: 0, width: 10, height: 10))
                    && CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)) && CGPoint.zero.equalTo(.zero)

                let cell = ProbeCell(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
                cell.backgroundView = UIView()
                cell.frame.size.width = 200
                contentViewWidth = cell.contentView.frame.width
                backgroundViewWidth = cell.backgroundView?.frame.width ?? 0
                cell.setNeedsLayout()
                cell.layoutIfNeeded()
                laidOut = cell.laidOut
                UIView.animate(withDuration: 0.3, animations: { self.animated = true }) { finished in self.completed = finished }
                cell.alpha = 0.7
                alphaRoundTrip = cell.alpha == 0.7
                cell.backgroundColor = .systemBlue
                colorRoundTrip = cell.backgroundColor == UIColor.systemBlue && cell.backgroundColor != .systemGray
                gradientLayerClass = GradientView().layer is CAGradientLayer
                var red: CGFloat = 0
                _ = UIColor.systemRed.getRed(&red, green: nil, blue: nil, alpha: nil)
                redComponent = red
                withAlpha = UIColor(white: 1, alpha: 1).withAlphaComponent(0.4).cgColor.alpha
                sublayerCount = cell.layer.sublayers?.count ?? 0
                let applied = ProbeAttributes(forCellWith: IndexPath(item: 0, section: 0))
                applied.alpha = 0.5
                cell.apply(applied)
                cellApplied = cell.appliedAlpha
            }
        }

        final class CircleView: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                UIBezierPath(ovalIn: bounds).contains(point)
            }
        }

        final class GradientView: UIView {
            override class var layerClass: AnyClass { CAGradientLayer.self }
        }

        final class ProbeCell: UICollectionViewCell {
            private let shape = CAShapeLayer()
            private(set) var laidOut = false
            private(set) var appliedAlpha: CGFloat = 0

            override init(frame: CGRect) {
                super.init(frame: frame)
                contentView.layer.cornerRadius = 8
                contentView.layer.masksToBounds = true
                layer.borderColor = UIColor.separator.cgColor
                layer.borderWidth = 1
                layer.shadowOpacity = 0.2
                layer.addSublayer(shape)
                shape.fillColor = UIColor.clear.cgColor
                shape.strokeColor = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1).cgColor
                shape.lineWidth = 2
                let gradient = CAGradientLayer()
                gradient.colors = [UIColor.white.cgColor, UIColor.systemGroupedBackground.cgColor]
                gradient.locations = [0, 1]
                gradient.startPoint = CGPoint(x: 0, y: 0)
                gradient.endPoint = CGPoint(x: 1, y: 1)
                contentView.layer.insertSublayer(gradient, at: 0)
                selectedBackgroundView = UIView()
                selectedBackgroundView?.backgroundColor = .secondarySystemBackground
                isSelected = false
                isHighlighted = false
                clipsToBounds = false
                isUserInteractionEnabled = true
                contentMode = .scaleAspectFill
                translatesAutoresizingMaskIntoConstraints = true
                _ = (sizeThatFits(.zero), intrinsicContentSize, superview, subviews, center, transform, reuseIdentifier as Any)
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

            override func layoutSubviews() {
                super.layoutSubviews()
                laidOut = true
                shape.frame = bounds
                shape.path = UIBezierPath(roundedRect: bounds, cornerRadius: 8).cgPath
            }

            override func prepareForReuse() {
                super.prepareForReuse()
                appliedAlpha = 0
            }

            override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
                super.apply(layoutAttributes)
                appliedAlpha = layoutAttributes.alpha
            }

            override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
                let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
                attributes.frame.size = contentView.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
                return attributes
            }

            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                UIBezierPath(roundedRect: bounds, cornerRadius: 8).contains(point)
            }

            override var isHighlighted: Bool {
                didSet { UIView.animate(withDuration: 0.2) { self.contentView.alpha = self.isHighlighted ? 0.8 : 1 } }
            }
        }

        final class ProbeDelegate: NSObject, UICollectionViewDelegate, UICollectionViewDelegateFlowLayout, UIScrollViewDelegate {
            var scrolled = false
            func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolled = true }
            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
        }

        final class SurfaceProbeLayout: UICollectionViewLayout {
            private var probe: ProbeAttributes?
            private let delegate = ProbeDelegate()

            override class var layoutAttributesClass: AnyClass { ProbeAttributes.self }

            override func prepare() {
                super.prepare()
                let attributes = ProbeAttributes(forCellWith: IndexPath(item: 0, section: 0))
                attributes.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                attributes.measure()
                if let collectionView = collectionView {
                    attributes.delegateDefault = delegate.collectionView(collectionView, shouldSelectItemAt: IndexPath(item: 0, section: 0))
                        && delegate.scrollViewShouldScrollToTop(collectionView)
                    // As on iOS, an optional method the delegate lacks is nil at a `?(` call.
                    let asked: UICollectionViewDelegate? = delegate
                    let target = asked?.collectionView?(collectionView, targetContentOffsetForProposedContentOffset: .zero) ?? CGPoint(x: 7, y: 0)
                    attributes.optionalFallbackX = target.x
                    asked?.scrollViewDidScroll?(collectionView)
                    attributes.implementedCalled = delegate.scrolled
                }
                probe = attributes
            }

            override var collectionViewContentSize: CGSize { CGSize(width: 10, height: 10) }

            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                guard let probe = probe, probe.frame.intersects(rect) else { return [] }
                return [probe]
            }

            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                indexPath == IndexPath(item: 0, section: 0) ? probe : nil
            }
        }
        """#
}
