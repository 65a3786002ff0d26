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
    let inner = Inner()
    upstream.subscribe(inner)
    return Iterator(inner: inner, token: CancelToken(inner: inner))
  }

  /// Iterates a publisher's values; the subscription ends when the iterator is dropped.
  public struct Iterator: AsyncIteratorProtocol {
    let inner: Inner
    let token: CancelToken

    /// The next value, or `nil` once the publisher finished or the task was cancelled.
    public mutating func next() async -> Element? {
      let cancel: any SendableWork = inner
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in inner.next(continuation) }
      } onCancel: {
        cancel.perform()
      }
    }
  }

  /// Cancels the subscription when the iterator that holds it goes away.
  final class CancelToken: Sendable {
    let inner: Inner
    init(inner: Inner) { self.inner = inner }
    deinit { inner.perform() }
  }

  /// The subscriber that buffers values for the iterator.
  final class Inner: Subscriber, SendableWork, @unchecked Sendable {
    // Every mutable field is in `state`, guarded by its lock. No value and no subscription
    // is released under it: they are moved out and let go after it, since a value's deinit is
    // user code and may send to the same publisher.
    typealias Input = Upstream.Output
    typealias Failure = Never

    struct State {
      var subscription: (any Subscription)?
      /// Values not yet taken, from `bufferStart` on; taken slots are `nil`.
      var buffer: [Element?] = []
      var bufferStart = 0
      var waiting: CheckedContinuation<Element?, Never>?
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
      let waiting = state.withLock { state -> CheckedContinuation<Element?, Never>? in
        guard !state.isDone else { return nil }
        if let waiting = state.waiting.take() { return waiting }
        state.buffer.append(input)
        return nil
      }
      waiting?.resume(returning: input)
      return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
      let (waiting, subscription) = state.withLock { state in
        state.isDone = true
        return (state.waiting.take(), state.subscription.take())
      }
      _ = subscription  // released here, after the lock
      waiting?.resume(returning: nil)
    }

    enum Answer {
      case value(Element)
      case end
      case wait
    }

    func next(_ continuation: CheckedContinuation<Element?, Never>) {
      let answer = state.withLock { state -> Answer in
        if state.bufferStart < state.buffer.count {
          // Moved out of its slot: the buffer never holds a value the loop already took.
          let value = state.buffer[state.bufferStart].take()!
          state.bufferStart += 1
          if state.bufferStart == state.buffer.count {
            state.buffer.removeAll(keepingCapacity: true)  // only empty slots
            state.bufferStart = 0
          }
          return .value(value)
        }
        if state.isDone { return .end }
        state.waiting = continuation
        return .wait
      }
      switch answer {
      case .value(let value): continuation.resume(returning: value)
      case .end: continuation.resume(returning: nil)
      case .wait: break
      }
    }

    /// Cancels the subscription and ends the iteration; the values not taken are released
    /// after the lock.
    func perform() {
      var dropped: [Element?] = []
      let (subscription, waiting) = state.withLock { state in
        state.isDone = true
        swap(&dropped, &state.buffer)
        state.bufferStart = 0
        return (state.subscription.take(), state.waiting.take())
      }
      subscription?.cancel()
      waiting?.resume(returning: nil)
      dropped.removeAll()
    }
  }
}

extension AsyncPublisher: Sendable where Upstream: Sendable {}
