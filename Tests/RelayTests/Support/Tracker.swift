import Foundation
import Relay

/// A subscriber that records every event with closures to steer it, like OpenCombine's
/// `TrackingSubscriberBase`: a test states a whole history at once.
///
/// A subscription is recorded by its description at the moment it arrived.
final class Tracker<Value, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
  // `state` is guarded by `lock`; the closures are set before the tracker is subscribed.
  enum Event: CustomStringConvertible {
    case subscription(String)
    case value(Value)
    case completion(Subscribers.Completion<Failure>)

    var description: String {
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
  private let receiveValueBody: ((Value) -> Subscribers.Demand)?
  private let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
  var onDeinit: (() -> Void)?

  init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Value) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    onDeinit: (() -> Void)? = nil
  ) {
    receiveSubscriptionBody = receiveSubscription
    receiveValueBody = receiveValue
    receiveCompletionBody = receiveCompletion
    self.onDeinit = onDeinit
  }

  /// Asks for `demand` on subscription and for `perValue` after each value.
  convenience init(demand: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
    self.init(receiveSubscription: { $0.request(demand) }, receiveValue: { _ in perValue })
  }

  /// Asks for `demand` on subscription (nothing when `nil`) and at each value runs `onValue`
  /// on the subscription received, returning what it returns: a subscriber that requests or
  /// cancels from inside a value.
  convenience init(
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

  deinit { onDeinit?() }

  private func locked<R>(_ body: (inout State) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  var history: [Event] { locked { $0.history } }
  var subscriptions: [any Subscription] { locked { $0.subscriptions } }
  var subscription: (any Subscription)? { subscriptions.first }
  var values: [Value] {
    history.compactMap { if case .value(let value) = $0 { value } else { nil } }
  }
  var completions: [Subscribers.Completion<Failure>] {
    history.compactMap { if case .completion(let completion) = $0 { completion } else { nil } }
  }

  func receive(subscription: any Subscription) {
    locked {
      $0.history.append(.subscription("\(subscription)"))
      $0.subscriptions.append(subscription)
    }
    receiveSubscriptionBody?(subscription)
  }

  func receive(_ input: Value) -> Subscribers.Demand {
    locked { $0.history.append(.value(input)) }
    return receiveValueBody?(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    locked { $0.history.append(.completion(completion)) }
    receiveCompletionBody?(completion)
  }

  /// Requests through the first subscription.
  func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

  /// Cancels every subscription received and forgets them, so they can be released.
  func cancel() {
    let subscriptions = locked { state in
      defer { state.subscriptions = [] }
      return state.subscriptions
    }
    for subscription in subscriptions { subscription.cancel() }
  }

  func clearHistory() { locked { $0.history = [] } }
}

extension Tracker.Event: Equatable where Value: Equatable {
  /// Values compare with `==`; failures by their description, so `any Error` works too.
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.subscription(let a), .subscription(let b)): a == b
    case (.value(let a), .value(let b)): a == b
    case (.completion(.finished), .completion(.finished)): true
    case (.completion(.failure(let a)), .completion(.failure(let b))):
      String(describing: a) == String(describing: b)
    default: false
    }
  }
}

extension Tracker.Event {
  static var finished: Self { .completion(.finished) }
  static func failure(_ error: Failure) -> Self { .completion(.failure(error)) }
}
