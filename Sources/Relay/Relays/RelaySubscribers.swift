/// The subscribers of a relay: who is attached, in subscription order, what each asked for,
/// and the subscriptions handed out but not attached yet.
///
/// It depends on no value type (it keeps `AnyRelayTarget`s), so its edits are compiled once, in
/// this module, out of line: an app pays for them once, not once per type it observes.
///
/// A round reads the subscribers through a `RelaySubscriberLoan`. A round in which every
/// subscriber has unlimited demand borrows the live list itself, unretained (`lend()`): that
/// saves every send a retain and release of the list. The invariant that makes it safe lives
/// here: while the list is lent, it is never changed in place. An edit first retires it: the
/// lent list goes to the caller, who keeps it alive until the round ends, and the edit goes to
/// a copy.
@usableFromInline
struct RelaySubscribers {
  /// How much a subscriber asked for, and whether it is owed the current value.
  @usableFromInline
  struct Account {
    @usableFromInline let id: UInt64
    @usableFromInline var demand: Subscribers.Demand
    /// Whether the subscriber has not received the current value and is owed it.
    @usableFromInline var owesCurrentValue: Bool
    /// Whether a `.currentValue` event for it waits in the delivery sequence.
    @usableFromInline var currentValueQueued: Bool

    @inlinable
    init(id: UInt64, demand: Subscribers.Demand, owesCurrentValue: Bool) {
      self.id = id
      self.demand = demand
      self.owesCurrentValue = owesCurrentValue
      self.currentValueQueued = false
    }

    /// Whether a round may call it without counting: it asked for everything and is owed
    /// nothing.
    @inlinable var isUnlimited: Bool { demand == .unlimited && !owesCurrentValue }
  }

  /// What a claimed round took from one account, to give back if the round delivers nothing.
  @usableFromInline
  struct Claim {
    @usableFromInline let id: UInt64
    @usableFromInline let tookDemand: Bool
    @usableFromInline let owedCurrentValue: Bool

    @inlinable
    init(id: UInt64, tookDemand: Bool, owedCurrentValue: Bool) {
      self.id = id
      self.tookDemand = tookDemand
      self.owedCurrentValue = owedCurrentValue
    }
  }

  // In an order that leaves the least padding: the flags after `accounts`, whose size is not a
  // multiple of 8.
  /// The attached subscribers, in subscription order.
  @usableFromInline private(set) var list: RelaySubscriberList
  /// Each attached subscriber's account, in the order of `list`.
  @usableFromInline private(set) var accounts: Accounts
  /// Whether the round in progress reads `list` unretained.
  @usableFromInline private(set) var isLent: Bool
  /// Whether every account is unlimited, so that a round can borrow `list` as it is.
  @usableFromInline private(set) var allUnlimited: Bool
  /// The id the next subscription gets.
  @usableFromInline var nextID: UInt64

  // No stored property has a default value: this type is not generic, so a default would be a
  // function of this module, which an inlined initializer calls rather than inlines.
  @inlinable
  init() {
    list = RelaySubscriberList.empty
    isLent = false
    accounts = Accounts()
    allUnlimited = true
    nextID = 1
  }

  /// Whether any subscriber is attached.
  @inlinable var isEmpty: Bool { accounts.isEmpty }

  /// The position of the subscriber with this id, if attached.
  @inlinable
  func index(of id: UInt64) -> Int? { list.index(ofOrder: id) }

  /// The account at `index`.
  @inlinable
  subscript(index: Int) -> Account {
    get { accounts[index] }
    set {
      accounts[index] = newValue
      updateAllUnlimited()
    }
  }

  // MARK: Subscribing

  /// A subscription is about to be handed out: returns its id.
  ///
  /// The core keeps its demand until it attaches (`RelayCore.unattached`).
  @inlinable
  mutating func nextSubscriptionID() -> UInt64 {
    let id = nextID
    nextID += 1
    return id
  }

