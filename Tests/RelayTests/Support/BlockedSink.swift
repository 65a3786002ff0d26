import Dispatch
import Foundation
import Relay
import TestSupport

/// A sink that records every value and stops inside its call for the value 1 until
/// `release()`: made, it has another thread send 1 and returns once that call has begun, so a
/// test acts while a round of deliveries is in progress.
///
/// Behind `receive(on:)`, the call runs on the queue, so the test's own thread can send 1
/// (`sendsOnThisThread`): its send has returned, and the relay is idle again, before the test
/// goes on. Sent from another thread, that thread may still be ending the relay's round, and a
/// value the test sends then reaches `receive(on:)` later, through the relay's drainer.
struct BlockedSink: Sendable {
  /// Every value the sink received, in order.
  let received: Locked<[Int]>
  /// Cancels the sink.
  let cancellable: AnyCancellable
  private let gate: DispatchSemaphore

  init<P: Publisher<Int, Never>>(
    on publisher: P, sendsOnThisThread: Bool = false, sendOne: @escaping @Sendable () -> Void
  ) {
    let received = Locked<[Int]>([])
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    cancellable = publisher.sink { value in
      received.withLock { $0.append(value) }
      if value == 1 {
        entered.signal()
        gate.wait()
      }
    }
    self.received = received
    self.gate = gate
    if sendsOnThisThread { sendOne() } else { Thread.detachNewThread(sendOne) }
    entered.wait()
  }

  /// Lets the call for the value 1 return.
  func release() { gate.signal() }
}
