import Relay
import RelayAtomics

/// What identifies a shared selection: the key path objects it names, up to eight (a key path
/// literal is one object, made once per declaration site by the runtime), or the type whose
/// whole value it compares.
@usableFromInline
struct DiffSelectionKey: Hashable, Sendable {
  // Object identities only, as words: they are compared, never dereferenced. A fixed number of
  // fields rather than an array, so that making a key allocates nothing.
  @usableFromInline var count = 0
  @usableFromInline var words: (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt) =
    (0, 0, 0, 0, 0, 0, 0, 0)

  /// The key of the whole value of `type`.
  @inlinable
  init<Value>(wholeValueOf type: Value.Type) {
    words.0 = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(type)))
  }

  /// The key of these key paths (one to eight), in this order.
  @inlinable
  init(
    _ a: AnyKeyPath, _ b: AnyKeyPath? = nil, _ c: AnyKeyPath? = nil, _ d: AnyKeyPath? = nil,
    _ e: AnyKeyPath? = nil, _ f: AnyKeyPath? = nil, _ g: AnyKeyPath? = nil,
    _ h: AnyKeyPath? = nil
  ) {
    func word(_ keyPath: AnyKeyPath?) -> UInt {
      keyPath.map { UInt(bitPattern: Int(bitPattern: ObjectIdentifier($0))) } ?? 0
    }
    words = (word(a), word(b), word(c), word(d), word(e), word(f), word(g), word(h))
    count =
      1 + (b == nil ? 0 : 1) + (c == nil ? 0 : 1) + (d == nil ? 0 : 1) + (e == nil ? 0 : 1)
      + (f == nil ? 0 : 1) + (g == nil ? 0 : 1) + (h == nil ? 0 : 1)
  }

  @inlinable
  static func == (lhs: DiffSelectionKey, rhs: DiffSelectionKey) -> Bool {
    lhs.count == rhs.count && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
      && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4
      && lhs.words.5 == rhs.words.5 && lhs.words.6 == rhs.words.6 && lhs.words.7 == rhs.words.7
  }

  @inlinable
  func hash(into hasher: inout Hasher) { hasher.combine(slotHash) }

  /// A hash of the identities, for the table's slot: no hasher needed.
  @inlinable
  var slotHash: UInt {
    func mix(_ hash: UInt, _ word: UInt) -> UInt { (hash ^ (word >> 4)) &* 0x9E37_79B9_7F4A_7C15 }
    var hash = mix(UInt(count), words.0)
    if count > 1 {
      hash = mix(mix(mix(hash, words.1), words.2), words.3)
      hash = mix(mix(mix(mix(hash, words.4), words.5), words.6), words.7)
    }
    return hash ^ (hash >> 29)
  }
}

/// The selections shared between properties, made once per key (see `DiffSelection.shared`).
///
/// A lookup is lock-free: a table of slots, each the address of an entry for the key that last
/// landed there, read with one acquiring load. An entry is never freed: every entry also lives in
/// `all`, under a lock, which takes the entries missing from the table. At most `limit` keys are
/// kept: past it (key paths made anew for each property, which no declaration site does), a
/// selection is made per property instead.
@usableFromInline
enum DiffSelectionCache {
  /// One kept selection and its key.
  final class Entry: Sendable {
    let key: DiffSelectionKey
    nonisolated(unsafe) let selection: AnyObject  // immutable, and `@unchecked Sendable`

    init(key: DiffSelectionKey, selection: AnyObject) {
      self.key = key
      self.selection = selection
    }
  }

  static let slotCount = 1 << 10
  static let limit = 8_192
  /// The table: each slot holds an `Entry`'s address, or 0.
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<UInt> = {
    let slots = UnsafeMutablePointer<UInt>.allocate(capacity: slotCount)
    slots.initialize(repeating: 0, count: slotCount)
    return slots
  }()
  static let all = Lock<[DiffSelectionKey: Entry]>.make([:])

  /// The selection kept for `key`, if any.
  @usableFromInline
  static func selection(for key: DiffSelectionKey) -> AnyObject? {
    let slot = slots + Int(key.slotHash & UInt(slotCount - 1))
    let address = relay_atomic_load_uword(slot, 2)  // acquiring
    if address != 0 {
      let entry = Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
        .takeUnretainedValue()
      if entry.key == key { return entry.selection }
    }
    guard let entry = all.withLock({ $0[key] }) else { return nil }
    publish(entry)
    return entry.selection
  }

  /// Keeps `selection` for `key`, unless another thread kept one first; returns the one kept.
  @usableFromInline
  static func keep(_ selection: AnyObject, for key: DiffSelectionKey) -> AnyObject {
    let entry = all.withLock { all -> Entry? in
      if let existing = all[key] { return existing }
      guard all.count < limit else { return nil }
      let entry = Entry(key: key, selection: selection)
      all[key] = entry
      return entry
    }
    guard let entry else { return selection }
    publish(entry)
    return entry.selection
  }

  /// Puts an entry in its slot; `all` keeps it alive forever.
  static func publish(_ entry: Entry) {
    let slot = slots + Int(entry.key.slotHash & UInt(slotCount - 1))
    let address = UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque())
    relay_atomic_store_uword(slot, address, 3)  // releasing
  }
}
