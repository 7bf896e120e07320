import Combine
import Foundation
import Testing

/// `import Combine` beside a layout (Plugins/Sources/Combine): subjects
/// deliver at once, in the order subscribers came, until cancelled or
/// finished; a current value goes to a new subscriber first.
@Suite struct CombineStandInTests {
    @Test func aPassthroughSubjectSendsToItsSubscribersInOrderUntilCancelled() {
        let pages = PassthroughSubject<Int, Never>()
        var seen: [String] = []
        pages.send(0) // before anyone subscribed: lost, as in Combine
        let first = pages.sink { seen.append("a\($0)") }
        var cancellables = Set<AnyCancellable>()
        pages.sink { seen.append("b\($0)") }.store(in: &cancellables)
        pages.send(1)
        first.cancel()
        pages.send(2)
        cancellables.removeAll() // released: cancelled
        pages.send(3)
        #expect(seen == ["a1", "b1", "b2"])
    }

    @Test func aCompletionEndsTheSubjectAndReachesLateSubscribers() {
        struct Failed: Error {}
        let subject = PassthroughSubject<Int, Failed>()
        var events: [String] = []
        let kept = subject.sink(receiveCompletion: { events.append($0.isFinished ? "finished" : "failed") },
                                receiveValue: { events.append("\($0)") })
        subject.send(1)
        subject.send(completion: .failure(Failed()))
        subject.send(2)
        let late = subject.sink(receiveCompletion: { events.append($0.isFinished ? "late finished" : "late failed") },
                                receiveValue: { events.append("late \($0)") })
        #expect(events == ["1", "failed", "late failed"])
        _ = (kept, late)
    }

    @Test func aCurrentValueAndAPublishedPropertyGiveTheirValueFirst() {
        let columns = CurrentValueSubject<Int, Never>(3)
        var seen: [Int] = []
        let subscription = columns.sink { seen.append($0) }
        columns.value = 4
        columns.send(5)
        #expect(seen == [3, 4, 5] && columns.value == 5)

        final class Model { @Published var spacing: Double = 8 }
        let model = Model()
        var spacings: [Double] = []
        let published = model.$spacing.sink { spacings.append($0) }
        model.spacing = 12
        #expect(spacings == [8, 12] && model.spacing == 12)
        _ = (subscription, published)
    }
}

private extension Subscribers.Completion {
    var isFinished: Bool { if case .finished = self { return true } else { return false } }
}
