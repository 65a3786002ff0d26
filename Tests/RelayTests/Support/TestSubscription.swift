import Foundation
import Relay

/// A subscription that records what it is asked, like OpenCombine's `CustomSubscription`.
final class TestSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
  // `events` is guarded by `lock`; the closures are set before use.
  enum Event: Equatable, CustomStringConvertible {
    case requested(Subscribers.Demand)
    case cancelled

    var description: String {
      switch self {
      case .requested(let demand): ".requested(.\(demand))"
      case .cancelled: ".cancelled"
      }
    }
  }

  private let lock = NSLock()
  private var events: [Event] = []
  var onRequest: ((Subscribers.Demand) -> Void)?
  var onCancel: (() -> Void)?
  var onDeinit: (() -> Void)?

  init(
    onRequest: ((Subscribers.Demand) -> Void)? = nil, onCancel: (() -> Void)? = nil,
    onDeinit: (() -> Void)? = nil
  ) {
    self.onRequest = onRequest
    self.onCancel = onCancel
    self.onDeinit = onDeinit
  }

  deinit { onDeinit?() }

  var history: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return events
  }

  var isCancelled: Bool { history.contains(.cancelled) }

  func request(_ demand: Subscribers.Demand) {
    lock.lock()
    events.append(.requested(demand))
    lock.unlock()
    onRequest?(demand)
  }

  func cancel() {
    lock.lock()
    events.append(.cancelled)
    lock.unlock()
    onCancel?()
  }

  var description: String { "CustomSubscription" }
}
