/// A publisher that eventually produces one value and finishes, or fails.
///
/// The closure runs once, when the future is created; it is handed a promise to call with the
/// result from any thread. Every subscriber, before or after the promise is kept, receives that
/// result: the value on its first request, then `.finished`; a failure at once.
///
/// ```swift
/// let answer = Future<Int, Never> { promise in
///   DispatchQueue.global().async { promise(.success(42)) }
/// }
/// answer.sink { print($0) }.store(in: &subscriptions)   // prints 42, later
/// ```
///
/// Unlike Combine's, the promise is `@Sendable`, so Swift 6 code may call it from another
/// thread's closure; code written for Combine compiles unchanged. Calls after the first are
/// ignored.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // `state` is guarded by its lock: the result, and the subscribers waiting for it.
  /// Keeps the future with a result; only the first call counts.
  public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

  struct State {
    var result: Result<Output, Failure>?
    var waiting: [ObjectIdentifier: FutureConduit<Output, Failure>] = [:]
  }

  let state = Lock<State>.make(State())

  /// Creates a future and runs `attemptToFulfill` at once.
  ///
  /// - Parameter attemptToFulfill: Starts the work and, once it is done, calls the promise
  ///   with its result.
  @inlinable
  public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
    attemptToFulfill { result in self.fulfill(result) }
  }

  /// Attaches a subscriber; it receives the result when there is one and it asked for it.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let conduit = Conduit(future: self, downstream: subscriber)
    subscriber.receive(subscription: conduit)
    // Registered only now: until `receive(subscription:)` returned, only this thread may call
    // the subscriber.
    let result = state.withLock { state -> Result<Output, Failure>? in
      if let result = state.result { return result }
      state.waiting[ObjectIdentifier(conduit)] = conduit
      return nil
    }
    if let result { conduit.offer(result) }
  }

  @usableFromInline
  func fulfill(_ result: Result<Output, Failure>) {
    let waiting = state.withLock { state -> [ObjectIdentifier: FutureConduit<Output, Failure>] in
      guard state.result == nil else { return [:] }
      state.result = result
      return state.waiting.take()
    }
    for conduit in waiting.values { conduit.offer(result) }
  }

  fileprivate var result: Result<Output, Failure>? { state.withLock { $0.result } }

  fileprivate func remove(_ conduit: FutureConduit<Output, Failure>) {
    let removed = state.withLock { $0.waiting.removeValue(forKey: ObjectIdentifier(conduit)) }
    _ = removed  // released outside the lock
  }
}

extension Dictionary {
  /// Moves the elements out, leaving the dictionary empty.
  fileprivate mutating func take() -> [Key: Value] {
    defer { self = [:] }
    return self
  }
}

/// A subscriber's link to a future, seen without the subscriber's type.
///
/// `@unchecked Sendable`: it has no state; subclasses guard theirs with a lock.
class FutureConduit<Output, Failure: Error>: @unchecked Sendable {
  /// Delivers the result if the subscriber may receive it now.
  func offer(_ result: Result<Output, Failure>) {}
}

extension Future {
  /// One subscriber's subscription: it delivers the result once, against demand.
  private final class Conduit<Downstream: Subscriber>: FutureConduit<Output, Failure>,
    Subscription, CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `state` is guarded by its lock. Whoever takes the downstream out delivers, once.
    private struct State {
      var future: Future?
      var downstream: Downstream?
      var hasDemand = false
      var isCancelled = false
    }

    private let state: Lock<State>

    init(future: Future, downstream: Downstream) {
      state = .make(State(future: future, downstream: downstream))
    }

    override func offer(_ result: Result<Output, Failure>) {
      let taken = state.withLock { state -> (Downstream, Future?)? in
        guard state.hasDemand || result.isFailure, let downstream = state.downstream.take()
        else { return nil }
        return (downstream, state.future.take())
      }
      guard let (downstream, _) = taken else { return }
      switch result {
      case .success(let value):
        _ = downstream.receive(value)
        guard !state.withLock({ $0.isCancelled }) else { return }
        downstream.receive(completion: .finished)
      case .failure(let error):
        downstream.receive(completion: .failure(error))
      }
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      // Demand first, then the result: a promise kept in between finds the demand.
      let future = state.withLock { state -> Future? in
        state.hasDemand = true
        return state.future
      }
      if let result = future?.result { offer(result) }
    }

    func cancel() {
      let (future, downstream) = state.withLock { state in
        state.isCancelled = true
        return (state.future.take(), state.downstream.take())
      }
      future?.remove(self)
      _ = downstream  // released outside the lock
    }

    var description: String { "Future" }
  }
}

extension Result {
  fileprivate var isFailure: Bool {
    if case .failure = self { true } else { false }
  }
}

extension Future where Output: Sendable {
  /// The future's value, once its promise is kept: awaits it, or throws its failure.
  ///
  /// Each read subscribes once; a promise already kept answers at once. The wait does not end
  /// when the task is cancelled, as in Combine: a promise never kept keeps it waiting.
  ///
  /// ```swift
  /// let profile = try await loadProfile(id).value
  /// ```
  public var value: Output {
    get async throws {
      try await withCheckedThrowingContinuation { continuation in
        subscribe(ResultSubscriber { continuation.resume(with: $0) })
      }
    }
  }
}

extension Future where Failure == Never, Output: Sendable {
  /// The future's value, once its promise is kept.
  ///
  /// Each read subscribes once; a promise already kept answers at once. The wait does not end
  /// when the task is cancelled, as in Combine: a promise never kept keeps it waiting.
  ///
  /// ```swift
  /// let answer = await Future<Int, Never> { promise in promise(.success(42)) }.value
  /// ```
  public var value: Output {
    get async {
      await withCheckedContinuation { continuation in
        subscribe(ResultSubscriber { continuation.resume(returning: $0.get()) })
      }
    }
  }
}

extension Future {
  /// The subscriber that reads `value`: it asks for the one value and hands on the result.
  private final class ResultSubscriber: Subscriber, @unchecked Sendable {
    // Immutable; the future calls it once with a value or a failure, never both.
    let deliver: (Result<Output, Failure>) -> Void

    init(_ deliver: @escaping (Result<Output, Failure>) -> Void) { self.deliver = deliver }

    func receive(subscription: any Subscription) { subscription.request(.max(1)) }

    func receive(_ input: Output) -> Subscribers.Demand {
      deliver(.success(input))
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      if case .failure(let failure) = completion { deliver(.failure(failure)) }
    }
  }
}
