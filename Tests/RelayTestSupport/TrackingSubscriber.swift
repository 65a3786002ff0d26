import Foundation
import Relay

/// A subscriber that records every event, with closures to steer it, like OpenCombine's
/// `TrackingSubscriberBase`: a test states a whole history at once.
///
///     let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
///     relay.subscribe(tracker)
///     relay.send(1)
///     #expect(tracker.history == [.subscription("PassthroughSubject"), .value(1)])
///
/// A subscription is recorded by its description at the moment it arrived. The tracker keeps
/// every subscription it receives: `request(_:)` goes to the first, `cancel()` cancels them all.
/// It requests nothing unless told to, by `demand:` or by a closure.
public final class TrackingSubscriber<Input, Failure: Error>: Subscriber, Cancellable,
  @unchecked Sendable
{
  // `state` is guarded by `lock`; the closures are set before the tracker is subscribed.
  /// One recorded event.
  public enum Event: CustomStringConvertible {
    /// The subscription arrived; its description.
    case subscription(String)
    /// A value arrived.
    case value(Input)
    /// The completion arrived.
    case completion(Subscribers.Completion<Failure>)

    /// A readable form for failure messages, as the case is written in a test.
    public var description: String {
      switch self {
      case .subscription(let name): ".subscription(\"\(name)\")"
      case .value(let value): ".value(\(value))"
      case .completion(.finished): ".finished"
      case .completion(.failure(let error)): ".failure(\(error))"
      }
    }
  }

  private struct State {
    var history: [Event] = []
    var subscriptions: [any Subscription] = []
  }

  private let lock = NSLock()
  private var state = State()
  private let receiveSubscriptionBody: ((any Subscription) -> Void)?
  private let receiveValueBody: ((Input) -> Subscribers.Demand)?
  private let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
  /// Runs when the tracker is released: to check that a publisher lets its subscriber go.
  public var onDeinit: (() -> Void)?

  /// Creates a tracker that runs the given closures after recording each event.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Runs with each subscription; nothing is requested without it.
  ///   - receiveValue: Runs with each value and returns the demand to add; `.none` without it.
  ///   - receiveCompletion: Runs with the completion.
  ///   - onDeinit: Runs when the tracker is released.
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    onDeinit: (() -> Void)? = nil
  ) {
    receiveSubscriptionBody = receiveSubscription
    receiveValueBody = receiveValue
    receiveCompletionBody = receiveCompletion
    self.onDeinit = onDeinit
  }

  /// Creates a tracker that asks for `demand` on subscription and for `perValue` after each
  /// value.
  ///
  /// - Parameters:
  ///   - demand: Requested from each subscription.
  ///   - perValue: Returned from each value.
  public convenience init(demand: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
    self.init(receiveSubscription: { $0.request(demand) }, receiveValue: { _ in perValue })
  }

  /// Creates a tracker that asks for `demand` on subscription (nothing when `nil`) and at each
  /// value runs `onValue` on the subscription received, returning what it returns: a
  /// subscriber that requests or cancels from inside a value.
  ///
  /// - Parameters:
  ///   - demand: Requested from each subscription; `nil` requests nothing.
  ///   - onValue: Runs at each value with the last subscription received.
  public convenience init(
    demand: Subscribers.Demand?,
    onValue: @escaping (_ subscription: any Subscription) -> Subscribers.Demand
  ) {
    var subscription: (any Subscription)?
    self.init(
      receiveSubscription: { received in
        subscription = received
        if let demand { received.request(demand) }
      },
      receiveValue: { _ in subscription.map(onValue) ?? .none })
  }

  /// Creates a tracker that asks for every value and runs `body` at each one: a downstream that,
  /// say, sends to the publisher's upstreams from inside.
  ///
  /// - Parameter body: Runs with each value after it is recorded.
  public convenience init(demandingAll body: @escaping (Input) -> Void) {
    self.init(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: {
        body($0)
        return .none
      })
  }

  deinit { onDeinit?() }

  private func locked<R>(_ body: (inout State) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  /// Everything received so far, in order.
  public var history: [Event] { locked { $0.history } }
  /// Every subscription received and not cancelled through the tracker, in order.
  public var subscriptions: [any Subscription] { locked { $0.subscriptions } }
  /// The first subscription received.
  public var subscription: (any Subscription)? { subscriptions.first }
  /// The values received so far, in order.
  public var values: [Input] {
    history.compactMap { if case .value(let value) = $0 { value } else { nil } }
  }
  /// The completions received so far, in order.
  public var completions: [Subscribers.Completion<Failure>] {
    history.compactMap { if case .completion(let completion) = $0 { completion } else { nil } }
  }

  /// Records the subscription, then runs `receiveSubscription`.
  public func receive(subscription: any Subscription) {
    locked {
      $0.history.append(.subscription("\(subscription)"))
      $0.subscriptions.append(subscription)
    }
    receiveSubscriptionBody?(subscription)
  }

  /// Records the value, then runs `receiveValue`.
  public func receive(_ input: Input) -> Subscribers.Demand {
    locked { $0.history.append(.value(input)) }
    return receiveValueBody?(input) ?? .none
  }

  /// Records the completion, then runs `receiveCompletion`.
  public func receive(completion: Subscribers.Completion<Failure>) {
    locked { $0.history.append(.completion(completion)) }
    receiveCompletionBody?(completion)
  }

  /// Requests through the first subscription.
  public func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

  /// Cancels every subscription received and forgets them, so they can be released.
  public func cancel() {
    let subscriptions = locked { state in
      defer { state.subscriptions = [] }
      return state.subscriptions
    }
    for subscription in subscriptions { subscription.cancel() }
  }

  /// Forgets the history recorded so far.
  public func clearHistory() { locked { $0.history = [] } }
}

extension TrackingSubscriber.Event: Equatable where Input: Equatable {
  /// Values compare with `==`; failures with `==` when the failure type is `Equatable`, and by
  /// their description otherwise, so that `any Error` works too.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.subscription(let a), .subscription(let b)): a == b
    case (.value(let a), .value(let b)): a == b
    case (.completion(.finished), .completion(.finished)): true
    case (.completion(.failure(let a)), .completion(.failure(let b))): sameFailure(a, b)
    default: false
    }
  }

  private static func sameFailure(_ a: Failure, _ b: Failure) -> Bool {
    // Through `Any`: the compiler takes a cast of the generic `Failure` itself for one that
    // always succeeds.
    if let a = (a as Any) as? any Equatable { return isEqual(a, b) }
    return String(describing: a) == String(describing: b)
  }

  private static func isEqual<Value: Equatable>(_ a: Value, _ b: Failure) -> Bool {
    guard let b = b as? Value else { return false }
    return a == b
  }
}

extension TrackingSubscriber.Event {
  /// The completion `.finished`.
  public static var finished: Self { .completion(.finished) }
  /// The completion `.failure(error)`.
  ///
  /// - Parameter error: The failure.
  /// - Returns: The event.
  public static func failure(_ error: Failure) -> Self { .completion(.failure(error)) }
}
