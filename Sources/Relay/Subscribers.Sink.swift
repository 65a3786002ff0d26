#if canImport(Combine)
  // `AnyCancellable` is Combine's there, and the inlinable `sink` makes one.
  import Combine
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Publisher {
  /// Subscribes with closures for values and for the completion, asking for every value.
  ///
  /// ```swift
  /// let subscription = relay.sink(
  ///   receiveCompletion: { print("done: \($0)") },
  ///   receiveValue: { print($0) })
  /// ```
  /// - Parameters:
  ///   - receiveCompletion: Called once when the publisher finishes or fails.
  ///   - receiveValue: Called with each value.
  /// - Returns: A cancellable that cancels the subscription when cancelled or deinitialized.
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return sink.wrappedInAnyCancellable
  }
}

extension Publisher where Failure == Never {
  /// Subscribes with a closure for values, asking for every value.
  ///
  /// ```swift
  /// let subscription = relay.sink { print($0) }
  /// ```
  /// - Parameter receiveValue: Called with each value.
  /// - Returns: A cancellable that cancels the subscription when cancelled or deinitialized.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}

extension Subscribers {
  /// A subscriber that asks for every value and hands each one to a closure.
  ///
  /// It releases its two closures when it completes and when it is cancelled, so a closure
  /// that captures what holds the sink's `AnyCancellable` does not keep it alive past the
  /// end. A value or completion that arrives after that is ignored. It may be cancelled from
  /// any thread; a closure call in progress on another thread then finishes, and the closures
  /// are released when it returns, never under a lock.
  ///
  /// Where it differs from Combine: a sink cancelled before its subscription arrives stays
  /// cancelled (it releases its closures and cancels a subscription that arrives later), where
  /// Combine's ignores that cancel.
  ///
  /// A relay calls a sink subscribed to it directly through its own reference to
  /// `receiveValue`, which it drops when the subscription is cancelled. A relay never completes
  /// a sink while keeping it; when another publisher that handed its subscribers to a relay
  /// completes one itself, the sink cancels its relay subscription, so the closures go then too.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
  {
    // The subscription's status (`stateStorage`) is guarded by the lock. `handlers` is a
    // constant reference, owned (+1) until it is released exactly once, by whoever claims
    // `released` in `calls` once the sink has ended and no closure call is in progress. The lock
    // orders that release with the getters: they read `released` and retain `handlers` under
    // it, and whoever claims `released` takes the lock once before releasing, so a getter that
    // found it clear has retained the closures by then.

    /// The two closures, in one object so that a call reaches them without retaining them.
    @usableFromInline
    final class Handlers {
      @usableFromInline let receiveValue: (Input) -> Void
      @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
      /// The address of the sink's `calls`, set by the sink's `init` once it has an address
      /// and never changed: what a relay's closure for the sink reads (`receiverForRelay()`).
      @usableFromInline @exclusivity(unchecked) var sinkCalls: UnsafeMutableRawPointer?

      @inlinable
      init(
        receiveValue: @escaping (Input) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
      ) {
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
        sinkCalls = nil
      }

      /// Whether the sink completed or was cancelled; its memory must be alive.
      @inlinable
      var sinkHasEnded: Bool {
        AtomicWord<Int>(atExisting: sinkCalls.unsafelyUnwrapped).load(ordering: .acquiring)
          & Sink.ended != 0
      }
    }

    /// What the mutex guards: where the subscription stands.
    ///
    /// A type that depends on neither `Input` nor `Failure`, so that the unspecialized `deinit`
    /// finds its metadata without a lookup (one cost about 330 instructions per sink); two
    /// words, so that a sink's fields take 56 bytes on Linux (a futex mutex), a 64-byte heap
    /// chunk.
    @usableFromInline typealias State = SubscriberStatus

    /// Set in `calls` once the sink completed or was cancelled: no new call starts.
    @inlinable static var ended: Int { 1 }
    /// Set in `calls` by whoever releases the closures.
    @inlinable static var released: Int { 2 }
    /// Added to `calls` for each closure call in progress (calls may nest when a publisher
    /// sends from inside the closure).
    @inlinable static var oneCall: Int { 4 }

    // `callsStorage`, `mutexStorage` and `stateStorage` are the first stored properties, in
    // this order, and never accessed as properties after `init`: `calls` and `withState` find
    // them by address (`StoredLayout`). The lock lives in the sink's own allocation.
    /// `calls`' memory.
    @usableFromInline var callsStorage = 0
    /// The mutex guarding `stateStorage`.
    @usableFromInline var mutexStorage = RelayMutex()
    @usableFromInline var stateStorage = State.awaiting
    @usableFromInline let handlers: Unmanaged<Handlers>

    /// Where `init` put the mutex and the state, counted from the start of the stored
    /// properties: each field at the first offset after the one before that its alignment
    /// allows, as Swift lays out a class's stored properties.
    @usableFromInline enum StoredLayout {
      @inlinable static var mutex: Int { MemoryLayout<Int>.size }
      @inlinable static var state: Int {
        fieldOffset(
          after: mutex + MemoryLayout<RelayMutex>.size, alignment: MemoryLayout<State>.alignment
        )
      }
    }

    /// Four times the number of closure calls in progress, plus `ended` and `released`.
    @inlinable @inline(__always)
    var calls: AtomicWord<Int> { AtomicWord(inStoredPropertiesOf: self) }

    /// Runs `body` with the state, under the mutex.
    @inlinable @inline(__always)
    func withState<Result>(_ body: (inout State) -> Result) -> Result {
      let properties = _getUnsafePointerToStoredProperties(self)
      return Lock.withLock(
        (properties + StoredLayout.mutex).assumingMemoryBound(to: RelayMutex.self),
        guarding: (properties + StoredLayout.state).assumingMemoryBound(to: State.self), body)
    }

    /// The closure called with each value; a closure that does nothing once the sink has
    /// completed or was cancelled.
    public var receiveValue: (Input) -> Void { liveHandlers?.receiveValue ?? { _ in } }

    /// The closure called once with the completion; a closure that does nothing once the sink
    /// has completed or was cancelled.
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      liveHandlers?.receiveCompletion ?? { _ in }
    }

