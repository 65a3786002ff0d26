/// A value sent while a round was under way or a write held the relay, kept in a box of its own
/// until its turn, so that the sequence and everything that moves its events depend on no value
/// type (`RelayCore` is compiled once, not once per value type).
///
/// Only a value that must wait is boxed: a send that finds nobody delivering delivers its value
/// with no box.
@usableFromInline
class AnyRelayValue: @unchecked Sendable {
  // Immutable: the subclass's value is a constant.
  @inlinable init() {}

  /// The value, as the relay of `Output` boxed it; every box of a relay holds its `Output`.
  @inlinable @inline(__always)
  final func unboxed<Output>(_: Output.Type) -> Output {
    unsafeDowncast(self, to: RelayValueBox<Output>.self).value
  }
}

/// A waiting value of `Output`.
@usableFromInline
final class RelayValueBox<Output>: AnyRelayValue, @unchecked Sendable {
  @usableFromInline let value: Output

  @inlinable
  init(_ value: Output) {
    self.value = value
    super.init()
  }
}

/// An event waiting in a relay's delivery sequence.
@usableFromInline
enum RelayEvent {
  /// A sent value, for every subscriber with demand. `isKept`: it was sent from inside a
  /// round, by the thread running it, so a backlog limit never drops it.
  case value(AnyRelayValue, isKept: Bool)
  /// The current value, owed to the one subscriber with this id.
  case currentValue(UInt64)
  /// The end: every subscriber receives `.finished` and is detached.
  case finished

  /// Whether a backlog limit may drop it.
  @inlinable
  var isDroppable: Bool {
    if case .value(_, isKept: false) = self { true } else { false }
  }

  /// Whether it is the current value owed to subscriber `id`.
  @inlinable
  func isCurrentValue(for id: UInt64) -> Bool {
    if case .currentValue(id) = self { true } else { false }
  }
}

/// One round of a relay's delivery sequence: whom to call, and how.
///
/// It holds no value, so it moves as plain words; the value travels beside it.
@usableFromInline
struct RelayRound {
  @usableFromInline
  enum Kind: Equatable {
    /// Every subscriber has unlimited demand: call each, ignoring what it returns.
    case unlimited
    /// Each target had a unit of demand claimed for this round: call each, collect demand.
    case claimed
    /// Deliver `.finished`.
    case finish
  }

  @usableFromInline let kind: Kind
  @usableFromInline let targets: RelaySubscriberLoan
  /// Whether the value is first compared, outside the lock, with the value it replaced: a
  /// duplicate reaches nobody, and what the round claimed is given back when it ends.
  @usableFromInline let checksDuplicate: Bool

  /// Whether the round claimed demand, which a duplicate gives back when the round ends.
  @inlinable var claimedDemand: Bool { kind == .claimed }

  @inlinable
  init(kind: Kind, targets: RelaySubscriberLoan, checksDuplicate: Bool = false) {
    self.kind = kind
    self.targets = targets
    self.checksDuplicate = checksDuplicate
  }
}

/// What the storage does next, after an event.
@usableFromInline
enum RelayNext {
  /// Nothing: the work waits, is held, or is done.
  case none
  /// The caller runs this round, then ends it with `endRound`.
  case deliver(RelayRound)
  /// Schedule the drainer on a global queue; it delivers what waits.
  case scheduleDrainer
}

/// What the state machine no longer needs, for the storage to release after unlocking, so
/// that no deinit (a subscriber's, a value's) runs under the lock.
@usableFromInline
struct RelayReleased {
  @usableFromInline
  enum Item {
    case list(RelaySubscriberList)
    /// A subscriber taken out of a list, with the list's hold, which `release` lets go of.
    case target(AnyRelayTarget)
    case event(RelayEvent)
  }

  @usableFromInline var items: [Item]

  // Not a default value: for a type that is not generic, it is a function of this module, which
  // an inlined initializer calls rather than inlines (so for the types below).
  @inlinable init() { items = [] }

  @inlinable var isEmpty: Bool { items.isEmpty }

  @inlinable
  mutating func append(_ item: Item) { items.append(item) }

  /// Adds the events held behind a reservation that will not be delivered.
  @inlinable
  mutating func append(eventsOf held: [RelayReservation.Held]) {
    for held in held { items.append(.event(held.event)) }
  }

  /// Calls `body` with each subscriber handed back, which the storage marks cancelled.
  @inlinable
  func forEachTarget(_ body: (AnyRelayTarget) -> Void) {
    for case .target(let target) in items { body(target) }
  }

  /// Lets go of everything: the relay's holds of the subscribers handed back, then the rest.
  ///
  /// Outside the lock, and out of line: few events drop anything.
  @usableFromInline
  consuming func letGo() {
    forEachTarget { $0.letGo() }
  }

  /// Moves the items out, leaving nothing.
  @inlinable
  mutating func take() -> RelayReleased {
    if isEmpty { return RelayReleased() }
    defer { self = RelayReleased() }
    return self
  }
}

/// What a cancel hands back: the subscriber it detached, kept apart so that the common cancel
/// allocates nothing to say so, and anything else to release (the round's reference to the
/// subscriber, a current value queued for it).
///
/// A type of its own rather than a field of `RelayReleased`, which every write carries and
/// destroys: a second field there costs each write its destruction.
@usableFromInline
struct RelayCancellation {
  /// The subscriber removed, with the live list's hold, which the storage lets go of.
  @usableFromInline var target: AnyRelayTarget?
  @usableFromInline var released: RelayReleased

  @inlinable
  init() {
    target = nil
    released = RelayReleased()
  }

