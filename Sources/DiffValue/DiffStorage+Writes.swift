import Relay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension DiffStorage {
  // MARK: Writes to a part (`model.state.count = n`)

  /// Begins a write through the property: the value to change lies at the write's address
  /// until `endWrite(_:)`.
  ///
  /// Until the relay exists, the address is the value's own: the property is held for this
  /// thread (reads and other in-place writes on other threads wait, a whole write is kept until
  /// the end), and the change is made where the value lies, with no lock held. Once the relay
  /// exists, its reservation holds the property instead, and the value moves out of the relay
  /// into the storage's slot of in-place writes when nothing waits to be delivered (otherwise a
  /// copy of the latest value does).
  ///
  /// - Parameter elementWrite: Whether this is an element write (`update(id:)`), which compares
  ///   its element alone: no copy of the whole value is kept for the observers of an array's
  ///   elements, nor of the selected parts when the selection is the whole value.
  @inlinable @inline(__always)
  func beginWrite(elementWrite: Bool = false) -> DiffWrite<Value> {
    if flags & DiffStorageFlags.relay != 0 { return beginRelayWrite(elementWrite: elementWrite) }
    let inline = withLock { header, element -> DiffWrite<Value>? in
      waitWhileHeld(header)
      if header.pointee.flags & DiffStorageFlags.relay != 0 { return nil }
      header.pointee.writer = ThreadIdentity.current.word
      header.pointee.version &+= 1
      guard mayTell(header) else { return DiffWrite(.inline, at: element) }
      // An observed write keeps what it compares with there; an element write may patch the
      // elements' copy once it let go of the mutex, so the extras it reads are made now.
      // (The machinery is not kept in a local: that would retain and release it on every
      // observed write.)
      _ = makeMachinery(in: header)
      if elementWrite { _ = header.pointee.machinery.unsafelyUnwrapped.madeExtras() }
      makeSlots(header)
      return observedWrite(
        .inline, at: element, elementWrite: elementWrite, version: header.pointee.version)
    }
    guard let inline else { return beginRelayWrite(elementWrite: elementWrite) }
    // The index taken out keeps the array: let go of it before the write changes the array.
    if inline.keepsElements { inline.observed.unsafelyUnwrapped.letGoOfTakenIndex() }
    return inline
  }

  /// Keeps what an in-place write of an array whose elements are observed compares with.
  ///
  /// With the mutex held, before the write changes the array: the value it compares with (the
  /// property's copy for its elements' observers when it is still the value's, a copy of the
  /// value otherwise), and the index taken out of the array, so that the write changes the
  /// array where it lies. What it lets go of is released with no lock held: the index before
  /// the write begins (`letGoOfTakenIndex`), a copy that no longer matched with the write's
  /// copies.
  @inlinable @inline(never)
  func keepForElements(
    _ copies: DiffObservedCopies, of address: UnsafeMutablePointer<Value>, version: UInt
  ) {
    // Made here, with the mutex held: the write reads them once it let go of the mutex.
    let extras = machinery.madeExtras()
    if let shadow = extras.elementShadow.take() {
      if shadow.version == version &- 1 {
        copies.kept = shadow
      } else {
        copies.released = shadow
      }
    }
    if copies.kept == nil { copies.kept = DiffKeptValue(address.pointee) }
    // Taken out detached: the index keeps its array, which the write would then copy.
    copies.releasedIndex = extras.elementIndex.take()
    copies.index = (copies.releasedIndex as? DiffElementIndexing)?.detached()
  }

  /// After the comparisons of an in-place write that kept an array for its elements' observers:
  /// the copy, equal to the new value when every identifier stayed in place, is kept for the
  /// next write, and the new array's index put back.
  @inlinable @inline(never)
  func endInPlaceElementsWrite(_ write: borrowing DiffWrite<Value>) {
    let copies = write.observed.unsafelyUnwrapped.copiesIfMade.unsafelyUnwrapped
    guard copies.synced, let kept = write.kept else { return }
    // Made by `keepForElements`, with the mutex held, before the write began.
    let extras = machinery.state.pointee.extras.unsafelyUnwrapped
    extras.elementShadow = kept
    kept.version = write.version
    if let index = copies.index.take() {
      withLock { _, _ in extras.elementIndex = index }
    }
  }

  /// A write whose observers compare the value before it: copies of the parts they read, of the
  /// selected parts (in the storage's snapshot slot, which the write holding the property alone
  /// uses) when the whole property was read and the relay does not compare them, and the value
  /// when an array's elements were read.
  ///
  /// - Parameter version: The property's version, for an in-place write of its own value.
  @inlinable
  func observedWrite(
    _ kind: DiffWrite<Value>.Kind, at address: UnsafeMutablePointer<Value>, elementWrite: Bool,
    version: UInt = 0
  ) -> DiffWrite<Value> {
    var observed = withObservation { $0.observe(before: UnsafeRawPointer(address)) }
    if !elementWrite, observed.elementsWereRead {
      if case .inline = kind {
        let copies = observed.copies()
        copies.syncsKept = true
        keepForElements(copies, of: address, version: version)
      } else {
        observed.copies().kept = DiffKeptValue(address.pointee)
      }
    }
    var write = DiffWrite(kind, at: address, observed: observed)
    write.version = version
    if observed.wholeWasRead, case .inline = kind,
      !(elementWrite && withSelection { $0.comparesWholeValue })
    {
      let slot = slots.snapshot
      withSelection { $0.takeSnapshot(address, slot) }
      write.snapshotTaken = true
    }
    return write
  }

  /// Ends a write begun with `beginWrite()`: stores the value, publishes it if a selected part
  /// changed, and tells the observers whom the change concerns, once it is stored and before
  /// any subscriber is called for it.
  @inlinable @inline(__always)
  func endWrite(_ write: borrowing DiffWrite<Value>) {
    switch write.kind {
    case .inline: endInlineWrite(write)
    case .movedOut, .copied: endRelayWrite(write)
    }
  }

  @inlinable
  func endInlineWrite(_ write: borrowing DiffWrite<Value>) {
    // The comparisons run while this write still holds the value; the tells after it let go.
    var change: DiffObservedChange?
    if let observed = write.observed { change = observedChange(write, observed: observed) }
    if write.keepsElements { endInPlaceElementsWrite(write) }
    // This write's result, replaced by a whole write that waited behind it, goes here, outside
    // the lock.
    let (_, final) = endInlineHold(keepingFinal: change != nil)
    guard var change else { return }
    if var final { change = replacedChange(write, change, final: &final) }
    withObservation { $0.tell(change) }
  }

  /// Whom to tell when a whole write landed behind this in-place write.
  ///
  /// What it replaced was never compared: everything read, and the elements from before both
  /// (the kept copy is this write's result when the comparison made it so: then with this
  /// write's own changes).
  @inlinable @inline(never)
  func replacedChange(
    _ write: borrowing DiffWrite<Value>, _ own: DiffObservedChange, final: inout Value
  ) -> DiffObservedChange {
    guard let observed = write.observed else { return own }
    var change = own
    change.whole = observed.wholeWasRead
    change.parts = observed.partsCopied ? withObservation { $0.partsRead() } : .init()
    let since = withKept(write) { old in
      old.flatMap { old in
        withUnsafePointer(to: &final) { new in
          withObservation { $0.elementChanges(old: old, new: UnsafeRawPointer(new)) }
        }
      }
    }
    let synced = write.keepsElements && observed.copiesIfMade?.synced == true
    change.elements = synced ? own.elements.map { $0.merged(with: since) } ?? since : since
    return change
  }

  /// Whom the change a write made concerns, while the write still holds the value (user code
  /// compares, with no lock held); it frees the copies.
  @inlinable
  func observedChange(_ write: borrowing DiffWrite<Value>, observed: DiffObservedWrite)
    -> DiffObservedChange
  {
    let address = UnsafeRawPointer(write.address)
    var published = false
    if write.snapshotTaken {
      let slot = slots.snapshot
      published = !withSelection { $0.agreesWithSnapshot(slot, address) }
    }
    return withKept(write) { old in
      withObservation { $0.change(observed, new: address, published: published, old: old) }
    }
  }

  /// Runs `body` with the address of the value a write kept before it changed it, or `nil`.
  @inlinable
  func withKept<Result>(
    _ write: borrowing DiffWrite<Value>, _ body: (UnsafeRawPointer?) -> Result
  ) -> Result {
    guard let kept = write.kept else { return body(nil) }
    return withUnsafePointer(to: &kept.value) { body(UnsafeRawPointer($0)) }
  }

  /// Lets go of the property an in-place write held: with the mutex held, stores the whole write
  /// that waited behind it, if one did, and wakes the threads waiting.
  ///
  /// - Parameter keepingFinal: Whether to return a copy of the value that whole write stored.
  /// - Returns: What that whole write replaced (this write's result), and the value it stored.
  @inlinable
  func endInlineHold(keepingFinal: Bool) -> (replaced: Value?, final: Value?) {
    var replaced: Value?
    var final: Value?
    withLock { header, element in
      header.pointee.writer = 0
      guard let contention = header.pointee.machinery?.state.pointee.extras?.contention else {
        return
      }
      if let held = contention.held.take() {
        replaced = held
        swap(&element.pointee, &replaced!)
        header.pointee.version &+= 1
        if keepingFinal { final = element.pointee }
      }
      contention.writeEnded.signalAllWaiting()
    }
    return (replaced, final)
  }

  @inlinable
  func beginRelayWrite(elementWrite: Bool) -> DiffWrite<Value> {
    let inPlace = withRelay { $0.beginInPlaceWrite() }
    // Read once the relay holds the property for this write: no other thread touches the
    // slots meanwhile, and the first write to need them makes them.
    let (writing, slot) = slotsMadeIfNeeded()
    switch consume inPlace {
    case .movedOut(let value):
      writing.initialize(to: consume value)
      var snapshotTaken = false
      if !(elementWrite && withSelection { $0.comparesWholeValue }) {
        withSelection { $0.takeSnapshot(writing, slot) }
        snapshotTaken = true
      }
      guard flags & DiffStorageFlags.observed != 0, withObservation({ $0.mayTell }) else {
        var write = DiffWrite(.movedOut, at: writing)
        write.snapshotTaken = snapshotTaken
        return write
      }
      var write = observedWrite(.movedOut, at: writing, elementWrite: elementWrite)
      write.snapshotTaken = snapshotTaken
      return write
    case .copied(let value):
      writing.initialize(to: consume value)
      return DiffWrite(.copied, at: writing)
    case nil:
      preconditionFailure("a @Diff property's relay gave no value to write (it always has one)")
    }
  }

  @inlinable @inline(__always)
  func endRelayWrite(_ write: borrowing DiffWrite<Value>) {
    let (writing, slot) = slots
    guard case .movedOut = write.kind else {
      // The relay compares a copy with the value before it, and tells the observers then.
      commitToRelay(writing, publishes: nil, telling: nil)
      return
    }
    let changed = !withSelection { $0.agreesWithSnapshot(slot, writing) }
    commitMovedOut(write, publishes: changed)
  }

  /// Commits a value that moved out of the relay, publishing it when `publishes` says so, and
  /// tells its observers once it is stored (of `more` too: an element write's own change).
  @inlinable @inline(__always)
  func commitMovedOut(
    _ write: borrowing DiffWrite<Value>, publishes changed: Bool,
    more: DiffElementChanges? = nil
  ) {
    let writing = slots.writing
    guard let observed = write.observed else {
      commitToRelay(writing, publishes: changed, telling: nil)
      return
    }
    let address = UnsafeRawPointer(writing)
    var change = withKept(write) { old in
      withObservation { $0.change(observed, new: address, published: changed, old: old) }
    }
    if let more { change.elements = more }
    let telling = DiffObservedTelling(
      observation: withObservation { Unmanaged.passUnretained($0) }, change: change)
    withUnsafePointer(to: telling) { commitToRelay(writing, publishes: changed, telling: $0) }
  }

  /// Hands the relay the value an in-place write changed, and tells the observers of its
  /// change, if it has one, once it is stored, before any subscriber is called.
  ///
  /// The change is passed by address: an optional of it would be copied, through its value
  /// witnesses, on every write.
  @inlinable @inline(__always)
  func commitToRelay(
    _ writing: UnsafeMutablePointer<Value>, publishes: Bool?,
    telling: UnsafePointer<DiffObservedTelling>?
  ) {
    withRelay {
      $0.commitInPlaceWrite(
        writing.move(), publishes: publishes, stored: DiffTellObservers(telling: telling))
    }
  }

  // MARK: modify

  /// Changes several parts in one atomic read-modify-write, published at most once.
  ///
  /// Until the relay exists, an in-place write of a copy, stored unless `transform` throws; once
  /// it exists, the relay's `modify`.
  @inlinable
  func modify<Result>(_ transform: (inout Value) throws -> Result) rethrows -> Result {
    if flags & DiffStorageFlags.relay != 0 { return try withRelay { try $0.modify(transform) } }
    let write = beginWrite()
    guard case .inline = write.kind else {
      endWrite(write)  // unchanged: the relay arrived meanwhile, and modifies
      return try withRelay { try $0.modify(transform) }
    }
    var copy = write.address.pointee
    do {
      let result = try transform(&copy)
      swap(&write.address.pointee, &copy)
      endWrite(write)
      return result
    } catch {
      endWrite(write)
      throw error
    }
  }
}

