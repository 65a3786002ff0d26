import Dispatch
import Foundation
import Relay
import TestSupport
import Testing

// The doubles OpenCombine's operator tests are written with, in our own code: a subscription
// that records what it is asked, a publisher driven by hand, and a subscriber that records its
// whole history and can run a closure at each event.

/// An error for failure completions.
enum TestFailure: Error, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
  case oops
  case message(String)

  init(stringLiteral value: String) { self = .message(value) }

  var description: String {
    switch self {
    case .oops: "oops"
    case .message(let text): text
    }
  }
}

/// A subscription that records every request and cancel.
final class ManualSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
  // `recorded` is guarded by `lock`; the callbacks are set before use.
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
  private var recorded: [Event] = []
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

  /// Every request and cancel, in order.
  var history: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  func request(_ demand: Subscribers.Demand) {
    lock.lock()
    recorded.append(.requested(demand))
    lock.unlock()
    onRequest?(demand)
  }

  func cancel() {
    lock.lock()
    recorded.append(.cancelled)
    lock.unlock()
    onCancel?()
  }

  var description: String { "ManualSubscription" }
}

/// A publisher driven by hand: it hands its subscriber the subscription it was made with, and
/// the test sends values, completions and more subscriptions to that subscriber.
final class ManualPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // Touched by one thread at a time in the tests that use it.
  private(set) var subscriber: AnySubscriber<Output, Failure>?
  /// The subscriber as given, to check whether it is also the downstream's subscription.
  private(set) var erasedSubscriber: Any?
  let subscription: (any Subscription)?

  init(subscription: (any Subscription)?) { self.subscription = subscription }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
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
  func drop() {
    subscriber = nil
    erasedSubscriber = nil
  }
}

/// A subscriber that records its whole history and runs the closures it was given.
final class HistorySubscriber<Input, Failure: Error>: Subscriber, Cancellable,
  @unchecked Sendable
{
  // `recorded` and `subscriptions` are guarded by `lock`; the closures are set before use.
  enum Event: CustomStringConvertible {
    case subscription(String)
    case value(Input)
    case completion(Subscribers.Completion<Failure>)

    var description: String {
      switch self {
      case .subscription(let name): ".subscription(\"\(name)\")"
      case .value(let value): ".value(\(value))"
      case .completion(.finished): ".completion(.finished)"
      case .completion(.failure(let error)): ".completion(.failure(\(error)))"
      }
    }
  }

  private let lock = NSLock()
  private var recorded: [Event] = []
  private var received: [any Subscription] = []
  private let onSubscription: ((any Subscription) -> Void)?
  private let onValue: ((Input) -> Subscribers.Demand)?
  private let onCompletion: ((Subscribers.Completion<Failure>) -> Void)?
  private let onDeinit: (() -> Void)?

  init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    onDeinit: (() -> Void)? = nil
  ) {
    onSubscription = receiveSubscription
    onValue = receiveValue
    onCompletion = receiveCompletion
    self.onDeinit = onDeinit
  }

  deinit { onDeinit?() }

  var history: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  var values: [Input] { history.compactMap { if case .value(let v) = $0 { v } else { nil } } }

  /// The subscriptions received, in order.
  var subscriptions: [any Subscription] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  func receive(subscription: any Subscription) {
    lock.lock()
    recorded.append(.subscription("\(subscription)"))
    received.append(subscription)
    lock.unlock()
    onSubscription?(subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    lock.lock()
    recorded.append(.value(input))
    lock.unlock()
    return onValue?(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    lock.lock()
    recorded.append(.completion(completion))
    lock.unlock()
    onCompletion?(completion)
  }

  /// Cancels every subscription received and forgets its history, as OpenCombine's does.
  func cancel() {
    for subscription in subscriptions { subscription.cancel() }
    lock.lock()
    recorded = []
    received = []
    lock.unlock()
  }
}

extension HistorySubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}

/// A manual publisher, an operator built on it, and a history subscriber attached to the
/// operator: the set-up of most operator tests.
final class ManualHarness<Input, Output, Failure: Error> {
  let subscription = ManualSubscription()
  let publisher: ManualPublisher<Input, Failure>
  let tracking: HistorySubscriber<Output, Failure>
  private let box = DownstreamBox()

  /// What the operator gave its subscriber as a subscription.
  var downstreamSubscription: (any Subscription)? { box.subscription }

  private final class DownstreamBox {
    var subscription: (any Subscription)?
  }