  /// Attaches the subscriber of a registered subscription.
  ///
  /// - Parameter demand: What it asked for before it attached.
  /// - Returns: Its position, and the lent list it retired, which the caller keeps alive until
  ///   the round ends.
  @usableFromInline
  mutating func attach(
    _ id: UInt64, demand: Subscribers.Demand, target: AnyRelayTarget, owesCurrentValue: Bool
  ) -> (index: Int, retired: RelaySubscriberList?) {
    let retired = prepareEdit(adding: 1)
    let index = list.insert(target, order: id)
    accounts.insert(
      Account(id: id, demand: demand, owesCurrentValue: owesCurrentValue), at: index)
    updateAllUnlimited()
    return (index, retired)
  }

  /// Detaches a subscriber.
  ///
  /// - Returns: The subscriber and its account, and the lent list the edit retired.
  @usableFromInline
  mutating func remove(_ id: UInt64) -> (
    removed: (target: AnyRelayTarget?, account: Account)?,
    retired: RelaySubscriberList?
  ) {
    guard let index = index(of: id) else { return (nil, nil) }
    let retired = prepareEdit(adding: 0)
    let account = accounts.remove(at: index)
    let target = list.remove(at: index)
    updateAllUnlimited()
    return ((target, account), retired)
  }

  /// Detaches everyone, for the end of the relay: returns the list, which the caller owns.
  @usableFromInline
  mutating func removeAll() -> RelaySubscriberList {
    defer {
      list = RelaySubscriberList.empty
      isLent = false
      accounts = Accounts()
      allUnlimited = true
    }
    return list
  }

  // MARK: Rounds

  /// Lends the list to a round in which every subscriber has unlimited demand.
  @inlinable
  mutating func lend() -> RelaySubscriberLoan {
    precondition(allUnlimited, "a round borrowed the list while some demand is bounded")
    isLent = true
    return RelaySubscriberLoan(list)
  }

  /// The round that borrowed the list has ended.
  @inlinable
  mutating func endLending() { isLent = false }

  /// Takes one unit of demand from each subscriber that has some, for a round: returns a new
  /// list of those to call and what was taken.
  ///
  /// The others are owed the value, when the relay keeps one.
  @usableFromInline
  mutating func claim(keepsCurrentValue: Bool) -> (
    targets: RelaySubscriberList, claims: [Claim]
  ) {
    var claims: [Claim] = []
    let targets = RelaySubscriberList.make(capacity: Swift.max(accounts.count, 1))
    for index in accounts.indices {
      let owed = accounts[index].owesCurrentValue
      if accounts[index].isUnlimited {
      } else if accounts[index].demand > 0 {
        accounts[index].demand -= 1
        accounts[index].owesCurrentValue = false
        claims.append(Claim(id: accounts[index].id, tookDemand: true, owedCurrentValue: owed))
      } else {
        if keepsCurrentValue, !owed {
          accounts[index].owesCurrentValue = true
          claims.append(Claim(id: accounts[index].id, tookDemand: false, owedCurrentValue: owed))
        }
        continue
      }
      if let target = list.target(at: index) { targets.insert(target, order: accounts[index].id) }
    }
    updateAllUnlimited()
    return (targets, claims)
  }

  /// Gives back what a round claimed, when it delivered nothing (its value was a duplicate).
  @usableFromInline
  mutating func refund(_ claims: [Claim]) {
    for claim in claims {
      guard let index = index(of: claim.id) else { continue }
      if claim.tookDemand { accounts[index].demand += 1 }
      accounts[index].owesCurrentValue = claim.owedCurrentValue
    }
    updateAllUnlimited()
  }

  /// The subscribers of a round that delivers the current value to the one at `index`: the
  /// live list itself, lent, when that one is all it holds; otherwise a new list of that one,
  /// which the round keeps (`kept`).
  @usableFromInline
  mutating func single(at index: Int) -> (
    targets: RelaySubscriberLoan, kept: RelaySubscriberList?
  ) {
    if list.count == 1 {
      isLent = true
      return (RelaySubscriberLoan(list), nil)
    }
    let single = list.selecting(capacity: 1) { $0 == index }
    return (RelaySubscriberLoan(single), single)
  }