/// A write through a `@Diff` property in progress: where the value to change lies, how the
/// write ends, and what observers compare it with.
///
/// It holds no value of the property's type (a copy kept for observers lives in a box), so the
/// accessor's coroutine copies and destroys none (an optional of the value is destroyed through
/// the runtime's generic witnesses) and its frame stays small.
@usableFromInline
struct DiffWrite<Value: Equatable> {
  /// Where the value came from, which says how the write ends.
  @usableFromInline
  enum Kind {
    /// The property's own value, held for this write.
    case inline
    /// It left the relay: compared here with the copy of its selected parts.
    case movedOut
    /// A copy of the latest value, which values still waiting to be delivered come before: the
    /// relay compares it with the value before it.
    case copied
  }

  @usableFromInline let kind: Kind
  /// Where the value lies.
  @usableFromInline let address: UnsafeMutablePointer<Value>
  /// Copies of the parts observers read, when some were.
  @usableFromInline let observed: DiffObservedWrite?
  /// Whether the selected parts were copied into the storage's snapshot slot, to compare for the
  /// whole property's observers.
  @usableFromInline var snapshotTaken = false
  /// The property's version while an observed in-place write holds it.
  @usableFromInline var version: UInt = 0
  /// Whether the write keeps the value for its elements' observers in the property's copy
  /// (`keepForElements`), which it brings up to date at its end.
  @inlinable
  var keepsElements: Bool { observed?.copiesIfMade?.syncsKept == true }

