import RelayAtomics

/// A value read and written atomically, in raw memory of its own: the package's replacement
/// for Synchronization's `Atomic`, which would set the OS floor at iOS 18 / macOS 15.
///
/// The operations are the C11 ones of the `RelayAtomics` target, with the order each call
/// names. The value lives in memory allocated for it rather than in a stored property, so
/// that no access to it is a Swift access to a property (which Thread Sanitizer would report
/// as a race between threads, and which a `var` would check for exclusivity). A copy is a
/// second handle on the same memory: the owner allocates it once (`init(_:)`) and calls
/// `deallocate()` in its `deinit`, after which no copy may be used. DiffValue uses it too,
/// hence `package`.
@usableFromInline
package struct AtomicWord<Value: AtomicWordValue>: @unchecked Sendable {
  // The memory is only read or written through the atomic operations below.
  @usableFromInline let address: UnsafeMutableRawPointer

  /// Allocates the memory and stores `initial` in it, before any other thread can see it.
  @inlinable
  package init(_ initial: Value) {
    address = .allocate(
      byteCount: MemoryLayout<Value.AtomicStorage>.size,
      alignment: MemoryLayout<Value.AtomicStorage>.alignment)
    address.initializeMemory(as: Value.AtomicStorage.self, to: Value.encodeAtomic(initial))
  }

  /// Stores `initial` in memory the caller allocated and frees (an object with several atomic
  /// values keeps them in one allocation), suitably aligned for `Value.AtomicStorage`.
  @inlinable
  package init(_ initial: Value, at address: UnsafeMutableRawPointer) {
    self.address = address
    address.initializeMemory(as: Value.AtomicStorage.self, to: Value.encodeAtomic(initial))
  }

  /// A handle on a value already stored at `address`, in memory its owner frees (a word in an
  /// object's own allocation, such as a `ManagedBuffer`'s elements).
  @inlinable @inline(__always)
  package init(atExisting address: UnsafeMutableRawPointer) {
    self.address = address
  }

  /// A handle on a word kept in `object`'s own allocation: its stored properties, starting
  /// `offset` bytes in.
  ///
  /// The class declares a word-sized integer property there (the first ones it declares, so
  /// that nothing comes before them), set to zero by its initializer and never touched by
  /// Swift again: every later access goes through this handle. Zero reads as the value whose
  /// encoding is zero (`false`, `0`, a first enum case). It costs the object no allocation,
  /// where `init(_:)` costs one; the object frees it with itself.
  @inlinable @inline(__always)
  package init(inStoredPropertiesOf object: AnyObject, offset: Int = 0) {
    address = _getUnsafePointerToStoredProperties(object) + offset
  }

  /// Frees the memory; the owner's `deinit` calls it, once, when no thread uses the value.
  @inlinable
  package func deallocate() { address.deallocate() }

  /// The value.
  @inlinable @inline(__always)
  package func load(ordering: AtomicOrdering.Load) -> Value {
    Value.decodeAtomic(Value.AtomicStorage.atomicLoad(address, ordering.rawValue))
  }

  /// Replaces the value.
  @inlinable @inline(__always)
  package func store(_ value: Value, ordering: AtomicOrdering.Store) {
    Value.AtomicStorage.atomicStore(address, Value.encodeAtomic(value), ordering.rawValue)
  }

  /// Replaces the value and returns the one it replaced.
  @inlinable @inline(__always)
  package func exchange(_ value: Value, ordering: AtomicOrdering.Update) -> Value {
    Value.decodeAtomic(
      Value.AtomicStorage.atomicExchange(address, Value.encodeAtomic(value), ordering.rawValue))
  }

  /// Replaces the value with `desired` if it is `expected` (a strong compare-and-exchange),
  /// ordered by `successOrdering` when it does and by `failureOrdering` when it does not.
  ///
  /// - Returns: Whether it exchanged, and the value it found.
  @inlinable @inline(__always)
  package func compareExchange(
    expected: Value, desired: Value, successOrdering: AtomicOrdering.Update,
    failureOrdering: AtomicOrdering.Load
  ) -> (exchanged: Bool, original: Value) {
    var found = Value.encodeAtomic(expected)
    let exchanged = Value.AtomicStorage.atomicCompareExchange(
      address, &found, Value.encodeAtomic(desired), successOrdering.rawValue,
      failureOrdering.rawValue)
    return (exchanged, Value.decodeAtomic(found))
  }

  /// A compare-and-exchange whose failure is ordered by the loading part of `ordering`
  /// (acquiring for acquiring-and-releasing, relaxed for releasing), as Synchronization's.
  @inlinable @inline(__always)
  package func compareExchange(
    expected: Value, desired: Value, ordering: AtomicOrdering.Update
  ) -> (exchanged: Bool, original: Value) {
    compareExchange(
      expected: expected, desired: desired, successOrdering: ordering,
      failureOrdering: ordering.failureOrdering)
  }
}

