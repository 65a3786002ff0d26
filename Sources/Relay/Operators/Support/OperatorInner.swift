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
  // `link` guards its status; `downstream` is called only from the upstream's calls.
  typealias Status = UpstreamLink.Status

  let downstream: Downstream
  let link = UpstreamLink()

  init(downstream: Downstream) { self.downstream = downstream }

  /// The name `print` shows for the subscription.
  var description: String { "Operator" }

  /// Hands the downstream this subscription when the upstream's arrives; `Drop` hands it
  /// earlier and overrides this.
  func didSubscribe() { downstream.receive(subscription: self) }

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
    let upstream = link.withLock { status -> (any Subscription)?? in
      guard case .subscribed(let upstream) = status else { return nil }
      status = .terminated
      return .some(upstream)
    }
    guard let upstream else { return false }
    upstream?.cancel()
    return true
  }

  final func receive(subscription: any Subscription) {
    let pending = link.withLock { status -> Subscribers.Demand? in
      guard case .awaiting(let pending) = status else { return nil }
      status = .subscribed(subscription)
      return pending
    }
    guard let pending else { return subscription.cancel() }
    didSubscribe()
    let demand = upstreamDemand(for: pending, first: true)
    if demand != .none { subscription.request(demand) }
  }

  final func receive(_ input: Input) -> Subscribers.Demand {
    guard isSubscribed else { return .none }
    return forward(input)
  }

  final func receive(completion: Subscribers.Completion<Failure>) {
    let old = link.withLock { status in
      defer { status = .terminated }
      return status
    }
    guard case .subscribed = old else { return }
    forward(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let upstream = link.withLock { status -> (any Subscription)? in
      switch status {
      case .awaiting(let pending):
        status = .awaiting(pending: pending + demand)
        return nil
      case .subscribed(let upstream): return upstream
      case .terminated: return nil
      }
    }
    upstream?.request(upstreamDemand(for: demand, first: false))
  }

  func cancel() {
    let old = link.withLock { status in
      defer { status = .terminated }
      return status
    }
    if case .subscribed(let upstream) = old { upstream.cancel() }
  }
}
