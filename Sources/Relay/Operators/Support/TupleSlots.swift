/// What waits, one slot per upstream, between the upstreams of a `zip` or `combineLatest` and
/// their downstream, for an arity of 2, 3 or 4: `combineLatest`'s latest values
/// (`LatestValues2`...) or `zip`'s unpaired values (`ZipQueues2`...).
@usableFromInline
protocol TupleSlots {
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
  /// The next tuple, only when `isComplete`: `combineLatest`'s values stay, `zip`'s leave.
  mutating func takeTuple() -> Output
}

extension TupleSlots {
  /// Empties the slots and returns what they held, to release outside the lock.
  @inlinable
  mutating func removeAll() -> Self {
    var old = Self()
    swap(&old, &self)
    return old
  }
}