extension AtomicWord where Value == Int {
  /// Adds `operand`, wrapping around on overflow.
  @inlinable @inline(__always)
  package func wrappingAdd(
    _ operand: Int, ordering: AtomicOrdering.Update
  ) -> (oldValue: Int, newValue: Int) {
    let old = relay_atomic_fetch_add_word(address, operand, ordering.rawValue)
    return (old, old &+ operand)
  }

  /// Subtracts `operand`, wrapping around on overflow.
  @inlinable @inline(__always)
  package func wrappingSubtract(
    _ operand: Int, ordering: AtomicOrdering.Update
  ) -> (oldValue: Int, newValue: Int) {
    let old = relay_atomic_fetch_sub_word(address, operand, ordering.rawValue)
    return (old, old &- operand)
  }

  /// Sets the bits of `operand`.
  @inlinable @inline(__always)
  package func bitwiseOr(
    _ operand: Int, ordering: AtomicOrdering.Update
  ) -> (oldValue: Int, newValue: Int) {
    let old = relay_atomic_fetch_or_word(address, operand, ordering.rawValue)
    return (old, old | operand)
  }
}

/// The memory orders an `AtomicWord` operation may name: C11's, with Synchronization's names.
@usableFromInline
package enum AtomicOrdering {
  /// The orders of a load.
  ///
  /// The raw values here and below are C11's `memory_order` values (the C target checks them).
  @frozen @usableFromInline
  package struct Load: Sendable {
    @usableFromInline let rawValue: Int32
    @inlinable init(rawValue: Int32) { self.rawValue = rawValue }
    /// No ordering: only the value is atomic.
    @inlinable package static var relaxed: Load { Load(rawValue: 0) }
    /// What the store that wrote the value released happens before what follows the load.
    @inlinable package static var acquiring: Load { Load(rawValue: 2) }
    /// Acquiring, and in one total order with every other sequentially consistent operation.
    @inlinable package static var sequentiallyConsistent: Load { Load(rawValue: 5) }
  }

  /// The orders of a store.
  @frozen @usableFromInline
  package struct Store: Sendable {
    @usableFromInline let rawValue: Int32
    @inlinable init(rawValue: Int32) { self.rawValue = rawValue }
    /// No ordering: only the value is atomic.
    @inlinable package static var relaxed: Store { Store(rawValue: 0) }
    /// What precedes the store happens before what follows a load that acquires its value.
    @inlinable package static var releasing: Store { Store(rawValue: 3) }
    /// Releasing, and in one total order with every other sequentially consistent operation.
    @inlinable package static var sequentiallyConsistent: Store { Store(rawValue: 5) }
  }

  /// The orders of a read-modify-write operation.
  @frozen @usableFromInline
  package struct Update: Sendable {
    @usableFromInline let rawValue: Int32
    @inlinable init(rawValue: Int32) { self.rawValue = rawValue }
    /// No ordering: only the value is atomic.
    @inlinable package static var relaxed: Update { Update(rawValue: 0) }
    /// Acquiring the value it reads.
    @inlinable package static var acquiring: Update { Update(rawValue: 2) }
    /// Releasing the value it writes.
    @inlinable package static var releasing: Update { Update(rawValue: 3) }
    /// Both acquiring and releasing.
    @inlinable package static var acquiringAndReleasing: Update { Update(rawValue: 4) }
    /// Acquiring and releasing, in one total order with every other sequentially consistent
    /// operation.
    @inlinable package static var sequentiallyConsistent: Update { Update(rawValue: 5) }

    /// The order of a failed compare-and-exchange: the load part of this one.
    @inlinable var failureOrdering: Load {
      switch rawValue {
      case 2, 4: .acquiring
      case 5: .sequentiallyConsistent
      default: .relaxed
      }
    }
  }
}