  init<Operator: Publisher>(
    initialDemand: Subscribers.Demand?, receiveValueDemand: Subscribers.Demand,
    _ makeOperator: (ManualPublisher<Input, Failure>) -> Operator
  ) where Operator.Output == Output, Operator.Failure == Failure {
    publisher = ManualPublisher(subscription: subscription)
    let box = box
    tracking = HistorySubscriber(
      receiveSubscription: { subscription in
        box.subscription = subscription
        if let initialDemand { subscription.request(initialDemand) }
      },
      receiveValue: { _ in receiveValueDemand })
    makeOperator(publisher).subscribe(tracking)
  }
}

/// OpenCombine's `testReceiveSubscriptionTwice`: an operator that makes its own subscription
/// cancels a second subscription, the first one received again included, and cancelling
/// downstream cancels the first upstream.
func expectCancelsASecondSubscription<Operator: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (ManualPublisher<Int, TestFailure>) -> Operator
) where Operator.Failure == TestFailure {
  let harness = ManualHarness<Int, Operator.Output, TestFailure>(
    initialDemand: nil, receiveValueDemand: .none, makeOperator)
  #expect(harness.subscription.history == [], sourceLocation: sourceLocation)
  let second = ManualSubscription()
  harness.publisher.send(subscription: second)
  #expect(second.history == [.cancelled], sourceLocation: sourceLocation)
  harness.publisher.send(subscription: harness.subscription)
  #expect(harness.subscription.history == [.cancelled], sourceLocation: sourceLocation)
  harness.downstreamSubscription?.cancel()
  #expect(harness.subscription.history == [.cancelled, .cancelled], sourceLocation: sourceLocation)
  #expect(harness.tracking.history.count == 1, sourceLocation: sourceLocation)
}

/// A value whose deinit runs a closure: to check that no operator releases a user's value
/// under its lock (the closure sends to or subscribes to the same pipeline).
final class DeinitProbe: @unchecked Sendable, CustomStringConvertible {
  let onDeinit: () -> Void
  let id: Int
  init(id: Int, onDeinit: @escaping () -> Void) {
    self.id = id
    self.onDeinit = onDeinit
  }
  deinit { onDeinit() }
  var description: String { "probe \(id)" }
}

/// Runs `body` on another thread and waits for it at most `seconds`: a deadlock fails the
/// test instead of hanging it (the stuck thread is left behind).
func finishesWithin(
  seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () -> Void
) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    done.signal()
  }
  let finished = done.wait(timeout: .now() + seconds) == .success
  #expect(finished, "deadlock: did not finish within \(seconds) s", sourceLocation: sourceLocation)
  return finished
}

/// A subject that can complete, as Combine's `PassthroughSubject` (Relay's relays never
/// complete): it keeps each subscriber until it cancels or the subject completes, sends only
/// against demand, and drops its subscribers when it completes.
final class CompletingSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // Used from one thread at a time.
  final class Conduit: Subscription, CustomStringConvertible, @unchecked Sendable {
    var downstream: AnySubscriber<Output, Failure>?
    var demand = Subscribers.Demand.none
    weak var subject: CompletingSubject?
    init(downstream: AnySubscriber<Output, Failure>, subject: CompletingSubject) {
      self.downstream = downstream
      self.subject = subject
    }
    func request(_ demand: Subscribers.Demand) { self.demand += demand }
    func cancel() {
      downstream = nil
      subject?.conduits.removeAll { $0 === self }
    }
    var description: String { "PassthroughSubject" }
  }

  private(set) var conduits: [Conduit] = []
  private var isCompleted = false

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    guard !isCompleted else { return }
    let conduit = Conduit(downstream: AnySubscriber(subscriber), subject: self)
    conduits.append(conduit)
    subscriber.receive(subscription: conduit)
  }

  func send(_ value: Output) {
    for conduit in conduits where conduit.demand > 0 {
      guard let downstream = conduit.downstream else { continue }
      conduit.demand -= 1
      conduit.demand += downstream.receive(value)
    }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    guard !isCompleted else { return }
    isCompleted = true
    let ending = conduits
    conduits = []
    for conduit in ending {
      let downstream = conduit.downstream
      conduit.downstream = nil
      downstream?.receive(completion: completion)
    }
  }
}

