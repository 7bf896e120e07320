import Foundation
import Testing
@testable import SourceAdapter

/// Options whose type is a protocol or a class of the sources: which
/// properties become such options, which types are their values (those that
/// fit and that `init()` makes), and the registration code that makes,
/// clears and names the instance.
@Suite struct InstanceOptionTests {
    /// The words of an option as the registration declares them.
    func words(_ registration: String, _ option: String) -> String? {
        guard let start = registration.range(of: "LayoutOption(name: \"\(option)\", type: .choice([") else { return nil }
        let rest = registration[start.upperBound...]
        return String(rest[..<rest.range(of: "])")!.lowerBound])
    }

    static let animators = """
        import UIKit

        protocol Animator {
            func animate(_ attributes: UICollectionViewLayoutAttributes)
        }
        protocol FadingAnimator: Animator {}

        /// Fits: the struct's own init() (all its properties have values).
        struct Fade: Animator {
            var minimumAlpha: CGFloat = 0.5
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        /// Fits: an initialiser whose parameters all have default values.
        final class Scale: Animator {
            let factor: CGFloat
            init(factor: CGFloat = 0.8) { self.factor = factor }
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        /// Conforms, but needs an angle: not a value.
        struct Tilt: Animator {
            let angle: CGFloat
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        /// Conforms through a refining protocol.
        struct SoftFade: FadingAnimator {
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        /// Conforms in an extension.
        struct Blink {
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        extension Blink: Animator {}
        /// Conforms through its superclass, which it inherits init() from.
        class BaseAnimator: NSObject, Animator {
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        final class Spin: BaseAnimator {}
        /// Not values: failable, throwing, private and generic initialisers or types,
        /// and a view, whose superclass's init() stk cannot know.
        final class Maybe: Animator {
            init?() { return nil }
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        struct Throwing: Animator {
            init() throws {}
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        struct Hidden: Animator {
            private init() {}
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        struct Generic<T>: Animator {
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        final class Badge: UIView, Animator {
            func animate(_ attributes: UICollectionViewLayoutAttributes) {}
        }
        /// Does not conform.
        struct Unrelated {}
        """

