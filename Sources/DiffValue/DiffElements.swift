import ListDiffKit
import Observation
import Relay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Observing an array's elements by identity: `$items.ids` registers the identifiers (told when
// an element arrives, leaves or moves), `$items[id: x]` one element (told when its content
// changes, or it leaves or comes back). A write compares the array it stored with the one before:
// element by element while every identifier stays in place (bytes first, so that the elements a
// write did not touch cost a memory comparison), and through the list diff otherwise. An element
// write that knows its element (`update(id:)`) compares that element alone. The index that
// finds an element by its identifier is made for an array once, and carried to the next array
// when a write kept every identifier in place (an O(n) comparison of identifiers; no hashing),
// so that a row's read after an edit elsewhere costs no O(n) hashing.
//
// An in-place write (`items[i].likes += 1`) compares with the property's own copy of the array
// (the machinery's `elementShadow`), not with the array before it: keeping the array would make
// the write copy it whole (10,000 elements copied and released per write), as the array would no
// longer be the property's alone. The copy is made by the first in-place write (from the array
// it kept), brought up to date by each later one (only the elements whose bytes changed are
// written into it; `update(id:)` writes its element), and let go of by any other write, and
// when the relay arrives: it never holds what the array no longer holds after a write. The
// index is taken out of the array during the write, for the same reason, and put back for the
// new array when the identifiers stayed in place.
//
// Nothing is kept per identifier: an element's observers register a key path made from the
// identifier's hash, which the registrar keeps for as long as a tracking holds it, so memory
// follows the live trackings, not every identifier ever read. The hash, not the identifier: the
// registrar hashes and compares its key paths on every read, tell and re-arming, and an `Int`
// argument costs a fraction of an `AnyHashable` one. Two identifiers of equal 64-bit hashes
// (seeded per process) would share a key path: each one's views would also be told of the
// other's changes, never miss one of their own.

/// Who tells the observers of an array's identifiers and elements: made, once, by the first read
/// of either, where the element's type is known.
@usableFromInline
protocol DiffElementObserving: AnyObject, Sendable {
  /// What changed between the arrays at `old` and `new`.
  func changes(old: UnsafeRawPointer, new: UnsafeRawPointer) -> DiffElementChanges
  /// What changed of one element written in place, from a copy of it before the write and its
  /// index in the array now at `new`.
  func changes(element old: UnsafeRawPointer, at index: Int, new: UnsafeRawPointer)
    -> DiffElementChanges
  /// What changed between the arrays at `old` and `new`, as `changes(old:new:)`; and, when
  /// every identifier stayed in place, the array at `old` made equal to the one at `new` (only
  /// the elements whose bytes differ are written) and the index of the array at `new`, made
  /// from `index`'s tables (a detached `DiffElementIndex`), when there is one.
  func changes(syncing old: UnsafeMutableRawPointer, new: UnsafeRawPointer, index: AnyObject?)
    -> DiffElementSync
}

/// What `DiffElementObserving.changes(syncing:new:index:)` found and did.
@usableFromInline
struct DiffElementSync {
  /// What changed.
  @usableFromInline var changes: DiffElementChanges
  /// Whether the array compared with is now equal to the new one.
  @usableFromInline var synced: Bool
  /// The index of the new array, when it was made from the old one's tables.
  @usableFromInline var index: AnyObject?

  @inlinable
  init(changes: DiffElementChanges, synced: Bool, index: AnyObject?) {
    self.changes = changes
    self.synced = synced
    self.index = index
  }
}

/// An index that can be taken apart from the array it indexes.
@usableFromInline
protocol DiffElementIndexing: AnyObject {
  /// An index with the same tables that keeps no array and indexes none.
  func detached() -> AnyObject
}

