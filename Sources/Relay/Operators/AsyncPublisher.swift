extension Publisher where Failure == Never, Output: Sendable {
  /// The publisher's values as an asynchronous sequence.
  ///
  /// Each iterator subscribes when it is made and asks for every value; values that arrive
  /// faster than the loop takes them wait in order in a buffer, so none is lost (and the
  /// buffer grows without bound while the loop lags). Ending the loop, dropping the iterator
  /// or cancelling the task cancels the subscription and releases the values waiting. No
  /// value is released under the iterator's lock, so a value's deinit may send to the same
  /// publisher.
  ///
  /// ```swift
  /// for await state in $state.values {
  ///   print(state)
  /// }
  /// ```
  public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

/// An asynchronous sequence of a publisher's values.
public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence
where Upstream.Failure == Never, Upstream.Output: Sendable {
  /// The upstream's values.
  public typealias Element = Upstream.Output

  /// The publisher whose values are iterated.
  public let upstream: Upstream

  /// Wraps a publisher.
  ///
  /// - Parameter upstream: The publisher whose values are iterated.
  public init(_ upstream: Upstream) { self.upstream = upstream }

  /// Subscribes and returns an iterator over the values from now on.
  public func makeAsyncIterator() -> Iterator {
    let inner = AsyncPublisherBuffer<Element, Never>()
    upstream.subscribe(inner)
    return Iterator(inner: inner, token: AsyncPublisherBuffer.CancelToken(inner: inner))
  }

  /// Iterates a publisher's values; the subscription ends when the iterator is dropped.
  public struct Iterator: AsyncIteratorProtocol {
    let inner: AsyncPublisherBuffer<Element, Never>
    let token: AsyncPublisherBuffer<Element, Never>.CancelToken

    /// The next value, or `nil` once the publisher finished or the task was cancelled.
    public mutating func next() async -> Element? { await inner.next().get() }
  }
}

extension AsyncPublisher: Sendable where Upstream: Sendable {}

/// The subscriber that buffers a publisher's values for the iterator of `values`, failing or
/// not.
final class AsyncPublisherBuffer<Element: Sendable, Failure: Error>: Subscriber, SendableWork,
  @unchecked Sendable
{
  // Every mutable field is in `state`, guarded by its lock. No value and no subscription
  // is released under it: they are moved out and let go after it, since a value's deinit is
  // user code and may send to the same publisher.
  typealias Input = Element
  typealias Answer = Result<Element?, Failure>

  struct State {
    var subscription: (any Subscription)?
    /// Values not yet taken, from `bufferStart` on; taken slots are `nil`.
    var buffer: [Element?] = []
    var bufferStart = 0
    var waiting: CheckedContinuation<Answer, Never>?
    /// The upstream failed: thrown once the values before it were taken.
    var failure: Failure?
    var isDone = false
  }

  let state = Lock<State>.make(State())

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state in
      guard state.subscription == nil, !state.isDone else { return false }
      state.subscription = subscription
      return true
    }
    if accepted { subscription.request(.unlimited) } else { subscription.cancel() }
  }

  func receive(_ input: Element) -> Subscribers.Demand {
    let waiting = state.withLock { state -> CheckedContinuation<Answer, Never>? in
      guard !state.isDone else { return nil }
      if let waiting = state.waiting.take() { return waiting }
      state.buffer.append(input)
      return nil
    }
    waiting?.resume(returning: .success(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (waiting, subscription) = state.withLock {
      state -> (CheckedContinuation<Answer, Never>?, (any Subscription)?) in
      guard !state.isDone else { return (nil, nil) }
      state.isDone = true
      if case .failure(let failure) = completion { state.failure = failure }
      let waiting = state.waiting.take()
      // A loop waiting had taken every value: it gets the failure now.
      if waiting != nil { state.failure = nil }
      return (waiting, state.subscription.take())
    }
    _ = subscription  // released here, after the lock
    if case .failure(let failure) = completion {
      waiting?.resume(returning: .failure(failure))
    } else {
      waiting?.resume(returning: .success(nil))
    }
  }

  /// The next value, `nil` at the end, or the upstream's failure, once.
  func next() async -> Answer {
    let cancel: any SendableWork = self
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in next(continuation) }
    } onCancel: {
      cancel.perform()
    }
  }

  func next(_ continuation: CheckedContinuation<Answer, Never>) {
    let answer = state.withLock { state -> Answer? in
      if state.bufferStart < state.buffer.count {
        // Moved out of its slot: the buffer never holds a value the loop already took.
        let value = state.buffer[state.bufferStart].take()!
        state.bufferStart += 1
        if state.bufferStart == state.buffer.count {
          state.buffer.removeAll(keepingCapacity: true)  // only empty slots
          state.bufferStart = 0
        }
        return .success(value)
      }
      if state.isDone { return state.failure.take().map { .failure($0) } ?? .success(nil) }
      state.waiting = continuation
      return nil
    }
    if let answer { continuation.resume(returning: answer) }
  }

  /// Cancels the subscription and ends the iteration; the values not taken are released
  /// after the lock.
  func perform() {
    var dropped: [Element?] = []
    let (subscription, waiting) = state.withLock { state in
      state.isDone = true
      state.failure = nil
      swap(&dropped, &state.buffer)
      state.bufferStart = 0
      return (state.subscription.take(), state.waiting.take())
    }
    subscription?.cancel()
    waiting?.resume(returning: .success(nil))
    dropped.removeAll()
  }

  /// Cancels the subscription when the iterator that holds it goes away.
  final class CancelToken: Sendable {
    let inner: AsyncPublisherBuffer
    init(inner: AsyncPublisherBuffer) { self.inner = inner }
    deinit { inner.perform() }
  }
}