  /// The value before the write, for the observers of an array's elements, when it was kept.
  @inlinable
  var kept: DiffKeptValue<Value>? {
    observed?.copiesIfMade?.kept.map { unsafeDowncast($0, to: DiffKeptValue<Value>.self) }
  }

  @inlinable
  init(_ kind: Kind, at address: UnsafeMutablePointer<Value>, observed: DiffObservedWrite? = nil) {
    self.kind = kind
    self.address = address
    self.observed = observed
  }
}

/// A value kept for a while, in a box.
@usableFromInline
final class DiffKeptValue<Value>: @unchecked Sendable {
  // Made and read by one write; as the property's copy for its elements' observers, read and
  // written by the in-place write holding the property.
  @usableFromInline @exclusivity(unchecked) var value: Value
  /// The property's version whose value this is, as its copy for its elements' observers.
  @usableFromInline @exclusivity(unchecked) var version: UInt = 0

  @inlinable init(_ value: Value) { self.value = value }
}

/// What an in-place write through the relay runs once the value is stored: tells the
/// observers of the write's change, if it has one.
@usableFromInline
struct DiffTellObservers: RelayStoredAction {
  /// The observation and the change to tell it, lying with the writer until the commit
  /// returns; `nil` for none.
  @usableFromInline let telling: UnsafePointer<DiffObservedTelling>?

  @inlinable
  init(telling: UnsafePointer<DiffObservedTelling>?) { self.telling = telling }

  @inlinable
  func valueStored() {
    guard let telling else { return }
    telling.pointee.observation._withUnsafeGuaranteedRef { $0.tell(telling.pointee.change) }
  }
}

/// A property's observation and the change of a write to tell it.
@usableFromInline
struct DiffObservedTelling {
  /// The property's observation; the property keeps it alive.
  @usableFromInline let observation: Unmanaged<DiffObservation>
  @usableFromInline let change: DiffObservedChange

  @inlinable
  init(observation: Unmanaged<DiffObservation>, change: DiffObservedChange) {
    self.observation = observation
    self.change = change
  }
}