/// The observers of an array of `Diffable` elements, compared by identity.
@usableFromInline
final class DiffElementObserver<Value: _DiffableArray & Equatable>: DiffElementObserving,
  Sendable
{
  typealias Element = Value.Element

  @usableFromInline init() {}

  @usableFromInline
  func changes(old: UnsafeRawPointer, new: UnsafeRawPointer) -> DiffElementChanges {
    let found = Self.changes(
      old: old.assumingMemoryBound(to: Value.self).pointee._diffableItems,
      new: new.assumingMemoryBound(to: Value.self).pointee._diffableItems)
    var changes = DiffElementChanges()
    changes.order = found.order
    changes.elements = found.elements.map(\.hashValue)
    return changes
  }

  @usableFromInline
  func changes(element old: UnsafeRawPointer, at index: Int, new: UnsafeRawPointer)
    -> DiffElementChanges
  {
    let old = old.assumingMemoryBound(to: Element.self).pointee
    let new = new.assumingMemoryBound(to: Value.self).pointee[_diffableItem: index]
    var changes = DiffElementChanges()
    let id = old.diffIdentifier
    let newID = new.diffIdentifier
    if id != newID {
      changes.order = true
      changes.elements = [id.hashValue, newID.hashValue]
    } else if !old.isContentEqual(to: new) {
      changes.elements = [id.hashValue]
    }
    return changes
  }

  @usableFromInline
  func changes(syncing old: UnsafeMutableRawPointer, new: UnsafeRawPointer, index: AnyObject?)
    -> DiffElementSync
  {
    let oldValue = old.assumingMemoryBound(to: Value.self)
    let newValue = new.assumingMemoryBound(to: Value.self)
    guard let (elements, differing) = Self.inPlace(old: oldValue, new: newValue) else {
      return DiffElementSync(changes: changes(old: old, new: new), synced: false, index: nil)
    }
    // No copy of either array is alive here: the writes below change the old one where it lies.
    for position in differing {
      oldValue.pointee[_diffableItem: position] = newValue.pointee[_diffableItem: position]
    }
    var changes = DiffElementChanges()
    changes.elements = elements.map(\.hashValue)
    let made = (index as? DiffElementIndex<Element>).map {
      DiffElementIndex(newValue.pointee._diffableItems, sameIdentifiersAs: $0)
    }
    return DiffElementSync(changes: changes, synced: true, index: made)
  }

  /// What `changedInPlace(old:new:differing:)` finds of the arrays at `old` and `new`, and the positions
  /// whose bytes differ; `nil` when they differ in length or an identifier moved.
  @inline(never)
  static func inPlace(old: UnsafePointer<Value>, new: UnsafePointer<Value>) -> (
    elements: [Element.DiffIdentifier], differing: [Int]
  )? {
    let old = old.pointee._diffableItems
    let new = new.pointee._diffableItems
    guard old.count == new.count else { return nil }
    var differing: [Int] = []
    return changedInPlace(old: old, new: new, differing: &differing).map { ($0, differing) }
  }

  /// What changed between two arrays: whether the identifiers' membership or order did, and
  /// the identifiers of the elements whose content changed, or that arrived or left.
  ///
  /// - Complexity: O(*n*) byte comparisons when the identifiers stay in place, plus one
  ///   `isContentEqual` per element whose bytes differ; a `ListDiff` otherwise.
  static func changes(old: [Element], new: [Element]) -> (
    order: Bool, elements: [Element.DiffIdentifier]
  ) {
    if old._diffableStorage == new._diffableStorage { return (false, []) }
    var differing: [Int] = []
    if old.count == new.count,
      let elements = changedInPlace(old: old, new: new, differing: &differing)
    {
      return (false, elements)
    }
    let diff = ListDiff(old: old, new: new)
    var elements = diff.deletes.map { old[$0].diffIdentifier }
    elements += diff.inserts.map { new[$0].diffIdentifier }
    elements += diff.updates.map { old[$0].diffIdentifier }
    return (!diff.deletes.isEmpty || !diff.inserts.isEmpty || !diff.moves.isEmpty, elements)
  }

  /// The identifiers of the elements whose content changed, when every identifier stayed in
  /// place.
  ///
  /// - Returns: `nil` when an identifier did not stay in place.
  /// - Parameter differing: Receives the positions whose bytes differ.
  static func changedInPlace(old: [Element], new: [Element], differing: inout [Int])
    -> [Element.DiffIdentifier]?
  {
    let stride = MemoryLayout<Element>.stride
    return old.withUnsafeBufferPointer { old -> [Element.DiffIdentifier]? in
      new.withUnsafeBufferPointer { new -> [Element.DiffIdentifier]? in
        guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return [] }
        var changed: [Element.DiffIdentifier] = []
        var start = 0
        while start < old.count {
          let end = Swift.min(start + 64, old.count)
          defer { start = end }
          // Elements a write did not touch are the same bytes: a block of them costs a memcmp.
          if stride == 0 || memcmp(oldBase + start, newBase + start, (end - start) * stride) == 0 {
            continue
          }
          for index in start..<end where memcmp(oldBase + index, newBase + index, stride) != 0 {
            differing.append(index)
            let id = old[index].diffIdentifier
            guard id == new[index].diffIdentifier else { return nil }
            if !old[index].isContentEqual(to: new[index]) { changed.append(id) }
          }
        }
        return changed
      }
    }
  }
}