  /// Gets `list` ready for an edit that adds up to `extra` slots.
  ///
  /// - Returns: The lent list, when there was one: the round still reads it, so the caller
  ///   keeps it alive until that round ends.
  @usableFromInline
  mutating func prepareEdit(adding extra: Int) -> RelaySubscriberList? {
    if isLent {
      isLent = false
      let lent = list
      list = lent.copy(capacity: lent.count + Swift.max(extra, 1))
      return lent
    }
    if list.count + extra > list.reservedCapacity {
      // The shared empty list is never changed, not even to move its nothing out.
      list =
        list.count == 0
        ? RelaySubscriberList.make(capacity: extra)
        : list.moved(capacity: Swift.max(2 * list.count, list.count + extra))
    }
    return nil
  }

  @usableFromInline
  mutating func updateAllUnlimited() {
    // A loop, not `allSatisfy(\.isUnlimited)`: unspecialized code (a cancel through the
    // `Subscription` existential) would make that generic key path anew, or the closure's
    // context, an allocation on every call.
    var all = true
    for account in accounts where !account.isUnlimited {
      all = false
      break
    }
    allUnlimited = all
  }

  /// Checks that the accounts follow the list; costs nothing in release builds.
  @inlinable
  func _checkInvariants() {
    #if DEBUG
      precondition(accounts.count == list.count, "accounts out of step with subscribers")
      list.withSlots { slots in
        precondition(
          zip(slots, accounts).allSatisfy { $0.order == $1.id && $0.target != nil },
          "accounts out of step with subscribers")
        precondition(
          zip(slots, slots.dropFirst()).allSatisfy { $0.order < $1.order },
          "subscribers out of order")
      }
    #endif
  }
}

/// The subscribers a round calls: a list read without a retain, which its owner (the relay's
/// state machine) keeps alive and unchanged until the round ends.
@usableFromInline
struct RelaySubscriberLoan {
  @usableFromInline let list: Unmanaged<RelaySubscriberList>

  @inlinable
  init(_ list: RelaySubscriberList) { self.list = .passUnretained(list) }

  /// Calls `body` with each subscriber still in the list, in order.
  @inlinable @inline(__always)
  func forEachTarget(_ body: (_ order: UInt64, _ target: AnyRelayTarget) -> Void) {
    list._withUnsafeGuaranteedRef { $0.forEachTarget(body) }
  }
}

extension RelaySubscribers {
  /// Each attached subscriber's account, in subscription order: the first in place, the others
  /// in an array, so that a relay with one subscriber allocates nothing for its account.
  ///
  /// - Complexity: Reading and writing an account is O(1); `insert` and `remove` are O(*n*).
  @usableFromInline
  struct Accounts: RandomAccessCollection {
    /// The accounts after the first.
    @usableFromInline var others: [Account]
    /// The first account; `nil` when there is none, and then `others` is empty.
    ///
    /// Last, so that the fields after the collection fill its tail.
    @usableFromInline var firstAccount: Account?

    @inlinable
    init() {
      firstAccount = nil
      others = []
    }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { firstAccount == nil ? 0 : others.count + 1 }
    @inlinable var isEmpty: Bool { firstAccount == nil }

    @inlinable
    subscript(index: Int) -> Account {
      get {
        guard index == 0 else { return others[index - 1] }
        guard let firstAccount else {
          preconditionFailure("no account at 0: the relay has no subscriber")
        }
        return firstAccount
      }
      set {
        precondition(index < endIndex, "no account at \(index)")
        if index == 0 { firstAccount = newValue } else { others[index - 1] = newValue }
      }
    }

    /// Inserts an account at `index`, moving the ones from there on up by one.
    @usableFromInline
    mutating func insert(_ account: Account, at index: Int) {
      precondition(index >= 0 && index <= endIndex, "no position \(index) for an account")
      guard index == 0 else { return others.insert(account, at: index - 1) }
      if let firstAccount { others.insert(firstAccount, at: 0) }
      firstAccount = account
    }

    /// Removes the account at `index`, moving the ones after it down by one.
    @usableFromInline
    mutating func remove(at index: Int) -> Account {
      guard index == 0 else { return others.remove(at: index - 1) }
      let removed = self[0]
      firstAccount = others.isEmpty ? nil : others.removeFirst()
      return removed
    }
  }
}