/// OpenCombine's `testLifecycle`. A `HistorySubscriber` keeps the subscriptions it received,
/// so it and an operator that is its own subscription keep each other alive until something
/// breaks the cycle; `cancellingReleasesSubscriber` says whether the operator lets go of its
/// subscriber on completion and on cancel (true for the operators that pass the upstream's
/// subscription through).
func expectLifecycle<Operator: Publisher>(
  sendValue: Int, cancellingReleasesSubscriber releases: Bool,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (CompletingSubject<Int, TestFailure>) -> Operator
) {
  var deinits = 0
  let onDeinit = { deinits += 1 }
  typealias Tracking = HistorySubscriber<Operator.Output, Operator.Failure>

  // 1: the upstream fails.
  do {
    let subject = CompletingSubject<Int, TestFailure>()
    makeOperator(subject).subscribe(Tracking(onDeinit: onDeinit))
    subject.send(sendValue)
    subject.send(completion: .failure("failure"))
  }
  #expect(deinits == (releases ? 1 : 0), "#1", sourceLocation: sourceLocation)

  // 2: nothing ends.
  do {
    let subject = CompletingSubject<Int, TestFailure>()
    makeOperator(subject).subscribe(Tracking(onDeinit: onDeinit))
  }
  #expect(deinits == (releases ? 1 : 0), "#2", sourceLocation: sourceLocation)

  // 3: a subscription kept outside, cancelled later.
  var subscription: (any Subscription)?
  do {
    let subject = CompletingSubject<Int, TestFailure>()
    makeOperator(subject).subscribe(
      Tracking(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        }, onDeinit: onDeinit))
    subject.send(sendValue)
  }
  #expect(deinits == (releases ? 1 : 0), "#3 before cancel", sourceLocation: sourceLocation)
  subscription?.cancel()
  #expect(deinits == (releases ? 2 : 0), "#3 after cancel", sourceLocation: sourceLocation)

  // 4: a subscriber that forgets its subscription on completion is released by it.
  var released = false
  do {
    let subject = CompletingSubject<Int, TestFailure>()
    makeOperator(subject).subscribe(
      ForgetfulSubscriber<Operator.Output, Operator.Failure> { released = true })
    subject.send(completion: .finished)
  }
  #expect(released, "#4", sourceLocation: sourceLocation)
}

/// OpenCombine's `CleaningUpSubscriber`: keeps its subscription until the completion.
final class ForgetfulSubscriber<Input, Failure: Error>: Subscriber {
  private var subscription: (any Subscription)?
  private let onDeinit: () -> Void
  init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
  func receive(subscription: any Subscription) { self.subscription = subscription }
  func receive(_ input: Input) -> Subscribers.Demand { .none }
  func receive(completion: Subscribers.Completion<Failure>) { subscription = nil }
}

/// OpenCombine's `FilterTests.testDemand` for a dropping operator built on `Int.init` over
/// strings: a dropped value asks the upstream for one more, a passed one returns the
/// subscriber's demand. `ownSubscription` says whether the operator is its subscriber's
/// subscription (then a cancel reaches the upstream once and later requests do not).
func expectDroppingOperatorDemand<Operator: Publisher>(
  ownSubscription: Bool, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (ManualPublisher<String, TestFailure>, @escaping (String) -> Int?) -> Operator
) where Operator.Output: Equatable, Operator.Failure == TestFailure {
  let subscription = ManualSubscription()
  let publisher = ManualPublisher<String, TestFailure>(subscription: subscription)
  var downstream: (any Subscription)?
  var demand = Subscribers.Demand.max(3)
  let tracking = HistorySubscriber<Operator.Output, TestFailure>(
    receiveSubscription: {
      $0.request(.max(5))
      downstream = $0
    }, receiveValue: { _ in demand })
  makeOperator(publisher, { Int($0) }).subscribe(tracking)
  #expect(subscription.history == [.requested(.max(5))], sourceLocation: sourceLocation)
  #expect(publisher.send("a") == .max(1), sourceLocation: sourceLocation)
  #expect(publisher.send("1") == .max(3), sourceLocation: sourceLocation)
  demand = .max(2)
  #expect(publisher.send("2") == .max(2), sourceLocation: sourceLocation)
  demand = .max(1)
  #expect(publisher.send("3") == .max(1), sourceLocation: sourceLocation)
  #expect(publisher.send("b") == .max(1), sourceLocation: sourceLocation)
  downstream?.request(.max(15))
  downstream?.request(.max(5))
  demand = .none
  #expect(publisher.send("4") == .none, sourceLocation: sourceLocation)
  downstream?.request(.max(121))
  #expect(publisher.send("c") == .max(1), sourceLocation: sourceLocation)
  let requests: [ManualSubscription.Event] = [
    .requested(.max(5)), .requested(.max(15)), .requested(.max(5)), .requested(.max(121)),
  ]
  #expect(subscription.history == requests, sourceLocation: sourceLocation)
  downstream?.cancel()
  downstream?.cancel()
  downstream?.request(.max(3))
  demand = .max(80)
  if ownSubscription {
    #expect(subscription.history == requests + [.cancelled], sourceLocation: sourceLocation)
    #expect(publisher.send("8") == .none, sourceLocation: sourceLocation)
  } else {
    #expect(
      subscription.history == requests + [.cancelled, .cancelled, .requested(.max(3))],
      sourceLocation: sourceLocation)
    #expect(publisher.send("8") == .max(80), sourceLocation: sourceLocation)
  }
}