/// A value an `AtomicWord` holds, encoded as one of the integers the C target handles.
@usableFromInline
package protocol AtomicWordValue {
  /// The integer the value is stored as.
  associatedtype AtomicStorage: AtomicWordStorage
  /// The value as stored.
  static func encodeAtomic(_ value: Self) -> AtomicStorage
  /// A stored value; only ever given what `encodeAtomic` returned.
  static func decodeAtomic(_ storage: AtomicStorage) -> Self
}

/// An integer the C target reads and writes atomically: `UInt8`, `UInt64`, `Int` and `UInt`.
@usableFromInline
package protocol AtomicWordStorage: AtomicWordValue where AtomicStorage == Self {
  /// C11 `atomic_load_explicit`.
  static func atomicLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> Self
  /// C11 `atomic_store_explicit`.
  static func atomicStore(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32)
  /// C11 `atomic_exchange_explicit`.
  static func atomicExchange(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32)
    -> Self
  /// C11 `atomic_compare_exchange_strong_explicit`.
  static func atomicCompareExchange(
    _ address: UnsafeMutableRawPointer, _ expected: UnsafeMutablePointer<Self>, _ desired: Self,
    _ success: Int32, _ failure: Int32
  ) -> Bool
}

extension AtomicWordStorage {
  /// The integer as itself.
  @inlinable @inline(__always)
  package static func encodeAtomic(_ value: Self) -> Self { value }
  /// The integer as itself.
  @inlinable @inline(__always)
  package static func decodeAtomic(_ storage: Self) -> Self { storage }
}

extension AtomicWordValue where Self: RawRepresentable, RawValue: AtomicWordStorage {
  /// The raw value.
  @inlinable @inline(__always)
  package static func encodeAtomic(_ value: Self) -> RawValue { value.rawValue }
  /// The value of a raw value `encodeAtomic` returned.
  @inlinable @inline(__always)
  package static func decodeAtomic(_ storage: RawValue) -> Self { Self(rawValue: storage)! }
}

extension Bool: AtomicWordValue {
  /// 1 for `true`, 0 for `false`.
  @inlinable @inline(__always)
  package static func encodeAtomic(_ value: Bool) -> UInt8 { value ? 1 : 0 }
  /// Whether the byte is not 0.
  @inlinable @inline(__always)
  package static func decodeAtomic(_ storage: UInt8) -> Bool { storage != 0 }
}

extension UInt8: AtomicWordStorage {
  /// C11 `atomic_load_explicit` on a byte.
  @inlinable @inline(__always)
  package static func atomicLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> UInt8 {
    relay_atomic_load_u8(address, order)
  }
  /// C11 `atomic_store_explicit` on a byte.
  @inlinable @inline(__always)
  package static func atomicStore(
    _ address: UnsafeMutableRawPointer, _ value: UInt8, _ order: Int32
  ) { relay_atomic_store_u8(address, value, order) }
  /// C11 `atomic_exchange_explicit` on a byte.
  @inlinable @inline(__always)
  package static func atomicExchange(
    _ address: UnsafeMutableRawPointer, _ value: UInt8, _ order: Int32
  ) -> UInt8 { relay_atomic_exchange_u8(address, value, order) }
  /// C11 `atomic_compare_exchange_strong_explicit` on a byte.
  @inlinable @inline(__always)
  package static func atomicCompareExchange(
    _ address: UnsafeMutableRawPointer, _ expected: UnsafeMutablePointer<UInt8>,
    _ desired: UInt8, _ success: Int32, _ failure: Int32
  ) -> Bool { relay_atomic_compare_exchange_u8(address, expected, desired, success, failure) }
}

