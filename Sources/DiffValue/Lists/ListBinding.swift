import Dispatch
import Relay

/// Hands a list property's changes to an updater on the main queue, in the order they were
/// published: at once when one is published on the main queue and none is waiting, otherwise
/// through the main queue.
///
/// The changes waiting are kept together and handed over together, so that the updater can go
/// straight to the last one.
final class ListBinding<Change>: @unchecked Sendable {
  // `state` is guarded by its lock; `apply` is set in init and only called on the main thread.
  private struct State {
    var waiting: [Change] = []
    /// A hop to the main queue is scheduled and will take `waiting`.
    var isScheduled = false
    /// The main thread is handing changes over; it takes `waiting` before it stops.
    var isHandingOver = false
    var isCancelled = false
  }

  private enum Next {
    case nothing, handOverNow, hop
  }

  private let state = Lock(State())
  private let apply: @MainActor ([Change]) -> Void

  /// Creates a binding that hands changes to `apply`.
  ///
  /// - Parameter apply: Shows the changes, oldest first; runs on the main thread.
  init(apply: @escaping @MainActor ([Change]) -> Void) {
    self.apply = apply
  }

  /// Subscribes to `publisher`, whose changes it takes on the thread that publishes them.
  ///
  /// - Parameter publisher: The list property's changes.
  /// - Returns: Cancels the subscription and drops the changes on their way to the main queue;
  ///   on any thread. A change the updater already holds is still shown.
  func subscribe<Changes: Relay.Publisher>(to publisher: Changes) -> AnyCancellable
  where Changes.Output == Change, Changes.Failure == Never {
    let subscription = publisher.sink { [self] change in receive(change) }
    return AnyCancellable { [self] in
      cancel()
      subscription.cancel()
    }
  }

  /// Takes a change published on the calling thread.
  func receive(_ change: Change) {
    let isMainQueue = isOnMainQueue()
    let next = state.withLock { state -> Next in
      guard !state.isCancelled else { return .nothing }
      state.waiting.append(change)
      if state.isScheduled || state.isHandingOver { return .nothing }
      if isMainQueue {
        state.isHandingOver = true
        return .handOverNow
      }
      state.isScheduled = true
      return .hop
    }
    switch next {
    case .nothing: break
    case .handOverNow: MainActor.assumeIsolated { handOver() }
    case .hop:
      DispatchQueue.main.async { [self] in
        MainActor.assumeIsolated { handOver() }
      }
    }
  }

  /// Drops the changes not handed over yet, and every later one.
  func cancel() {
    let dropped = state.withLock { state -> [Change] in
      state.isCancelled = true
      defer { state.waiting = [] }
      return state.waiting
    }
    _ = dropped  // released here, outside the lock
  }

  /// Hands the waiting changes over until none is left.
  @MainActor private func handOver() {
    while true {
      let changes = state.withLock { state -> [Change] in
        state.isScheduled = false
        guard !state.waiting.isEmpty, !state.isCancelled else {
          state.isHandingOver = false
          return []
        }
        state.isHandingOver = true
        defer { state.waiting = [] }
        return state.waiting
      }
      if changes.isEmpty { return }
      apply(changes)
    }
  }
}

/// Whether the caller runs on the main queue, the main actor's executor.
///
/// Not `Thread.isMainThread`: on Linux, once the main thread calls `dispatchMain()` another
/// thread drains the main queue (and runs the main actor's jobs). On every platform the main
/// thread outside any queue counts as the main queue.
func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueMarker.key) == true
}

/// A key set on the main queue only, once.
private let mainQueueMarker: MainQueueMarker = {
  let marker = MainQueueMarker(key: DispatchSpecificKey())
  DispatchQueue.main.setSpecific(key: marker.key, value: true)
  return marker
}()

/// Wraps the key so that it can be a global: it is set once, then only read.
private struct MainQueueMarker: @unchecked Sendable {
  let key: DispatchSpecificKey<Bool>
}