  /// Calls `body` with each subscriber handed back, which the storage marks cancelled.
  @inlinable
  func forEachTarget(_ body: (AnyRelayTarget) -> Void) {
    if let target { body(target) }
    released.forEachTarget(body)
  }
}

/// The answer to most events: what the storage does next, the values of a round that comes
/// from the sequence, and what to release after the lock.
@usableFromInline
struct RelayStep<Output> {
  @usableFromInline var next: RelayNext
  /// The value of a round taken from the sequence, or the current value it delivers; `nil`
  /// when the caller holds the round's value.
  @usableFromInline var value: Output?
  /// The value the round's value replaced, for the duplicate check.
  @usableFromInline var replaced: Output?
  @usableFromInline var released: RelayReleased

  @inlinable
  init(_ next: RelayNext = .none, released: RelayReleased = RelayReleased()) {
    self.next = next
    self.released = released
  }
}

/// What a round the core started delivers: nothing the caller holds, a value that waited in its
/// box, or the current value.
@usableFromInline
enum RelayStartedValue {
  /// The caller holds the round's value (its own send), or the round delivers `.finished`.
  case none
  /// A sent value that waited: it becomes the current one.
  case sent(AnyRelayValue)
  /// The current value, owed to one subscriber.
  case current
}

/// The core's answer to most events.
///
/// It says what the storage does next, which value the round delivers, and what to release after
/// the lock. The state machine turns it into a `RelayStep` with the value itself.
@usableFromInline
struct RelayCoreStep {
  @usableFromInline var next: RelayNext
  @usableFromInline var value: RelayStartedValue
  @usableFromInline var released: RelayReleased

  @inlinable
  init(_ next: RelayNext = .none, released: RelayReleased = RelayReleased()) {
    self.next = next
    self.value = .none
    self.released = released
  }
}

/// The answer to an in-place write's commit: what the storage does next, and what to release
/// after the lock.
///
/// It holds no value, unlike `RelayStep`: the written value stays with the caller, and a client
/// module would otherwise make and destroy two empty optionals of it per write.
@usableFromInline
struct RelayInPlaceCommit {
  @usableFromInline var next: RelayNext
  @usableFromInline var released: RelayReleased

  @inlinable
  init(_ next: RelayNext = .none) {
    self.next = next
    self.released = RelayReleased()
  }
}

/// The answer to `attach`: the core's, with a `RelayCoreStep`, and the state machine's, with the
/// `RelayStep` carrying the value it names.
@usableFromInline
enum RelayAttachAction<Step> {
  /// Attached; carry out the step.
  case attached(Step)
  /// The subscription was cancelled while the subscriber received it: release the target.
  case cancelled
  /// The relay has finished: send `.finished` to the subscriber.
  case finished
}

/// A `modify` in progress: how its write is checked.
@usableFromInline
enum RelayModifyTicket: Equatable {
  /// The one modify that holds the relay's reservation: plain sends made meanwhile wait
  /// behind its write, so only another `modify` committing first makes it retry.
  case reserved(token: UInt64)
  /// A modify that started while another held the reservation: it retries if anything was
  /// sent since it read.
  case optimistic(sendsAtRead: UInt64)
}

/// The answer to `commitModify`.
@usableFromInline
enum RelayCommitAction<Output> {
  /// Written; carry out the step. A `.deliver` round carries the modify's own value.
  case written(RelayStep<Output>)
  /// Another write came first: carry out the step, read again and retry.
  case retry(RelayStep<Output>)
}

/// How an in-place write got the value to change.
@usableFromInline
package enum RelayInPlaceValue<Output> {
  /// The value left the relay: nothing else shares its storage, and nothing compares it with
  /// what it was, so the writer does and says whether it publishes.
  case movedOut(Output)
  /// A copy of the latest value, which others' values wait before: the relay compares it with
  /// the value before it when its turn comes.
  case copied(Output)
}

/// The write holding a relay's reservation (a `modify` running its closure, or an in-place
/// write), and what was sent meanwhile.
@usableFromInline
struct RelayReservation {
  /// A held event, its sender, and whether it was sent from inside a round by the thread
  /// running it (kept whatever the backlog limit, as when it is queued directly).
  @usableFromInline
  struct Held {
    @usableFromInline let event: RelayEvent
    @usableFromInline let sender: ThreadIdentity

    @inlinable
    init(event: RelayEvent, sender: ThreadIdentity) {
      self.event = event
      self.sender = sender
    }
  }

  @usableFromInline let token: UInt64
  /// The thread that began the write (an in-place write whose access spans a suspension may
  /// end on another).
  @usableFromInline let holder: ThreadIdentity
  @usableFromInline var held: [Held]
  /// Which write holds the relay.
  ///
  /// Last: a relay's phase is then 25 bytes, and the core's narrow fields fill the rest of its
  /// last word (`RelayCore`).
  @usableFromInline let kind: Kind

  /// Which write holds a relay.
  @usableFromInline
  enum Kind: UInt8 {
    /// A `modify`, which changes a copy.
    case modify
    /// An in-place write of a copy of the latest value (events waited in the sequence).
    case inPlaceCopy
    /// An in-place write of the value itself, which left the relay: readers wait for it while
    /// no newer value is held behind the write.
    case inPlaceMovedOut
  }

  @inlinable
  init(token: UInt64, holder: ThreadIdentity, kind: Kind) {
    self.token = token
    self.holder = holder
    self.kind = kind
    self.held = []
  }

  /// Whether it is an in-place write, whose value may have left the relay; a `modify`
  /// changes a copy.
  @inlinable
  var isInPlace: Bool { kind != .modify }

  /// The last value held, if any.
  @inlinable
  var lastValue: AnyRelayValue? {
    for held in held.reversed() {
      if case .value(let value, _) = held.event { return value }
    }
    return nil
  }
}
