/// The subscription of an operator that reduces all of its upstream to at most one value:
/// `first()`, `first(where:)`, `collect()`.
///
/// It asks the upstream for everything at once and delivers the result, then `.finished`, when
/// the reduction is done (or the upstream finished) and the downstream asked for a value,
/// whichever comes last. A failure passes at once. Its upstream link is an `OperatorInner`'s;
/// a value takes no lock, and `ending`'s lock is taken only when the reduction ends and when the
/// downstream asks.
final class ReducingInner<Input, Result, Failure: Error, Downstream: Subscriber>:
  OperatorInner<Input, Failure, Downstream>, @unchecked Sendable
where Downstream.Input == Result, Downstream.Failure == Failure {
  // `ending` is guarded by its lock. `result` is read and written only by the upstream's
  // calls, which are serial, until the reduction ends and moves it into `ending`.

  /// How far the result is from the downstream.
  private enum Ending {
    /// Values are being folded; whether the downstream asked for the result yet.
    case reducing(hasDemand: Bool)
    /// The result is final and waits for the downstream to ask.
    case reduced(Result?)
    /// The result is being delivered; the completion follows unless a cancel comes first.
    case delivering
    /// Delivered, failed or cancelled.
    case done
  }

  private let ending = Lock<Ending>.make(.reducing(hasDemand: false))
  private var result: Result?
  /// Folds a value into the result; returns true when the result is final.
  private let reduce: (inout Result?, Input) -> Bool
  private let name: String

  init(
    downstream: Downstream, initial: Result?, name: String,
    reduce: @escaping (inout Result?, Input) -> Bool
  ) {
    self.result = initial
    self.name = name
    self.reduce = reduce
    super.init(downstream: downstream)
  }

  override var description: String { name }

  /// Everything at once; the downstream's requests only release the result.
  override func upstreamDemand(for demand: Subscribers.Demand, first: Bool) -> Subscribers.Demand {
    .unlimited
  }

  override func forward(_ input: Input) -> Subscribers.Demand {
    guard reduce(&result, input), terminate() else { return .none }
    finishReduction()
    return .none
  }

  override func forward(completion: Subscribers.Completion<Failure>) {
    guard case .failure = completion else { return finishReduction() }
    let fails = ending.withLock { ending in
      defer { ending = .done }
      if case .reducing = ending { return true }
      return false
    }
    result = nil
    if fails { downstream.receive(completion: completion) }
  }

  /// The result is final: delivers it if the downstream asked, or keeps it until it does.
  private func finishReduction() {
    let final = result.take()
    let delivers = ending.withLock { ending -> Bool in
      guard case .reducing(let hasDemand) = ending else { return false }
      ending = hasDemand ? .delivering : .reduced(final)
      return hasDemand
    }
    if delivers { deliver(final) }
  }

  private func deliver(_ result: Result?) {
    if let result {
      _ = downstream.receive(result)
      // A cancel during the value stops the completion.
      let finishes = ending.withLock { ending in
        defer { ending = .done }
        if case .delivering = ending { return true }
        return false
      }
      guard finishes else { return }
    } else {
      ending.withLock { $0 = .done }
    }
    downstream.receive(completion: .finished)
  }

  override func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let waiting = ending.withLock { ending -> Result?? in
      switch ending {
      case .reducing:
        ending = .reducing(hasDemand: true)
        return nil
      case .reduced(let result):
        ending = .delivering
        return .some(result)
      case .delivering, .done: return nil
      }
    }
    if let waiting { deliver(waiting) }
  }

  override func cancel() {
    let dropped = ending.withLock { ending -> Ending in
      defer { ending = .done }
      return ending
    }
    _ = dropped  // released outside the lock
    super.cancel()
  }
}
