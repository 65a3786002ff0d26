import Dispatch
import Relay

/// Hands a list property's changes to an updater on the main queue, in the order they were
/// published: at once when one is published on the main queue and none is waiting, otherwise
/// through the main queue.
///
/// The changes go through Relay's `SerialDelivery`, in batches: the changes waiting are handed
/// over together, so that the updater can go straight to the last one. A change published on
/// the main queue from inside the updater joins the next batch; one published on another
/// thread meanwhile waits for a hop to the main queue, which takes it with every change behind
/// it.
final class ListBinding<Change>: @unchecked Sendable {
  // `state` is guarded by its lock; `apply` is set in init and only called on the main thread.
  private struct State {
    var delivery = SerialDelivery<Change>()
    var isCancelled = false
  }

  private enum Next {
    case nothing, handOverNow, hop
  }

  private let state = Lock.make(State())
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
    let thread = ThreadIdentity.current
    let isMainQueue = isOnMainQueue()
    let next = state.withLock { state -> Next in
      guard !state.isCancelled else { return .nothing }
      // The change waits even for the thread that hands it over at once: it is taken on the
      // main actor, as the first of this thread's batch.
      let handsOver = isMainQueue && state.delivery.claim(from: thread)
      state.delivery.enqueue(change, from: thread)
      if handsOver { return .handOverNow }
      guard case .scheduleDrainer = state.delivery.scheduleIfNeeded() else { return .nothing }
      return .hop
    }
    switch next {
    case .nothing: break
    case .handOverNow: MainActor.assumeIsolated { handOver(from: thread) }
    case .hop: hop()
    }
  }

  /// Drops the changes not handed over yet, and every later one.
  func cancel() {
    let dropped = state.withLock { state in
      state.isCancelled = true
      return state.delivery.removeAll()
    }
    _ = dropped  // released here, outside the lock
  }

  /// Hands the changes waiting over from a block on the main queue, as its drainer.
  private func hop() {
    DispatchQueue.main.async { [self] in
      MainActor.assumeIsolated {
        let thread = ThreadIdentity.current
        guard let batch = state.withLock({ $0.delivery.drainerTakesBatch(on: thread) }) else {
          return
        }
        apply(batch.map(\.event))
        handOver(from: thread)
      }
    }
  }

  /// Hands over the batches the delivery gives the main thread, until it says to stop.
  @MainActor private func handOver(from thread: ThreadIdentity) {
    while true {
      switch state.withLock({ $0.delivery.nextBatch(from: thread) }) {
      case .deliver(let batch): apply(batch.map(\.event))
      case .scheduleDrainer: return hop()
      case .stop: return
      }
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