/// Where each identifier of one array is: the first element with it.
///
/// It keeps the array, so that its storage is not reused while the index says where things are in it (and a write to the array
/// copies it first, leaving the index to the old one).
@usableFromInline
final class DiffElementIndex<Element: Diffable>: DiffElementIndexing, @unchecked Sendable {
  // Immutable once made, but for `array` and `storage`, which the one in-place write holding
  // the property lets go of and gives back around its change (`update(id:)`), with the
  // property's mutex held; readers compare `storage` under it too (`index(of:)`).
  @usableFromInline @exclusivity(unchecked) var array: [Element]
  @usableFromInline @exclusivity(unchecked) var storage: (address: UnsafeRawPointer?, count: Int)
  @usableFromInline let positions: [Element.DiffIdentifier: Int]
  @usableFromInline let identifiers: [Element.DiffIdentifier]

  @usableFromInline
  init(_ array: [Element]) {
    self.array = array
    storage = array._diffableStorage
    var positions: [Element.DiffIdentifier: Int] = [:]
    positions.reserveCapacity(array.count)
    var identifiers: [Element.DiffIdentifier] = []
    identifiers.reserveCapacity(array.count)
    for (index, element) in array.enumerated() {
      let id = element.diffIdentifier
      identifiers.append(id)
      if positions[id] == nil { positions[id] = index }
    }
    self.positions = positions
    self.identifiers = identifiers
  }

  /// An index of `array` that shares an earlier index's tables, whose identifiers `array` has,
  /// in the same order.
  @inlinable
  init(_ array: [Element], sameIdentifiersAs earlier: DiffElementIndex) {
    self.array = array
    storage = array._diffableStorage
    positions = earlier.positions
    identifiers = earlier.identifiers
  }

  /// An index with `earlier`'s tables that keeps no array and indexes none.
  @usableFromInline
  init(detaching earlier: DiffElementIndex) {
    array = []
    storage = (nil, -1)
    positions = earlier.positions
    identifiers = earlier.identifiers
  }

  @usableFromInline
  func detached() -> AnyObject { DiffElementIndex(detaching: self) }

  /// Whether it indexes `array`.
  @inlinable
  func indexes(_ storage: (address: UnsafeRawPointer?, count: Int)) -> Bool {
    self.storage == storage
  }

  /// Whether `array` has this index's identifiers, in the same order: then the index holds for
  /// it too, as after a write that changed elements but moved, added and removed none.
  ///
  /// - Complexity: O(*n*) identifier comparisons, with no hashing.
  @inlinable
  func holds(for array: [Element]) -> Bool {
    guard array.count == identifiers.count else { return false }
    return identifiers.withUnsafeBufferPointer { identifiers in
      array.withUnsafeBufferPointer { elements in
        for offset in 0..<elements.count
        where elements[offset].diffIdentifier != identifiers[offset] {
          return false
        }
        return true
      }
    }
  }
}

