/// A relay that keeps the last values sent and gives them to each new subscriber before the
/// values sent after it subscribed: CombineExt's `ReplaySubject`, as a relay.
///
/// It never fails and never completes, as every relay. A new subscriber receives, in order, the
/// last `bufferSize` values sent (fewer if fewer were sent), then each value sent afterwards.
/// Unlike `PassthroughRelay`, which drops a value for a subscriber without demand, it keeps each
/// value for each subscriber until that subscriber asks for it, as CombineExt's does.
///
/// ```swift
/// let messages = ReplayRelay<String>(bufferSize: 2)
/// messages.send("a")
/// messages.send("b")
/// messages.send("c")
/// let subscription = messages.sink { print($0) }  // prints "b", then "c"
/// messages.send("d")  // prints "d"
/// ```
///
/// Threads: values may be sent from any thread, and each subscriber receives them in the order
/// they were kept, one call at a time; a subscriber is called on the thread of a send or of a
/// request, with no lock held. A sender that finds a subscriber busy returns at once and the busy
/// thread delivers the value.
public final class ReplayRelay<Output>: Publisher {
  // `state` is the only mutable state, guarded by its lock; the members' own locks are taken
  // inside it (never the other way round), and subscribers are called with no lock held.

  /// Relays never fail.
  public typealias Failure = Never

  private struct Member {
    let id: Int
    /// Queues a value for the subscriber (it takes only the member's own lock).
    let enqueue: (Output) -> Void
    /// Delivers what waits, if nobody is delivering to the subscriber.
    let deliver: () -> Void
  }

  private struct State {
    var kept = DeliveryQueue<Output>()
    var keptCount = 0
    var members: [Member] = []
    var nextID = 0
  }

  /// How many of the last values a new subscriber receives first.
  public let bufferSize: Int
  private let state = Lock<State>.make(State())

  /// Creates a relay that replays the last `bufferSize` values to each new subscriber.
  ///
  /// - Parameter bufferSize: How many values to keep; 0 keeps none (a passthrough relay that
  ///   keeps values for subscribers without demand). It cannot be negative.
  @inlinable
  public init(bufferSize: Int) {
    precondition(bufferSize >= 0, "ReplayRelay(bufferSize: \(bufferSize)): it cannot be negative")
    self.bufferSize = bufferSize
  }

  /// Keeps the value and sends it to every subscriber.
  ///
  /// - Parameter value: The value.
  /// - Complexity: O(*s*) for *s* subscribers.
  public func send(_ value: Output) {
    let members = state.withLock { state -> [Member] in
      if bufferSize > 0 {
        state.kept.append(value)
        if state.keptCount == bufferSize {
          _ = state.kept.popFirst()
        } else {
          state.keptCount += 1
        }
      }
      // Queued under the relay's lock, so that every subscriber sees the order of the sends.
      for member in state.members { member.enqueue(value) }
      return state.members
    }
    for member in members { member.deliver() }
  }

  /// Attaches a subscriber; it receives the kept values, then the values sent afterwards.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    let subscription = BufferedSubscription(downstream: subscriber, description: "ReplaySubject")
    let id = state.withLock { state -> Int in
      for value in state.kept { subscription.enqueue(value) }
      let id = state.nextID
      state.nextID += 1
      state.members.append(
        Member(id: id, enqueue: subscription.enqueue, deliver: subscription.deliverIfIdle))
      return id
    }
    subscriber.receive(subscription: subscription)
    subscription.onEnd { [weak self] in self?.detach(id) }
    subscription.start()
  }

  private func detach(_ id: Int) {
    let removed = state.withLock { state -> [Member] in
      let removed = state.members.filter { $0.id == id }
      state.members.removeAll { $0.id == id }
      return removed
    }
    _ = removed  // released outside the lock
  }
}

extension ReplayRelay: @unchecked Sendable where Output: Sendable {}

extension ReplayRelay: RelayProtocol {}
