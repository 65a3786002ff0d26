/// The link to one upstream that every operator handing its downstream a subscription of its
/// own keeps: it accepts the first upstream subscription and cancels any other, keeps demand
/// asked for before the upstream subscribed, passes requests and cancels up, and lets through
/// at most one completion and nothing after it or after a cancel.
///
/// Subclasses say what a value and the completion become (`forward`), what to ask the
/// upstream for (`upstreamDemand`), and their name in `print`'s log (`description`). The
/// upstream calls `receive` serially, as the contract says; requests and cancels may come
/// from any thread. A value takes no lock: it reads the link's atomic mirror.
class OperatorInner<Input, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, @unchecked Sendable
{
  // `link` guards its state; `downstream` is called only from the upstream's calls.

  let downstream: Downstream
  let link = UpstreamLink()

  init(downstream: Downstream) { self.downstream = downstream }

  /// The name `print` shows for the subscription.
  var description: String { "Operator" }

  /// Hands the downstream this subscription when the upstream's arrives; `Drop` hands it
  /// earlier and overrides this.
  ///
  /// - Parameter upstream: The upstream's subscription, as it arrived (the link keeps it as a
  ///   class instance: a value-type subscription boxed).
  func didSubscribe(_ upstream: any Subscription) { downstream.receive(subscription: self) }

  /// What to ask the upstream for when the downstream asks for `demand`; `first` is true for
  /// the request made when the upstream subscribes, with the demand asked for until then.
  func upstreamDemand(for demand: Subscribers.Demand, first: Bool) -> Subscribers.Demand { demand }

  /// Handles a value while subscribed; returns the demand to pass up.
  func forward(_ input: Input) -> Subscribers.Demand { .none }

  /// Handles the one completion let through.
  func forward(completion: Subscribers.Completion<Failure>) {}

  /// Whether values still pass: the upstream subscribed and nothing ended it.
  final var isSubscribed: Bool { link.isSubscribed }

  /// Ends the link from inside a value, cancelling the upstream; returns false when something
  /// ended it first.
  @discardableResult
  final func terminate() -> Bool {
    let upstream = link.withLock { state -> (any Subscription)? in
      guard case .subscribed(let upstream) = state.status else { return nil }
      state.status = .terminated
      return upstream
    }
    guard let upstream else { return false }
    upstream.cancel()
    return true
  }

  final func receive(subscription: any Subscription) {
    let pending = link.withLock { state -> Subscribers.Demand? in
      guard state.status.accept(subscription) else { return nil }
      defer { state.pendingDemand = .none }
      return state.pendingDemand
    }
    guard let pending else { return subscription.cancel() }
    didSubscribe(subscription)
    let demand = upstreamDemand(for: pending, first: true)
    if demand != .none { subscription.request(demand) }
  }

  final func receive(_ input: Input) -> Subscribers.Demand {
    guard isSubscribed else { return .none }
    return forward(input)
  }

  final func receive(completion: Subscribers.Completion<Failure>) {
    let old = link.withLock { $0.status.end() }
    guard case .subscribed = old else { return }
    forward(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let upstream = link.withLock { state -> (any Subscription)? in
      if case .awaiting = state.status { state.pendingDemand += demand }
      return state.status.subscription
    }
    upstream?.request(upstreamDemand(for: demand, first: false))
  }

  func cancel() {
    link.withLock { $0.status.end() }.subscription?.cancel()
  }
}