    @Test func aProtocolPropertyIsAnOptionWhoseValuesAreTheTypesThatConformAndHaveInit() {
        let output = adapt([("Animators.swift", Self.animators), ("L.swift", """
            import UIKit
            class L: UICollectionViewLayout {
                var animator: Animator? = nil
                var always: any Animator = Fade()
                var unwrapped: Animator!
                var wrapped: Optional<Animator>
                var parenthesised: (any Animator)?
                var many: [Animator] = []
                var doubled: Animator?? = nil
                var closure: ((Int) -> Animator)?
                var external: UICollectionViewDelegate?
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.first?.options == ["animator", "always", "unwrapped", "wrapped", "parenthesised"])
        let registration = output.files[1].text
        let values = #""Fade", "Scale", "SoftFade", "Blink", "BaseAnimator", "Spin""#
        #expect(words(registration, "animator") == values + #", "nil""#)
        #expect(words(registration, "always") == values)
        #expect(words(registration, "unwrapped") == values + #", "nil""#)
        #expect(words(registration, "wrapped") == values + #", "nil""#)
        #expect(words(registration, "parenthesised") == values + #", "nil""#)
    }

    /// A weak delegate of the sources that no type of the sources can be
    /// (the app's view controller sets it): no option, but advice said
    /// whenever the sources load, naming the property and the remedy. A
    /// weak property of a UIKit type, or one with values, gets none.
    @Test func aWeakDelegateNothingFitsIsAdvice() {
        let output = adapt([("PinterestLayout.swift", """
            import UIKit
            protocol PinterestLayoutDelegate: AnyObject {
                func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat
            }
            class PinterestLayout: UICollectionViewLayout {
                weak var delegate: PinterestLayoutDelegate!
                weak var external: UICollectionViewDelegate?
                weak var animator: AnyObject?
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.first?.options == [])
        #expect(output.report.advice.map(\.description) == [
            "PinterestLayout.swift:6:5: PinterestLayout.delegate (weak, a PinterestLayoutDelegate) is the app's to set, and no type of the sources conforms to PinterestLayoutDelegate with an init() stk can call: it stays nil, and the layout traps where it uses it; write a small one beside the layout (a type that conforms to PinterestLayoutDelegate, answering what the layout asks) and give it: `layout pinterest-layout delegate=ThatType`",
        ])
    }

    /// The view controller that adopts the delegate protocol and sets
    /// itself (takehilo's CustomLayout beside its ViewController): the note
    /// named no type, as if none conformed. It names the view controller,
    /// says why stk cannot make it alone, and points at its own layout,
    /// registered as its viewDidLoad() builds it.
    @Test func aWeakDelegateOnlyAViewControllerAdoptsNamesItAndItsLayout() {
        let output = adapt([("CustomLayout.swift", """
            import UIKit

            class CustomLayout: UICollectionViewLayout {
                weak var delegate: CustomDelegate!
                var numColumns = 4
            }

            protocol CustomDelegate: class {
                func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat
            }
            """), ("ViewController.swift", """
            import UIKit

            class ViewController: UIViewController {
                @IBOutlet weak var collectionView: UICollectionView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let customLayout = CustomLayout()
                    customLayout.delegate = self
                    collectionView.collectionViewLayout = customLayout
                }
            }

            extension ViewController: CustomDelegate {
                func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath) -> CGFloat {
                    return 120
                }
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["custom-layout", "view-controller"])
        #expect(output.report.advice.map(\.description) == [
            "CustomLayout.swift:4:5: CustomLayout.delegate (weak, a CustomDelegate) is the app's to set, and ViewController conforms to CustomDelegate, but it is a view controller, which stk makes only for its own layout: it stays nil, and the layout traps where it uses it; write a small one beside the layout (a type that conforms to CustomDelegate, answering what the layout asks) and give it: `layout custom-layout delegate=ThatType`; or: `layout view-controller` is ViewController's own layout, as its code builds it",
        ])
    }

    /// The tutorial's form: an optional delegate the layout calls through
    /// `delegate?.` with a fallback. Nil traps nothing there: the note says
    /// the calls answer nil.
    @Test func anOptionalWeakDelegateAnswersNil() {
        let output = adapt([("PinterestLayout.swift", """
            import UIKit

            protocol PinterestLayoutDelegate: AnyObject {
                func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat
            }

            class PinterestLayout: UICollectionViewLayout {
                weak var delegate: PinterestLayoutDelegate?
            }
            """), ("PhotoStreamViewController.swift", """
            import UIKit

            class PhotoStreamViewController: UICollectionViewController {
                var photos: [UIImage] = []
            }

            extension PhotoStreamViewController: PinterestLayoutDelegate {
                func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat {
                    return photos[indexPath.item].size.height
                }
            }
            """)])
        #expect(output.report.advice.map(\.description).first?.hasPrefix(
            "PinterestLayout.swift:8:5: PinterestLayout.delegate (weak, a PinterestLayoutDelegate) is the app's to set, and PhotoStreamViewController conforms to PinterestLayoutDelegate, but it is a view controller, which stk makes only for its own layout: it stays nil, and the layout's calls through it answer nil; write a small one") == true,
            "\(output.report.advice)")
    }

    @Test func aClassPropertyIsAnOptionWhoseValuesAreTheClassAndItsSubclasses() {
        let output = adapt([("L.swift", """
            import UIKit
            class Stacking {
                func zIndex(_ item: Int) -> Int { item }
            }
            final class CenterOnTop: Stacking {}
            class Needy: Stacking {
                init(level: Int) {}
            }
            final class Other {}
            class L: UICollectionViewFlowLayout {
                var stacking = Stacking()
                var spare: Stacking?
            }
            """)])
        #expect(output.report.layouts.first?.options == ["stacking", "spare"])
        let registration = output.files[0].text
        #expect(words(registration, "stacking") == #""Stacking", "CenterOnTop""#)
        #expect(words(registration, "spare") == #""Stacking", "CenterOnTop", "nil""#)
        #expect(registration.contains(#"help: "(var stacking: Stacking of L); set to a new instance of Stacking or a subclass")"#))
        #expect(registration.contains(#"help: "(var spare: Stacking? of L); set to a new instance of Stacking or a subclass, or nil")"#))
    }

    /// The setter makes a new instance with init() (or clears it), and stk
    /// invalidates the layout after it as after any plain stored property;
    /// the getter names the instance's own type.
    @Test func theRegistrationMakesClearsAndNamesTheInstance() {
        let output = adapt([("L.swift", """
            import UIKit
            protocol Animator {}
            struct Fade: Animator {}
            struct Tilt: Animator { let angle: Double }
            class L: UICollectionViewLayout {
                /// How cells change.
                var animator: Animator?
            }
            """)])
        let registration = output.files[0].text
        let expectation = "one of Fade (types conforming to Animator) or nil"
        #expect(registration.contains("""
                            case "animator":
                                guard case .word(let word) = value else { throw CollectionViewError("option animator expects \(expectation), got \\(value)") }
                                switch word {
                                case "Fade": layout.animator = Fade()
                                case "nil": layout.animator = nil
                                case "Tilt": throw CollectionViewError("option animator: stk cannot make a Tilt with init() (it needs an initialiser whose parameters all have default values); it expects \(expectation)")
                                default: throw CollectionViewError("option animator expects \(expectation), got \\(value)")
                                }
                                layout.invalidateLayout()

            """), "\(registration)")
        #expect(registration.contains("""
            case "animator": return { () -> LayoutOptionValue in guard let value = layout.animator else { return .word("nil") }; \
            let type = ObjectIdentifier(Swift.type(of: value) as Any.Type); \
            if type == ObjectIdentifier(Fade.self) { return .word("Fade") }; \
            return .word(String(describing: Swift.type(of: value))) }()
            """), "\(registration)")
        #expect(registration.contains(#"help: "How cells change. (var animator: Animator? of L); set to a new instance of a type conforming to Animator, or nil")"#))
    }

    /// A weak delegate (`weak var delegate: PinterestLayoutDelegate!`, which
    /// the app's view controller sets and keeps): an option whose instance
    /// the layout keeps, so that it lives; a weak property of any other type
    /// is no option (stk could not keep its value).
    @Test func aWeakDelegateIsAnOptionWhoseInstanceTheLayoutKeeps() {
        let output = adapt([("L.swift", """
            import UIKit
            protocol HeightsDelegate: AnyObject {
                func height(at indexPath: IndexPath) -> CGFloat
            }
            final class FixedHeights: HeightsDelegate {
                func height(at indexPath: IndexPath) -> CGFloat { 100 }
            }
            class L: UICollectionViewLayout {
                weak var delegate: HeightsDelegate!
                weak var owner: NSObject?
            }
            """)])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        let registration = output.files[0].text
        #expect(registration.contains("""
                                case "FixedHeights": let made = FixedHeights(); layout.__stkRetainedOptions["delegate"] = made; layout.delegate = made
                                case "nil": layout.delegate = nil; layout.__stkRetainedOptions["delegate"] = nil

            """), "\(registration)")
        #expect(!registration.contains("LayoutOption(name: \"owner\""), "\(registration)")
    }

    /// What the layout writes itself is its state, whatever its type.
    @Test func aProtocolOrClassPropertyTheLayoutWritesIsNotAnOption() {
        let output = adapt([("L.swift", """
            import UIKit
            protocol Animator {}
            struct Fade: Animator {}
            final class Metrics { var width: CGFloat = 0 }
            class L: UICollectionViewLayout {
                var animator: Animator?
                var current: Animator?
                var metrics = Metrics()
                var cache: Metrics?
                override func prepare() {
                    current = animator ?? Fade()
                    metrics.width = 10
                }
                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    self.cache = Metrics()
                    return nil
                }
            }
            """)])
        #expect(output.report.layouts.first?.options == ["animator"])
    }

    /// No type can be the value: not an option (nothing could be set).
    @Test func aPropertyWithNoTypeToMakeIsNotAnOption() {
        let output = adapt([("L.swift", """
            import UIKit
            protocol Animator {}
            struct Tilt: Animator { let angle: Double }
            protocol Unused {}
            class L: UICollectionViewLayout {
                var animator: Animator?
                var unused: Unused?
            }
            """)])
        #expect(output.report.layouts.first?.options == [])
    }

    /// A private type of another file cannot be named by the layout's
    /// registration; one of the layout's own file can.
    @Test func privateTypesAreValuesInTheLayoutsOwnFileOnly() {
        let output = adapt([
            ("Other.swift", "protocol Animator {}\nprivate struct Elsewhere: Animator {}\nstruct Public: Animator {}\n"),
            ("L.swift", "import UIKit\nprivate struct Here: Animator {}\nclass L: UICollectionViewLayout {\n    var animator: Animator?\n}\n"),
        ])
        #expect(words(output.files[1].text, "animator") == #""Public", "Here", "nil""#)
    }

    /// Beside a layout function, files without a layout class lose the
    /// declarations the layout code does not name: the types an option makes
    /// stay, since the registration names them.
    @Test func theValuesOfAnOptionSurviveTheViewCodePruning() {
        let output = adapt([
            ("Animators.swift", "import UIKit\nprotocol Animator {}\nstruct Fade: Animator {}\nstruct Unused {}\n"),
            ("CardsLayout.swift", "import UIKit\nclass CardsLayout: UICollectionViewFlowLayout {\n    var animator: Animator?\n}\n"),
            ("ViewController.swift", """
                import UIKit
                class ViewController: UIViewController {
                    func createLayout() -> UICollectionViewLayout {
                        UICollectionViewFlowLayout()
                    }
                }
                """),
        ])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        #expect(output.report.layouts.map(\.name) == ["cards-layout", "view-controller"])
        #expect(output.report.layouts.first?.options == ["animator"])
        let animators = output.files[0].text
        #expect(animators.contains("struct Fade: Animator {}"), "\(animators)")
        #expect(!animators.contains("struct Unused"), "\(animators)")
    }

    /// The fixture, read as stk reads it.
    @Test func theAnimatedCardsFixtureHasTwoInstanceOptions() throws {
        let input = try LayoutFunctionTests.example("AnimatedCardsLayout.swift")
        let output = SourceAdapter.adapt([input])
        #expect(output.report.errors.isEmpty, "\(output.report.errors)")
        // `metrics` is written by prepare(): the layout's state.
        #expect(output.report.layouts.map(\.options) == [["animator", "stacking"]])
        let registration = output.files[0].text
        #expect(words(registration, "animator") == #""LinearCardAnimator", "ScaleCardAnimator", "nil""#)
        #expect(words(registration, "stacking") == #""CardStacking", "CenterOnTopStacking""#)
    }
}