extension DiffStorage where Value: _DiffableArray {
  /// The index of `array`: the one made before, if it indexes it or holds for it (a write kept
  /// every identifier in place: O(*n*) comparisons instead of hashing every identifier again);
  /// made now otherwise, outside any lock (identifiers are the user's code), and kept for the
  /// next lookup.
  @inlinable
  func index(of array: [Value.Element]) -> DiffElementIndex<Value.Element> {
    let storage = array._diffableStorage
    // Compared under the mutex: `update(id:)` changes the kept index's array around its write.
    let (kept, current) = withLock { header, _ -> (DiffElementIndex<Value.Element>?, Bool) in
      let kept =
        header.pointee.machinery?.state.pointee.extras?.elementIndex
        as? DiffElementIndex<Value.Element>
      return (kept, kept?.indexes(storage) == true)
    }
    if let kept, current { return kept }
    let made =
      if let kept, kept.holds(for: array) {
        DiffElementIndex(array, sameIdentifiersAs: kept)
      } else {
        DiffElementIndex(array)
      }
    var replaced: AnyObject? = made  // then the one it replaces, released with no lock held
    withLock { header, _ in swap(&makeMachinery(in: header).madeExtras().elementIndex, &replaced) }
    return made
  }
}

extension DiffStorage where Value: _DiffableArray {
  /// The identifiers, tracked for membership and order.
  @inlinable
  func readIdentifiers() -> [Value.Element.DiffIdentifier] {
    withObservation {
      $0.willReadElements(DiffObservation.identifiersKeyPath) { DiffElementObserver<Value>() }
    }
    return index(of: read()._diffableItems).identifiers
  }

  /// The first element with `id`, tracked for it alone.
  @inlinable
  func readElement(_ id: Value.Element.DiffIdentifier) -> Value.Element? {
    withObservation {
      $0.willReadElements($0.elementKeyPath(id.hashValue)) {
        DiffElementObserver<Value>()
      }
    }
    let array = read()._diffableItems
    return index(of: array).positions[id].map { array[$0] }
  }

}

extension DiffStorage where Value: _DiffableArray, Value.Element: Equatable {
  /// Changes the first element with `id` in place; see `DiffPublisher.update(id:_:)`.
  @inlinable
  func update<Result>(
    id: Value.Element.DiffIdentifier, _ body: (inout Value.Element) throws -> Result
  ) rethrows -> Result? {
    let write = beginWrite(elementWrite: true)
    var outcome = DiffElementOutcome<Value.Element>()
    defer { endElementWrite(write, outcome) }
    let index = self.index(of: write.address.pointee._diffableItems)
    guard let position = index.positions[id] else { return nil }
    outcome.position = position
    outcome.old = write.address.pointee[_diffableItem: position]
    // The index keeps the array; let go of it while the element changes, so that the array is
    // changed where it lies rather than copied, and give it back after. Under the mutex: a
    // reader compares the kept index with its copy of the array there (`index(of:)`); the
    // property still holds the array, so nothing is freed with the mutex held.
    withLock { _, _ in index.array = [] }
    defer {
      let array = write.address.pointee._diffableItems
      let kept = array[position].diffIdentifier == id
      withLock { _, _ in
        if kept {
          index.array = array
          index.storage = array._diffableStorage
        } else {
          index.storage = (nil, -1)  // the identifiers changed: the index matches no array now
        }
      }
    }
    return try body(&write.address.pointee[_diffableItem: position])
  }

