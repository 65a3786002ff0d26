import Relay

/// A subject that can finish and fail, like Combine's `PassthroughSubject`: values go to the
/// subscribers with demand; a completion is remembered for later subscribers.
///
/// For tests on one thread.
final class TestSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
  private final class Conduit: Subscription, CustomStringConvertible, @unchecked Sendable {
    weak var subject: TestSubject?
    var downstream: AnySubscriber<Output, Failure>?
    var demand = Subscribers.Demand.none

    init(subject: TestSubject, downstream: AnySubscriber<Output, Failure>) {
      self.subject = subject
      self.downstream = downstream
    }

    func request(_ demand: Subscribers.Demand) { self.demand += demand }

    func cancel() {
      downstream = nil
      subject?.conduits.removeAll { $0 === self }
    }

    var description: String { "PassthroughSubject" }
  }

  private var conduits: [Conduit] = []
  private var completion: Subscribers.Completion<Failure>?

  init() {}

  var subscriberCount: Int { conduits.count }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let conduit = Conduit(subject: self, downstream: AnySubscriber(subscriber))
    subscriber.receive(subscription: conduit)
    if let completion {
      conduit.downstream = nil
      subscriber.receive(completion: completion)
    } else {
      conduits.append(conduit)
    }
  }

  func send(_ value: Output) {
    for conduit in conduits where conduit.demand > 0 {
      guard let downstream = conduit.downstream else { continue }
      conduit.demand -= 1
      conduit.demand += downstream.receive(value)
    }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    guard self.completion == nil else { return }
    self.completion = completion
    let conduits = self.conduits
    self.conduits = []
    for conduit in conduits {
      let downstream = conduit.downstream
      conduit.downstream = nil
      downstream?.receive(completion: completion)
    }
  }
}
