/// Work waiting for a relay's delivery sequence.
@usableFromInline
enum RelayEvent<Output> {
  /// A sent value, for every subscriber with demand.
  case value(Output)
  /// The current value, owed to the one subscriber with this id.
  case currentValue(UInt64)
  /// The end: every subscriber receives `.finished` and is detached.
  case finished
}

/// Who runs a relay's rounds.
@usableFromInline
enum RelayDeliverer: Equatable {
  /// A thread that sent, subscribed or asked for values while nobody delivered: it delivers
  /// its own work, then hands the rest to the drainer.
  case thread(ThreadIdentity)
  /// A block on a global dispatch queue that delivers whatever is queued, in order, with the
  /// thread running it; `nil` from the handoff until the block starts, and again once it hands
  /// on to a new block.
  case drainer(ThreadIdentity?)

  /// Whether `thread` is the one running the rounds, so that whatever it sends or cancels
  /// comes from inside a call the round makes.
  @inlinable
  func isRun(by thread: ThreadIdentity) -> Bool {
    switch self {
    case .thread(let deliverer): deliverer == thread
    case .drainer(let deliverer): deliverer == thread
    }
  }
}

/// How much a subscriber asked for, and whether it is owed the current value.
@usableFromInline
struct RelayAccount {
  /// The subscription's id, which is also its position in subscription order.
  @usableFromInline let id: UInt64
  @usableFromInline var demand: Subscribers.Demand
  /// Whether the subscriber has not received a value yet and is owed the current one.
  @usableFromInline var owesCurrentValue: Bool
  /// Whether a `.currentValue` event for it waits in the backlog.
  @usableFromInline var currentValueQueued = false

  @inlinable
  init(id: UInt64, demand: Subscribers.Demand, owesCurrentValue: Bool) {
    self.id = id
    self.demand = demand
    self.owesCurrentValue = owesCurrentValue
  }

  /// Whether a round may call it without counting: it asked for everything and is owed nothing.
  @inlinable
  var isUnlimited: Bool { demand == .unlimited && !owesCurrentValue }
}

/// One step of the delivery sequence: whom to call.
///
/// It holds no value of `Output`, so it moves as two plain words: the value travels beside it,
/// held by the sender or in a `RelayAction`.
@usableFromInline
struct RelayRound<Output> {
  @usableFromInline
  enum Kind {
    /// Every target has unlimited demand: call each, ignoring what it returns.
    case unlimited
    /// Each target has a unit of demand claimed for this round: call each, collect demand.
    case claimed
    /// The value may repeat the one before it: check that first (outside the lock), then ask
    /// the state machine to claim targets (`claimTargets()`).
    case checkThenClaim
    /// Deliver `.finished`.
    case finish
  }

  @usableFromInline var kind: Kind
  /// The subscribers to call, unretained: the state machine keeps the list alive and
  /// unchanged until the round ends. `nil` for `checkThenClaim`.
  @usableFromInline var targets: Unmanaged<RelaySubscriberList<Output>>?

  @inlinable
  init(kind: Kind, targets: Unmanaged<RelaySubscriberList<Output>>?) {
    self.kind = kind
    self.targets = targets
  }
}

/// What the state machine no longer needs and the storage must release after unlocking, so
/// that no deinit (a subscriber's, a value's) runs under the lock.
@usableFromInline
struct RelayGarbage<Output> {
  @usableFromInline
  enum Item {
    case list(RelaySubscriberList<Output>)
    case target(RelayTarget<Output>)
    case event(RelayEvent<Output>)
  }

  @usableFromInline var items: [Item] = []

  @inlinable init() {}

  @inlinable
  var isEmpty: Bool { items.isEmpty }

  @inlinable
  mutating func append(_ item: Item) { items.append(item) }

  /// The subscribers handed back, to be marked cancelled.
  @inlinable
  var targets: [RelayTarget<Output>] {
    items.compactMap { if case .target(let target) = $0 { target } else { nil } }
  }

  @inlinable
  mutating func take() -> RelayGarbage<Output> {
    if isEmpty { return RelayGarbage() }
    defer { self = RelayGarbage() }
    return self
  }
}

/// What a caller that changed the sequence does next.
@usableFromInline
enum RelayNext<Output> {
  /// Nothing: the work is queued, held, or done.
  case none
  /// The caller is the deliverer: deliver this round, then end it with `endRound`.
  case deliver(RelayRound<Output>)
  /// Start the drainer on a global queue: it delivers what is queued.
  case startDrainer
}

/// What the storage does after an event: release what was dropped, then go on.
@usableFromInline
struct RelayAction<Output> {
  @usableFromInline var next: RelayNext<Output>
  /// The value a round from the backlog delivers; `nil` when the caller holds it.
  @usableFromInline var value: Output?
  /// The value the round's value replaced, for the duplicate check; released outside the
  /// lock.
  @usableFromInline var replaced: Output?
  @usableFromInline var garbage: RelayGarbage<Output>

  @inlinable
  init(_ next: RelayNext<Output> = .none, garbage: RelayGarbage<Output> = RelayGarbage()) {
    self.next = next
    self.garbage = garbage
  }
}

/// What `attach` tells the storage.
@usableFromInline
enum RelayAttachAction<Output> {
  /// Attached; carry out the action.
  case attached(RelayAction<Output>)
  /// The subscription was cancelled while the subscriber received it: release the target.
  case cancelled(RelayTarget<Output>)
  /// The relay has finished: send `.finished` to the subscriber and release the target.
  case finished(RelayTarget<Output>)
}

/// A `modify` in progress: what it read, and how its write is checked.
@usableFromInline
enum RelayModifyTicket: Equatable {
  /// The one modify that holds the reservation: plain sends made meanwhile wait behind its
  /// write, so only another `modify` committing first can make it retry.
  case reserved(token: UInt64)
  /// A modify that started while another held the reservation: it retries if anything was
  /// sent since it read.
  case optimistic(sendsAtRead: UInt64)
}

/// The outcome of a `modify`'s write.
@usableFromInline
enum RelayCommit<Output> {
  /// Written; go on as the action says.
  case written(RelayAction<Output>)
  /// Another write came first: read again and retry, after carrying out the action.
  case retry(RelayAction<Output>)
}
