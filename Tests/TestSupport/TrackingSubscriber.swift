import Foundation
import Relay

/// A subscriber that records every event it receives, so a test can state the whole history.
///
/// It asks for `initialDemand` when subscribed and returns `demandPerValue` from each value.
/// Tests can also `request(_:)` and `cancel()` through it.
public final class TrackingSubscriber<Input, Failure: Error>: Subscriber, Cancellable,
  @unchecked Sendable
{
  // Every mutable field is in `state`, guarded by `lock`.
  /// One recorded event.
  public enum Event: CustomStringConvertible {
    /// The subscription arrived; its description.
    case subscription(String)
    /// A value arrived.
    case value(Input)
    /// The completion arrived.
    case completion(Subscribers.Completion<Failure>)

    /// A readable form for failure messages.
    public var description: String {
      switch self {
      case .subscription(let name): "subscription(\(name))"
      case .value(let value): "value(\(value))"
      case .completion(.finished): "finished"
      case .completion(.failure(let error)): "failure(\(error))"
      }
    }
  }

  struct State {
    var events: [Event] = []
    var subscription: (any Subscription)?
  }

  private let lock = NSLock()
  private var state = State()
  private let initialDemand: Subscribers.Demand?
  private let demandPerValue: Subscribers.Demand
  private let onValue: ((Input) -> Void)?

  /// Creates a tracker.
  ///
  /// - Parameters:
  ///   - initialDemand: Requested on subscription; `nil` requests nothing.
  ///   - demandPerValue: Returned from each value.
  ///   - onValue: Called with each value after it is recorded.
  public init(
    initialDemand: Subscribers.Demand? = .unlimited,
    demandPerValue: Subscribers.Demand = .none,
    onValue: ((Input) -> Void)? = nil
  ) {
    self.initialDemand = initialDemand
    self.demandPerValue = demandPerValue
    self.onValue = onValue
  }

  private func locked<R>(_ body: (inout State) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  /// Everything received so far, in order.
  public var events: [Event] { locked { $0.events } }

  /// The values received so far, in order.
  public var values: [Input] {
    events.compactMap { if case .value(let value) = $0 { value } else { nil } }
  }

  /// Records the subscription and makes the initial request.
  public func receive(subscription: any Subscription) {
    locked {
      $0.events.append(.subscription("\(subscription)"))
      if $0.subscription == nil { $0.subscription = subscription }
    }
    if let initialDemand { subscription.request(initialDemand) }
  }

  /// Records the value.
  public func receive(_ input: Input) -> Subscribers.Demand {
    locked { $0.events.append(.value(input)) }
    onValue?(input)
    return demandPerValue
  }

  /// Records the completion.
  public func receive(completion: Subscribers.Completion<Failure>) {
    locked { $0.events.append(.completion(completion)) }
  }

  /// Requests more values through the recorded subscription.
  public func request(_ demand: Subscribers.Demand) {
    locked { $0.subscription }?.request(demand)
  }

  /// Cancels the recorded subscription.
  public func cancel() {
    locked { $0.subscription.take() }?.cancel()
  }
}

extension TrackingSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}
