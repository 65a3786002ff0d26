/// The events waiting for one downstream, and the token that lets one thread at a time
/// deliver them: the serial half of `debounce`, `throttle` and `delay`, whose deliveries stay
/// on their scheduler.
///
/// The other operators deliver through `SerialDelivery`.
///
/// An operator keeps it inside the state its lock guards. A thread with an event asks
/// `deliverOrQueue`: if nobody delivers, it gets the event back and the token with it, and
/// calls the downstream with no lock held; otherwise the event waits. After each call the
/// token's holder asks `step()`, under the lock: it delivers the events it caused itself (sent
/// from inside the downstream, on its own thread), and when the next event came from another
/// thread it hands the token to a drainer, a block on a dispatch queue, and returns. So the
/// downstream is never called concurrently with itself, events keep their order, no lock is
/// held while it runs, and no caller is kept delivering other threads' events: as with
/// Relay's relays, a call returns after work bounded by its own event.
///
/// Invariant: events wait only while someone (a thread or the drainer) holds the token.
@usableFromInline
struct Outbox<Output, Failure: Error> {
  /// A call to make to the downstream.
  @usableFromInline
  enum Event {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
  }

  /// What the token's holder does after a delivery.
  @usableFromInline
  enum Step {
    /// Deliver this event, and ask again.
    case deliver(Event)
    /// Start the drainer, which now holds the token, and return.
    case handOff
    /// Nothing waits: the token was handed back.
    case idle
  }

  /// A waiting event, and whether the thread holding the token sent it.
  @usableFromInline
  struct Waiting {
    @usableFromInline var event: Event
    @usableFromInline var isOwn: Bool
    @inlinable init(event: Event, isOwn: Bool) {
      self.event = event
      self.isOwn = isOwn
    }
  }

  /// The waiting events, oldest first.
  ///
  /// Delivered ones are moved out, so that nothing is released under the lock; the ring buffer
  /// reuses their slots, so an outbox that other threads keep feeding while it drains holds no
  /// more than the most events that waited at once.
  @usableFromInline var events = DeliveryQueue<Waiting>()
  /// Whether a thread or the drainer holds the token.
  @usableFromInline private(set) var isDelivering = false
  /// The thread holding the token, while it is not the drainer's.
  @usableFromInline var holder: ThreadIdentity?
  /// Whether the drainer holds the token: it delivers every waiting event.
  @usableFromInline var isDraining = false

  @inlinable init() {}

  /// Whether no event waits.
  @inlinable var isEmpty: Bool { events.isEmpty }

  /// How many events wait.
  @inlinable var count: Int { events.count }

  /// Returns `event` with the token when nobody delivers; otherwise queues it and returns
  /// `nil`.
  @inlinable
  mutating func deliverOrQueue(_ event: Event) -> Event? {
    guard claim() else {
      append(event)
      return nil
    }
    return event
  }

  /// Queues an event behind the delivery in progress.
  @inlinable
  mutating func append(_ event: Event) {
    let isOwn = !isDraining && holder == ThreadIdentity.current
    events.append(Waiting(event: event, isOwn: isOwn))
  }

  /// Takes the token when nobody delivers; the caller then delivers a value of its own
  /// without wrapping it in an event (the hot path).
  ///
  /// Returns false, and the caller queues its event instead, when someone delivers.
  @inlinable
  mutating func claim() -> Bool {
    guard !isDelivering else { return false }
    isDelivering = true
    isDraining = false
    holder = ThreadIdentity.current
    return true
  }

  /// For the token's holder, after a delivery: hands the token back and returns true when
  /// nothing waits; otherwise returns false and the holder asks `step()`.
  ///
  /// The hot path: no event is moved.
  @inlinable
  mutating func releaseIfIdle() -> Bool {
    guard events.isEmpty else { return false }
    release()
    return true
  }

  @inlinable
  mutating func release() {
    isDelivering = false
    isDraining = false
    holder = nil
  }

  /// For the token's holder, after a delivery: what to do next.
  @inlinable
  mutating func step() -> Step {
    guard let first = events.first else {
      release()
      return .idle
    }
    guard isDraining || first.isOwn else {
      // Another thread's event: the drainer delivers it, and this thread returns.
      isDraining = true
      holder = nil
      return .handOff
    }
    return .deliver(events.popFirst().unsafelyUnwrapped.event)
  }

  /// For the drainer, when its block starts: it holds the token (handed to it by `step()`).
  @inlinable
  mutating func drainerStarts() -> Step {
    isDraining = true
    holder = ThreadIdentity.current
    return step()
  }

  /// Drops the waiting events and returns them, to release outside the lock.
  ///
  /// The token stays with its holder, who finds nothing more to deliver.
  @inlinable
  mutating func removeAll() -> DeliveryQueue<Waiting> { events.take() }
}

/// The FIFO of `delay`'s held events: the one delivery queue, by the name `delay` uses.
@usableFromInline typealias ZipQueue<Element> = DeliveryQueue<Element>
