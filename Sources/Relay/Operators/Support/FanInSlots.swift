/// What waits from one upstream of a `zip` or `combineLatest` for the next tuple: its latest
/// value (a `LatestValueSlot`), or every value not yet paired (a `ZipQueue`).
@usableFromInline
protocol FanInSlot {
  /// The upstream's values.
  associatedtype Value
  /// Nothing waits.
  init()
  /// Whether a value waits.
  var hasValue: Bool { get }
  /// Stores the value `value` holds, leaving there what it replaced, if anything: the caller
  /// releases that outside the lock.
  mutating func store(_ value: inout Value?)
  /// The value for the next tuple, only when `hasValue`: the latest one, which stays, or the
  /// oldest one, which leaves.
  mutating func takeForTuple() -> Value
}

/// A `combineLatest` upstream's slot: its latest value, which stays for later tuples.
@usableFromInline
struct LatestValueSlot<Value>: FanInSlot {
  @usableFromInline var latest: Value?

  @inlinable init() { latest = nil }

  @inlinable var hasValue: Bool { latest != nil }

  @inlinable mutating func store(_ value: inout Value?) { swap(&latest, &value) }

  @inlinable func takeForTuple() -> Value { latest.unsafelyUnwrapped }
}

/// What waits, per upstream, between the upstreams of a `zip` or `combineLatest` and their
/// downstream: one slot per upstream.
@usableFromInline
protocol FanInSlots {
  /// The tuple of one value from each upstream.
  associatedtype Output
  /// Nothing waits.
  init()
  /// How many upstreams there are.
  static var count: Int { get }
  /// Whether every slot has a value.
  var isComplete: Bool { get }
  /// Whether upstream `index`'s slot has a value.
  func hasValue(at index: Int) -> Bool
  /// The next tuple, only when `isComplete`.
  mutating func takeTuple() -> Output
}

extension FanInSlots {
  /// The tuple `takeTuple` would make now, leaving the slots as they are.
  @inlinable
  var combined: Output? {
    guard isComplete else { return nil }
    var slots = self
    return slots.takeTuple()
  }

  /// Moves the next tuple into uninitialized memory; only when `isComplete`.
  ///
  /// The hot path hands a tuple over this way rather than as an optional: an optional tuple of
  /// non-trivial values is copied and destroyed through the runtime's generic value witnesses.
  @inlinable
  mutating func initialize(_ tuple: UnsafeMutablePointer<Output>) {
    tuple.initialize(to: takeTuple())
  }
}
