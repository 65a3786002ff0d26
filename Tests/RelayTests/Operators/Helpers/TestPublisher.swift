import Foundation
import Relay

/// A subscription that records what it is asked, like OpenCombine's `CustomSubscription`.
final class TestSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
  // `events` is guarded by `lock`; the closures are set before use.
  enum Event: Equatable, CustomStringConvertible {
    case requested(Subscribers.Demand)
    case cancelled

    var description: String {
      switch self {
      case .requested(let demand): ".requested(.\(demand))"
      case .cancelled: ".cancelled"
      }
    }
  }

  private let lock = NSLock()
  private var events: [Event] = []
  var onRequest: ((Subscribers.Demand) -> Void)?
  var onCancel: (() -> Void)?
  var onDeinit: (() -> Void)?

  init(
    onRequest: ((Subscribers.Demand) -> Void)? = nil, onCancel: (() -> Void)? = nil,
    onDeinit: (() -> Void)? = nil
  ) {
    self.onRequest = onRequest
    self.onCancel = onCancel
    self.onDeinit = onDeinit
  }

  deinit { onDeinit?() }

  var history: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return events
  }

  var isCancelled: Bool { history.contains(.cancelled) }

  func request(_ demand: Subscribers.Demand) {
    lock.lock()
    events.append(.requested(demand))
    lock.unlock()
    onRequest?(demand)
  }

  func cancel() {
    lock.lock()
    events.append(.cancelled)
    lock.unlock()
    onCancel?()
  }

  var description: String { "CustomSubscription" }
}

/// A publisher a test drives by hand, like OpenCombine's `CustomPublisher`: it hands its
/// subscriber a given subscription (or none) and sends whatever the test says, demand or not.
final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // Used from one thread at a time by the tests.
  private(set) var subscriber: AnySubscriber<Output, Failure>?
  /// The subscriber as the operator passed it, to reach it as a subscription.
  private(set) var erasedSubscriber: Any?
  private let subscription: (any Subscription)?
  var subscribeCount = 0

  init(subscription: (any Subscription)?) { self.subscription = subscription }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribeCount += 1
    self.subscriber = AnySubscriber(subscriber)
    erasedSubscriber = subscriber
    if let subscription { subscriber.receive(subscription: subscription) }
  }

  func send(subscription: any Subscription) { subscriber?.receive(subscription: subscription) }

  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }

  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }

  /// Forgets the subscriber.
  func detach() {
    subscriber = nil
    erasedSubscriber = nil
  }
}

/// A subject that can finish and fail, like Combine's `PassthroughSubject`: values go to the
/// subscribers with demand; a completion is remembered for later subscribers. For tests on one
/// thread.
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