    /// The closures, retained, unless they were released.
    ///
    /// Read under the lock, which orders the read with their release; a class reference, not a
    /// closure, comes out of it (a closure returned through the generic `withLock` would be
    /// re-abstracted on every call).
    @inlinable
    var liveHandlers: Handlers? {
      withState { _ in
        calls.load(ordering: .acquiring) & Sink.released != 0
          ? nil : handlers.takeUnretainedValue()
      }
    }

    /// Creates a sink from its two closures.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once when the publisher finishes or fails.
    ///   - receiveValue: Called with each value.
    @inlinable
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      handlers = .passRetained(
        Handlers(receiveValue: receiveValue, receiveCompletion: receiveCompletion))
      let properties = _getUnsafePointerToStoredProperties(self)
      assert(
        withUnsafeMutablePointer(to: &stateStorage) { UnsafeMutableRawPointer($0) }
          == properties + StoredLayout.state,
        "Sink's stored properties are not where StoredLayout puts them")
      MutexMemory.initialize(
        (properties + StoredLayout.mutex).assumingMemoryBound(to: RelayMutex.self))
      // `calls` is the first stored property.
      handlers.takeUnretainedValue().sinkCalls = properties
    }

    deinit {
      if calls.load(ordering: .acquiring) & Sink.released == 0 { handlers.release() }
      MutexMemory.destroy(
        (_getUnsafePointerToStoredProperties(self) + StoredLayout.mutex)
          .assumingMemoryBound(to: RelayMutex.self))
    }

    /// `Sink`, as Combine names it in logs.
    public var description: String { "Sink" }

    /// A mirror without children, as Combine's.
    public var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

    /// `Sink`, as Combine shows it in playgrounds.
    public var playgroundDescription: Any { description }