extension UInt64: AtomicWordStorage {
  /// C11 `atomic_load_explicit` on a 64-bit integer.
  @inlinable @inline(__always)
  package static func atomicLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> UInt64 {
    relay_atomic_load_u64(address, order)
  }
  /// C11 `atomic_store_explicit` on a 64-bit integer.
  @inlinable @inline(__always)
  package static func atomicStore(
    _ address: UnsafeMutableRawPointer, _ value: UInt64, _ order: Int32
  ) { relay_atomic_store_u64(address, value, order) }
  /// C11 `atomic_exchange_explicit` on a 64-bit integer.
  @inlinable @inline(__always)
  package static func atomicExchange(
    _ address: UnsafeMutableRawPointer, _ value: UInt64, _ order: Int32
  ) -> UInt64 { relay_atomic_exchange_u64(address, value, order) }
  /// C11 `atomic_compare_exchange_strong_explicit` on a 64-bit integer.
  @inlinable @inline(__always)
  package static func atomicCompareExchange(
    _ address: UnsafeMutableRawPointer, _ expected: UnsafeMutablePointer<UInt64>,
    _ desired: UInt64, _ success: Int32, _ failure: Int32
  ) -> Bool { relay_atomic_compare_exchange_u64(address, expected, desired, success, failure) }
}

extension Int: AtomicWordStorage {
  /// C11 `atomic_load_explicit` on a word.
  @inlinable @inline(__always)
  package static func atomicLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> Int {
    relay_atomic_load_word(address, order)
  }
  /// C11 `atomic_store_explicit` on a word.
  @inlinable @inline(__always)
  package static func atomicStore(
    _ address: UnsafeMutableRawPointer, _ value: Int, _ order: Int32
  ) { relay_atomic_store_word(address, value, order) }
  /// C11 `atomic_exchange_explicit` on a word.
  @inlinable @inline(__always)
  package static func atomicExchange(
    _ address: UnsafeMutableRawPointer, _ value: Int, _ order: Int32
  ) -> Int { relay_atomic_exchange_word(address, value, order) }
  /// C11 `atomic_compare_exchange_strong_explicit` on a word.
  @inlinable @inline(__always)
  package static func atomicCompareExchange(
    _ address: UnsafeMutableRawPointer, _ expected: UnsafeMutablePointer<Int>,
    _ desired: Int, _ success: Int32, _ failure: Int32
  ) -> Bool { relay_atomic_compare_exchange_word(address, expected, desired, success, failure) }
}

extension UInt: AtomicWordStorage {
  /// C11 `atomic_load_explicit` on an unsigned word.
  @inlinable @inline(__always)
  package static func atomicLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> UInt {
    relay_atomic_load_uword(address, order)
  }
  /// C11 `atomic_store_explicit` on an unsigned word.
  @inlinable @inline(__always)
  package static func atomicStore(
    _ address: UnsafeMutableRawPointer, _ value: UInt, _ order: Int32
  ) { relay_atomic_store_uword(address, value, order) }
  /// C11 `atomic_exchange_explicit` on an unsigned word.
  @inlinable @inline(__always)
  package static func atomicExchange(
    _ address: UnsafeMutableRawPointer, _ value: UInt, _ order: Int32
  ) -> UInt { relay_atomic_exchange_uword(address, value, order) }
  /// C11 `atomic_compare_exchange_strong_explicit` on an unsigned word.
  @inlinable @inline(__always)
  package static func atomicCompareExchange(
    _ address: UnsafeMutableRawPointer, _ expected: UnsafeMutablePointer<UInt>,
    _ desired: UInt, _ success: Int32, _ failure: Int32
  ) -> Bool { relay_atomic_compare_exchange_uword(address, expected, desired, success, failure) }
}
