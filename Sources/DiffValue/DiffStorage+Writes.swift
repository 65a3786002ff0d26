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
  /// into the machinery's slot when nothing waits to be delivered (otherwise a copy of the latest
  /// value does).
  @inlinable
  func beginWrite() -> DiffWrite<Value> {
    if flags & DiffStorageFlags.relay != 0 { return beginRelayWrite() }
    let inline = withLock { header, element -> DiffWrite<Value>? in
      waitWhileHeld(header)
      if header.pointee.flags & DiffStorageFlags.relay != 0 { return nil }
      header.pointee.writer = ThreadIdentity.current.word
      header.pointee.version &+= 1
      guard header.pointee.flags & DiffStorageFlags.observed != 0 else {
        return DiffWrite(.inline, at: element)
      }
      let machinery = header.pointee.machinery.unsafelyUnwrapped
      return DiffWrite(
        .inline, at: element,
        observed: machinery.observe(before: element, comparesSelection: false))
    }
    return inline ?? beginRelayWrite()
  }

  /// Ends a write begun with `beginWrite()`: stores the value, publishes it if a selected part
  /// changed, and tells the observers whom the change concerns, once it is stored and before
  /// any subscriber is called for it.
  @inlinable
  func endWrite(_ write: consuming DiffWrite<Value>) {
    switch write.kind {
    case .inline: endInlineWrite(write)
    case .movedOut, .copied: endRelayWrite(write)
    }
  }

  @inlinable
  func endInlineWrite(_ write: consuming DiffWrite<Value>) {
    var replaced: Value?  // the write's own result, when a whole write waited behind it
    var stored: Value?
    let observed = write.observed
    withLock { header, element in
      header.pointee.writer = 0
      guard let machinery = header.pointee.machinery else { return }
      if let held = machinery.state.pointee.held.take() {
        replaced = held
        swap(&element.pointee, &replaced!)
        header.pointee.version &+= 1
      }
      if observed != nil { stored = element.pointee }
      if machinery.state.pointee.waiters > 0 {
        pthread_cond_broadcast(machinery.state.pointee.condition.unsafelyUnwrapped)
      }
    }
    if let observed, var stored {
      withUnsafePointer(to: &stored) { machinery.tell(observed, new: $0, published: nil) }
    }
    // What the held write replaced is released here, with no lock held.
  }

  @usableFromInline
  func beginRelayWrite() -> DiffWrite<Value> {
    let machinery = self.machinery
    let writing = machinery.writing
    switch machinery.relay.beginInPlaceWrite() {
    case .movedOut(let value):
      writing.initialize(to: consume value)
      machinery.selection.takeSnapshot(
        writing, machinery.state.pointee.snapshotSlot.unsafelyUnwrapped)
      guard flags & DiffStorageFlags.observed != 0 else { return DiffWrite(.movedOut, at: writing) }
      return DiffWrite(
        .movedOut, at: writing,
        observed: machinery.observe(before: writing, comparesSelection: true)
      )
    case .copied(let value):
      writing.initialize(to: consume value)
      return DiffWrite(.copied, at: writing)
    case nil:
      preconditionFailure("a @Diff property's relay gave no value to write (it always has one)")
    }
  }

  @usableFromInline
  func endRelayWrite(_ write: consuming DiffWrite<Value>) {
    let machinery = self.machinery
    let writing = machinery.writing
    guard case .movedOut = write.kind else {
      // The relay compares a copy with the value before it, and tells the observers then.
      machinery.relay.commitInPlaceWrite(writing.move(), publishes: nil)
      return
    }
    let changed = !machinery.selection.agreesWithSnapshot(
      machinery.state.pointee.snapshotSlot.unsafelyUnwrapped, writing)
    guard let observed = write.observed else {
      machinery.relay.commitInPlaceWrite(writing.move(), publishes: changed)
      return
    }
    var stored = writing.pointee
    machinery.relay.commitInPlaceWrite(writing.move(), publishes: changed) {
      withUnsafePointer(to: &stored) { machinery.tell(observed, new: $0, published: changed) }
    }
  }

  // MARK: modify

  /// Changes several parts in one atomic read-modify-write, published at most once.
  ///
  /// Until the relay exists, an in-place write of a copy, stored unless `transform` throws; once
  /// it exists, the relay's `modify`.
  @inlinable
  func modify<Result>(_ transform: (inout Value) throws -> Result) rethrows -> Result {
    if flags & DiffStorageFlags.relay != 0 { return try machinery.relay.modify(transform) }
    let write = beginWrite()
    guard case .inline = write.kind else {
      endWrite(write)  // unchanged: the relay arrived meanwhile, and modifies
      return try machinery.relay.modify(transform)
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
/// It holds no value of the property's type, so the accessor's coroutine copies and destroys
/// none (an optional of the value is destroyed through the runtime's generic witnesses) and its
/// frame stays small.
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
  /// Copies of what observers compare the written value with, when some were read.
  @usableFromInline let observed: DiffObservedWrite<Value>?

  @inlinable
  init(
    _ kind: Kind, at address: UnsafeMutablePointer<Value>,
    observed: DiffObservedWrite<Value>? = nil
  ) {
    self.kind = kind
    self.address = address
    self.observed = observed
  }
}
