/// The subscription of an operator that reduces all of its upstream to at most one value:
/// `first()`, `first(where:)`, `collect()`, `reduce`, `count()`, `min`, `max`, `contains`,
/// `allSatisfy`, `last` and their `try` forms.
///
/// It asks the upstream for everything at once and delivers the result, then `.finished`, when
/// the reduction is done (or the upstream finished) and the downstream asked for a value,
/// whichever comes last. A failure passes at once; an error the reduction throws cancels the
/// upstream, then fails the downstream. Its upstream link is an `OperatorInner`'s; a value takes
/// no lock, and `ending`'s lock is taken only when the reduction ends and when the downstream
/// asks.
final class ReducingInner<Input, Result, Failure: Error, Downstream: Subscriber>:
  OperatorInner<Input, Failure, Downstream>, @unchecked Sendable
where Downstream.Input == Result {
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
  /// Folds a value into the result; returns true when the result is final, or throws the
  /// error that ends the publisher.
  private let reduce: (inout Result?, Input) throws(Downstream.Failure) -> Bool
  /// The downstream's form of the upstream's failure.
  private let upstreamFailure: (Failure) -> Downstream.Failure
  private let name: String

  /// Creates the subscription of an operator that fails as its upstream does.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber of the result.
  ///   - initial: The result before any value; `nil` for none (only `.finished` is sent).
  ///   - name: The name `print` shows.
  ///   - reduce: Folds a value into the result; returns true when the result is final.
  convenience init(
    downstream: Downstream, initial: Result?, name: String,
    reduce: @escaping (inout Result?, Input) -> Bool
  ) where Downstream.Failure == Failure {
    self.init(downstream: downstream, initial: initial, name: name, failure: { $0 }, reduce: reduce)
  }

  /// Creates the subscription of a `try` operator, whose reduction may throw.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber of the result.
  ///   - initial: The result before any value; `nil` for none (only `.finished` is sent).
  ///   - name: The name `print` shows.
  ///   - reduce: Folds a value into the result; returns true when the result is final.
  convenience init(
    downstream: Downstream, initial: Result?, name: String,
    tryReduce reduce: @escaping (inout Result?, Input) throws -> Bool
  ) where Downstream.Failure == any Error {
    self.init(downstream: downstream, initial: initial, name: name, failure: { $0 }, reduce: reduce)
  }

  private init(
    downstream: Downstream, initial: Result?, name: String,
    failure: @escaping (Failure) -> Downstream.Failure,
    reduce: @escaping (inout Result?, Input) throws(Downstream.Failure) -> Bool
  ) {
    self.result = initial
    self.name = name
    self.upstreamFailure = failure
    self.reduce = reduce
    super.init(downstream: downstream)
  }

  override var description: String { name }

  /// Everything at once; the downstream's requests only release the result.
  override func upstreamDemand(for demand: Subscribers.Demand, first: Bool) -> Subscribers.Demand {
    .unlimited
  }

  override func forward(_ input: Input) -> Subscribers.Demand {
    let isFinal: Bool
    do throws(Downstream.Failure) {
      isFinal = try reduce(&result, input)
    } catch {
      if terminate() { fail(with: error) }
      return .none
    }
    guard isFinal, terminate() else { return .none }
    finishReduction()
    return .none
  }

  override func forward(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: finishReduction()
    case .failure(let error): fail(with: upstreamFailure(error))
    }
  }

  /// Fails the downstream at once, unless the result was delivered or the downstream cancelled.
  private func fail(with error: Downstream.Failure) {
    let fails = ending.withLock { ending in
      defer { ending = .done }
      if case .reducing = ending { return true }
      return false
    }
    result = nil
    if fails { downstream.receive(completion: .failure(error)) }
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

extension Publisher {
  /// Subscribes `subscriber` through a `ReducingInner` that folds every value into `initial`
  /// and delivers the result once the upstream finished: `reduce`, `count`, `min`, `max`,
  /// `last`, `collect`.
  func subscribeFolding<S: Subscriber>(
    _ subscriber: S, into initial: S.Input?, name: String,
    _ fold: @escaping (inout S.Input?, Output) -> Void
  ) where S.Failure == Failure {
    subscribe(
      ReducingInner<Output, S.Input, Failure, S>(
        downstream: subscriber, initial: initial, name: name
      ) { result, value in
        fold(&result, value)
        return false
      })
  }

  /// Subscribes `subscriber` through a `ReducingInner` that folds every value into `initial`
  /// with a closure that may throw: `tryReduce`, `tryMin`, `tryMax`, `tryLast(where:)`.
  func subscribeTryFolding<S: Subscriber>(
    _ subscriber: S, into initial: S.Input?, name: String,
    _ fold: @escaping (inout S.Input?, Output) throws -> Void
  ) where S.Failure == any Error {
    subscribe(
      ReducingInner<Output, S.Input, Failure, S>(
        downstream: subscriber, initial: initial, name: name,
        tryReduce: { result, value in
          try fold(&result, value)
          return false
        }))
  }

  /// Subscribes `subscriber` through a `ReducingInner` that ends at the first value `search`
  /// finds a result for, and delivers `notFound` (none for `nil`) if the upstream finishes
  /// first: `first`, `contains`, `allSatisfy`.
  func subscribeSearching<S: Subscriber>(
    _ subscriber: S, notFound: S.Input?, name: String, _ search: @escaping (Output) -> S.Input?
  ) where S.Failure == Failure {
    subscribe(
      ReducingInner<Output, S.Input, Failure, S>(
        downstream: subscriber, initial: notFound, name: name
      ) { result, value in
        guard let found = search(value) else { return false }
        result = found
        return true
      })
  }

  /// Subscribes `subscriber` through a `ReducingInner` that ends at the first value `search`
  /// finds a result for, with a closure that may throw: `tryFirst(where:)`, `tryContains`,
  /// `tryAllSatisfy`.
  func subscribeTrySearching<S: Subscriber>(
    _ subscriber: S, notFound: S.Input?, name: String,
    _ search: @escaping (Output) throws -> S.Input?
  ) where S.Failure == any Error {
    subscribe(
      ReducingInner<Output, S.Input, Failure, S>(
        downstream: subscriber, initial: notFound, name: name,
        tryReduce: { result, value in
          guard let found = try search(value) else { return false }
          result = found
          return true
        }))
  }
}
