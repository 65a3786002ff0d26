/// The events waiting for one downstream, and the token that lets one thread at a time
/// deliver them: the serial half of every operator that several threads may feed.
///
/// An operator keeps it inside the state its lock guards. A thread with an event asks
/// `deliverOrQueue`: if nobody delivers, it gets the event back and the token with it, and
/// calls the downstream with no lock held; otherwise the event waits. The thread holding the
/// token asks `next()` after each call, under the lock, and delivers what waited until it
/// gets `nil`, which hands the token back. So the downstream is never called concurrently
/// with itself, events keep their order, and no lock is held while it runs.
///
/// A thread that delivers also delivers what other threads queued meanwhile, as relays do;
/// how much can wait is bounded by the demand the downstream asked for, or, with unlimited
/// demand, by how far the senders run ahead of it.
///
/// Invariant: events wait only while a thread delivers.
@usableFromInline
struct Outbox<Output, Failure: Error> {
  /// A call to make to the downstream.
  @usableFromInline
  enum Event {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
  }

  /// Waiting events; delivered ones are moved out (`nil`), so that emptying the array under
  /// a lock never releases a value there.
  @usableFromInline var events: [Event?] = []
  @usableFromInline var start = 0
  /// Whether a thread holds the token.
  @usableFromInline private(set) var isDelivering = false

  @inlinable init() {}

  /// Whether no event waits.
  @inlinable var isEmpty: Bool { start == events.count }

  /// How many events wait.
  @inlinable var count: Int { events.count - start }

  /// Returns `event` with the token when nobody delivers; otherwise queues it and returns
  /// `nil`.
  @inlinable
  mutating func deliverOrQueue(_ event: Event) -> Event? {
    guard !isDelivering else {
      events.append(event)
      return nil
    }
    isDelivering = true
    return event
  }

  /// Takes the token when nobody delivers; the caller then delivers a value of its own
  /// without wrapping it in an event (the hot path). Returns false, and the caller queues its
  /// event instead, when a thread delivers.
  @inlinable
  mutating func claim() -> Bool {
    guard !isDelivering else { return false }
    isDelivering = true
    return true
  }

  /// For the thread holding the token, after a delivery: hands the token back and returns
  /// true when nothing waits; otherwise returns false and the caller, still holding it,
  /// delivers what waits with `next()`. The hot path: no event is moved.
  @inlinable
  mutating func releaseIfIdle() -> Bool {
    guard start == events.count else { return false }
    isDelivering = false
    return true
  }

  /// For the thread holding the token, after a delivery: the next event, or `nil`, which
  /// hands the token back.
  @inlinable
  mutating func next() -> Event? {
    if start < events.count {
      let event = events[start].take()
      start += 1
      if start == events.count {
        events.removeAll(keepingCapacity: events.count <= 64)
        start = 0
      }
      return event
    }
    isDelivering = false
    return nil
  }

  /// Drops the waiting events and returns them, to release outside the lock. The token
  /// stays with its holder, who finds nothing more to deliver.
  @inlinable
  mutating func removeAll() -> [Event?] {
    defer {
      events = []
      start = 0
    }
    return events
  }
}
