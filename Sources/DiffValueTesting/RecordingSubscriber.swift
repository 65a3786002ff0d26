import DiffValue
import Relay

/// A subscriber that records the values and the completion it receives, for tests of view
/// models and publishers; it can wait for values that arrive later, on another thread or
/// through the main queue.
///
/// ```swift
/// let recorder = model.$state.map(\.title).record()
/// model.load()
/// #expect(await recorder.waitForValues(2) == ["", "Loaded"])
/// ```
///
/// It is thread-safe: values may arrive on any thread while a test reads them.
public final class RecordingSubscriber<Input, Failure: Error>: Relay.Subscriber, Cancellable,
  @unchecked Sendable
{
  // Every mutable field is in `state`, behind its lock; `demand` never changes.
  private struct State {
    var values: [Input] = []
    var completion: Relay.Subscribers.Completion<Failure>?
    var subscription: (any Relay.Subscription)?
  }

  private let state = Lock.make(State())
  private let demand: Relay.Subscribers.Demand

  /// Creates a recorder.
  ///
  /// - Parameter demand: What it requests once subscribed; `.unlimited` by default.
  public init(demand: Relay.Subscribers.Demand = .unlimited) {
    self.demand = demand
  }

  /// The values received so far, in order.
  public var values: [Input] { state.withLock { $0.values } }

  /// The completion, once received.
  public var completion: Relay.Subscribers.Completion<Failure>? { state.withLock { $0.completion } }

  /// Keeps the subscription and requests `demand`.
  public func receive(subscription: any Relay.Subscription) {
    let isFirst = state.withLock { state in
      guard state.subscription == nil else { return false }
      state.subscription = subscription
      return true
    }
    guard isFirst else { return subscription.cancel() }
    if demand > .none { subscription.request(demand) }
  }

  /// Records the value; asks for nothing more.
  public func receive(_ input: Input) -> Relay.Subscribers.Demand {
    state.withLock { $0.values.append(input) }
    return .none
  }

  /// Records the completion.
  public func receive(completion: Relay.Subscribers.Completion<Failure>) {
    state.withLock { $0.completion = completion }
  }

  /// Requests more values.
  ///
  /// - Parameter demand: How many more.
  public func request(_ demand: Relay.Subscribers.Demand) {
    state.withLock { $0.subscription }?.request(demand)
  }

  /// Cancels the subscription.
  ///
  /// The recorder goes on recording whatever still arrives, so that a test sees it: a delivery
  /// already under way on another thread when `cancel()` was called, or one from a publisher
  /// that breaks its promise to stop.
  public func cancel() {
    let subscription = state.withLock { state in
      defer { state.subscription = nil }
      return state.subscription
    }
    subscription?.cancel()
  }

  /// Waits until `count` values have arrived, or `timeout` has passed, without blocking the
  /// thread: deliveries through the main queue go on while a main-actor test waits.
  ///
  /// - Parameters:
  ///   - count: How many values to wait for.
  ///   - timeout: How long to wait at most.
  /// - Returns: All the values received, or `nil` if fewer than `count` arrived in time.
  public func waitForValues(_ count: Int, timeout: Duration = .seconds(10)) async -> [Input]? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let values = self.values
      if values.count >= count { return values }
      if clock.now >= deadline { return nil }
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}

extension Relay.Publisher {
  /// Subscribes a `RecordingSubscriber`, which starts recording at once.
  ///
  /// - Parameter demand: What the recorder requests; `.unlimited` by default.
  /// - Returns: The recorder; cancel it (or release it and the publisher) to stop.
  public func record(demand: Relay.Subscribers.Demand = .unlimited) -> RecordingSubscriber<
    Output, Failure
  > {
    let recorder = RecordingSubscriber<Output, Failure>(demand: demand)
    subscribe(recorder)
    return recorder
  }
}
