// `import Combine` beside a layout: what a screen uses to publish what its
// layout sees (the page a carousel's visible-items handler computes, sent on
// a `PassthroughSubject`) and to keep its subscriptions, so that the file
// compiles here without an edit. Values are delivered at once, on the
// sending thread, to every subscriber in the order it subscribed, as
// Combine's subjects deliver them without a scheduler. No operators
// (`map`, `debounce`, `receive(on:)`) and no `Publisher` protocol: a file
// that uses them names something stk does not have, and the compiler says
// which.
import Foundation

/// Combine's `Subscribers.Completion`.
public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

/// Combine's `AnyCancellable`: cancels its subscription when cancelled or
/// released.
public final class AnyCancellable: Hashable {
    private var cancelAction: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) { cancelAction = cancel }

    deinit { cancel() }

    public func cancel() {
        let action = cancelAction
        cancelAction = nil
        action?()
    }

    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The subscribers of a subject, in the order they subscribed.
final class SubscriberList<Output, Failure: Error> {
    private var next = 0
    private var receivers: [(id: Int, value: (Output) -> Void, completion: (Subscribers.Completion<Failure>) -> Void)] = []
    private(set) var completion: Subscribers.Completion<Failure>?

    func add(value: @escaping (Output) -> Void, completion: @escaping (Subscribers.Completion<Failure>) -> Void) -> AnyCancellable {
        if let done = self.completion {
            completion(done)
            return AnyCancellable {}
        }
        next += 1
        let id = next
        receivers.append((id, value, completion))
        return AnyCancellable { [weak self] in self?.receivers.removeAll { $0.id == id } }
    }

    func send(_ value: Output) {
        guard completion == nil else { return }
        for receiver in receivers { receiver.value(value) }
    }

    func finish(_ done: Subscribers.Completion<Failure>) {
        guard completion == nil else { return }
        completion = done
        let finished = receivers
        receivers = []
        for receiver in finished { receiver.completion(done) }
    }
}

/// Combine's `PassthroughSubject`: sends each value to the subscribers it
/// has when the value is sent.
public final class PassthroughSubject<Output, Failure: Error> {
    let subscribers = SubscriberList<Output, Failure>()

    public init() {}

    public func send(_ value: Output) { subscribers.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { subscribers.finish(completion) }

    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribers.add(value: receiveValue, completion: receiveCompletion)
    }

    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher { value, completion in self.sink(receiveCompletion: completion, receiveValue: value) }
    }
}

extension PassthroughSubject where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

extension PassthroughSubject where Output == Void {
    public func send() { send(()) }
}

/// Combine's `CurrentValueSubject`: holds a value, which a new subscriber
/// receives at once, and sends each new one.
public final class CurrentValueSubject<Output, Failure: Error> {
    let subscribers = SubscriberList<Output, Failure>()

    public var value: Output {
        didSet { subscribers.send(value) }
    }

    public init(_ value: Output) { self.value = value }

    public func send(_ value: Output) { self.value = value }
    public func send(completion: Subscribers.Completion<Failure>) { subscribers.finish(completion) }

    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        if subscribers.completion == nil { receiveValue(value) }
        return subscribers.add(value: receiveValue, completion: receiveCompletion)
    }

    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher { value, completion in self.sink(receiveCompletion: completion, receiveValue: value) }
    }
}

extension CurrentValueSubject where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// Combine's `AnyPublisher`, as a subject erased to it.
public struct AnyPublisher<Output, Failure: Error> {
    private let subscribe: (@escaping (Output) -> Void, @escaping (Subscribers.Completion<Failure>) -> Void) -> AnyCancellable

    init(_ subscribe: @escaping (@escaping (Output) -> Void, @escaping (Subscribers.Completion<Failure>) -> Void) -> AnyCancellable) {
        self.subscribe = subscribe
    }

    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribe(receiveValue, receiveCompletion)
    }

    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { self }
}

extension AnyPublisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// Combine's `@Published`: a property whose projected value (`$name`)
/// publishes each new value, and the current one to a new subscriber.
@propertyWrapper
public struct Published<Value> {
    private let subject: CurrentValueSubject<Value, Never>

    public init(wrappedValue: Value) { subject = CurrentValueSubject(wrappedValue) }

    public var wrappedValue: Value {
        get { subject.value }
        nonmutating set { subject.value = newValue }
    }

    public var projectedValue: AnyPublisher<Value, Never> { subject.eraseToAnyPublisher() }
}

/// Combine's `ObservableObject`, for a view model beside a layout: its
/// `objectWillChange` publishes nothing by itself (stk has no SwiftUI to
/// tell).
public protocol ObservableObject: AnyObject {
    var objectWillChange: PassthroughSubject<Void, Never> { get }
}