  /// Ends an element write: stores the array, publishes it if a selected part changed (the
  /// element, when the selection is the whole value), and tells the element's observers, the
  /// identifiers' when its identifier changed, and the parts' and the whole property's as any
  /// write does.
  @inlinable
  func endElementWrite(_ write: DiffWrite<Value>, _ outcome: DiffElementOutcome<Value.Element>) {
    let changed: Bool
    if let position = outcome.position, let old = outcome.old {
      changed = old != write.address.pointee[_diffableItem: position]
    } else {
      changed = false
    }
    switch write.kind {
    case .inline:
      if let position = outcome.position, write.observed != nil {
        patchElementShadow(write, at: position)
      }
      endInlineElementWrite(write, outcome, changed: changed)
    case .copied: endRelayWrite(write)
    case .movedOut:
      let (writing, slot) = slots
      let published =
        write.snapshotTaken ? !withSelection { $0.agreesWithSnapshot(slot, writing) } : changed
      commitMovedOut(
        write, publishes: published, more: elementChanges(outcome, in: write, changed: changed))
    }
  }

  /// Keeps the property's copy for its elements' observers equal to the value, when it was:
  /// one element written.
  @inlinable
  func patchElementShadow(_ write: DiffWrite<Value>, at position: Int) {
    // The write holds the property: nothing else reads or writes the copy until it ends. (Its
    // extras were made before it began: `beginWrite(elementWrite:)`.)
    guard let shadow = machinery.state.pointee.extras?.elementShadow,
      shadow.version == write.version &- 1
    else { return }
    shadow.value[_diffableItem: position] = write.address.pointee[_diffableItem: position]
    shadow.version = write.version
  }

  @inlinable
  func endInlineElementWrite(
    _ write: DiffWrite<Value>, _ outcome: DiffElementOutcome<Value.Element>, changed: Bool
  ) {
    // The comparisons run while this write still holds the value; the tells after it let go.
    var change: DiffObservedChange?
    if let observed = write.observed {
      var published = changed
      if write.snapshotTaken {
        let slot = slots.snapshot
        let address = write.address
        published = !withSelection { $0.agreesWithSnapshot(slot, address) }
      }
      let address = UnsafeRawPointer(write.address)
      change = withObservation {
        $0.change(observed, new: address, published: published, old: nil)
      }
      change?.elements = elementChanges(outcome, in: write, changed: changed)
    }
    // `replaced`: the write's own result, when a whole write waited behind it.
    let (replaced, final) = endInlineHold(keepingFinal: change != nil)
    guard var change else { return }
    if var final, var before = replaced, let observed = write.observed {
      // A whole write landed after the element's: tell everything read, the elements from
      // what was there before both.
      if let position = outcome.position, let old = outcome.old {
        before[_diffableItem: position] = old
      }
      change.whole = observed.wholeWasRead
      change.parts = observed.partsCopied ? withObservation { $0.partsRead() } : .init()
      change.elements = withUnsafePointer(to: &before) { old in
        withUnsafePointer(to: &final) { new in
          withObservation {
            $0.elementChanges(old: UnsafeRawPointer(old), new: UnsafeRawPointer(new))
          }
        }
      }
    }
    withObservation { $0.tell(change) }
  }

  /// What an element write changed of the array's identifiers and elements, when they were
  /// read; compared while the write still holds the value.
  @inlinable
  func elementChanges(
    _ outcome: DiffElementOutcome<Value.Element>, in write: DiffWrite<Value>, changed: Bool
  ) -> DiffElementChanges? {
    guard changed, var old = outcome.old, let position = outcome.position,
      write.observed?.elementsWereRead == true
    else { return nil }
    return withObservation { observation in
      guard let elements = observation.withLock({ $0.elements }) else { return nil }
      return withUnsafePointer(to: &old) {
        elements.changes(
          element: UnsafeRawPointer($0), at: position, new: UnsafeRawPointer(write.address))
      }
    }
  }
}

/// What an element write found and changed, for its end.
@usableFromInline
struct DiffElementOutcome<Element> {
  /// The element's index, when it was found.
  @usableFromInline var position: Int?
  /// A copy of the element before the change, when observers compare it.
  @usableFromInline var old: Element?

  @inlinable init() {}
}