    /// Keeps the first subscription and asks it for every value; cancels any later one, and
    /// any that arrives after the sink completed or was cancelled.
    @inlinable
    public func receive(subscription: any Subscription) {
      if withState({ $0.accept(subscription) }) {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Hands the value to `receiveValue`, unless the sink completed or was cancelled; asks for
    /// nothing more, having asked for everything.
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
      guard beginCall() else { return .none }
      handlers._withUnsafeGuaranteedRef { $0.receiveValue(input) }
      endCall()
      return .none
    }

    /// Hands the first completion to `receiveCompletion`, then releases both closures; later
    /// completions and values are ignored.
    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
      // Ends the sink and counts a call in one step, so no cancel can release the closures
      // before `receiveCompletion` has run.
      var current = calls.load(ordering: .relaxed)
      while true {
        if current & Sink.ended != 0 { return }
        let (exchanged, original) = calls.compareExchange(
          expected: current, desired: (current + Sink.oneCall) | Sink.ended,
          ordering: .acquiringAndReleasing)
        if exchanged { break }
        current = original
      }
      // The old status may hold the last reference to the subscription, whose deinit must not
      // run under the lock: it is moved out and released after it.
      let old = withState { $0.end() }
      // A relay never completes a subscriber it keeps, so a relay's subscription here was
      // completed from elsewhere (a publisher that hands its subscribers to a relay): cancel it,
      // or the relay would keep this ended sink, and its closures, until it goes away.
      if let subscription = old.subscription, subscription is AnyRelayTarget {
        subscription.cancel()
      }
      handlers._withUnsafeGuaranteedRef { $0.receiveCompletion(completion) }
      endCall()
    }

    /// Cancels the subscription and releases the closures; once this returns, at most one more call
    /// to them comes, from a delivery another thread had already begun, and that call releases them
    /// when it returns.
    @inlinable
    public func cancel() {
      let subscription = withState { $0.end() }.subscription
      let before = calls.bitwiseOr(Sink.ended, ordering: .acquiringAndReleasing).oldValue
      if before == 0 { releaseHandlersIfIdle() }
      subscription?.cancel()
    }

    /// Whether the sink completed or was cancelled.
    @inlinable
    var hasEnded: Bool { calls.load(ordering: .acquiring) & Sink.ended != 0 }

    /// What a relay calls for each value in place of `receive(_:)`: `receiveValue` without the
    /// call counting, skipped once the sink has ended, answering no further demand (the sink
    /// asked for everything).
    ///
    /// It captures the closures' object alone, so making it allocates nothing, and the relay's
    /// reference to it keeps the closures alive for as long as the relay may call it (until the
    /// subscription is cancelled), whatever the sink releases meanwhile. It reads whether the
    /// sink has ended through the sink's memory, which the relay keeps alive as long: its
    /// closure that finishes the sink holds the sink.
    @inlinable
    func receiverForRelay() -> (Input) -> Subscribers.Demand {
      guard let handlers = liveHandlers else { return { _ in .none } }
      return { value in
        if !handlers.sinkHasEnded { handlers.receiveValue(value) }
        return .none
      }
    }

    /// Counts a closure call, unless the sink has ended.
    @inlinable @inline(__always)
    func beginCall() -> Bool {
      let before = calls.wrappingAdd(Sink.oneCall, ordering: .acquiringAndReleasing).oldValue
      if before & Sink.ended == 0 { return true }
      endCall()
      return false
    }

    /// Ends a closure call; the last call to end after the sink ended releases the closures.
    @inlinable @inline(__always)
    func endCall() {
      let after = calls.wrappingSubtract(Sink.oneCall, ordering: .acquiringAndReleasing).newValue
      if after == Sink.ended { releaseHandlersIfIdle() }
    }

    /// Releases the closures if the sink has ended, no call is in progress and nobody else
    /// has released them; outside the lock, since their captures' deinits are user code.
    @usableFromInline
    func releaseHandlersIfIdle() {
      let (claimed, _) = calls.compareExchange(
        expected: Sink.ended, desired: Sink.ended | Sink.released,
        ordering: .acquiringAndReleasing)
      guard claimed else { return }
      // A getter holding the lock may have found `released` clear: it has retained the
      // closures once the lock is free.
      withState { _ in }
      handlers.release()
    }
  }
}
