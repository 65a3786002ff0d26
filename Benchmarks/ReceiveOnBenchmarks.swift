import DiffValue
import Dispatch
import Foundation

// `receive(on:)` against its floor, one `DispatchQueue.async` per value, in the same run:
// a backlog delivered after a suspended queue resumes, and the latency of one value from the
// send to the subscriber and back.

/// Times one delivery of `count` values waiting behind a suspended queue: from the resume
/// to the last value's arrival, in nanoseconds.
///
/// The values are sent before the clock starts.
@inline(never)
func receiveOnBacklogNanoseconds(count: Int) -> Double {
  let queue = DispatchQueue(label: "backlog")
  let relay = PassthroughRelay<Int>()
  let done = DispatchSemaphore(value: 0)
  var received = 0  // touched only on `queue`
  let cancellable = relay.receive(on: queue).sink { _ in
    received += 1
    if received == count { done.signal() }
  }
  queue.suspend()
  for value in 0..<count { relay.send(value) }
  let start = DispatchTime.now().uptimeNanoseconds
  queue.resume()
  done.wait()
  let end = DispatchTime.now().uptimeNanoseconds
  cancellable.cancel()
  return Double(end - start)
}

/// The floor for the backlog: `count` blocks queued with `async` behind a suspended queue.
@inline(never)
func asyncBacklogNanoseconds(count: Int) -> Double {
  let queue = DispatchQueue(label: "backlog-floor")
  let done = DispatchSemaphore(value: 0)
  nonisolated(unsafe) var received = 0  // touched only on `queue`
  queue.suspend()
  for _ in 0..<count {
    queue.async {
      received += 1
      if received == count { done.signal() }
    }
  }
  let start = DispatchTime.now().uptimeNanoseconds
  queue.resume()
  done.wait()
  let end = DispatchTime.now().uptimeNanoseconds
  return Double(end - start)
}

/// The median time of a round trip: a value sent through `receive(on:)`, delivered on the
/// queue, whose subscriber wakes the sender.
@inline(never)
func receiveOnPingPongNanoseconds(rounds: Int) -> Double {
  let queue = DispatchQueue(label: "ping-pong")
  let relay = PassthroughRelay<Int>()
  let pong = DispatchSemaphore(value: 0)
  let cancellable = relay.receive(on: queue).sink { _ in pong.signal() }
  let median = medianNanoseconds(samples: 15, iterations: rounds) { index in
    relay.send(index)
    pong.wait()
  }
  cancellable.cancel()
  return median
}

/// The floor for the round trip: one `async` whose block wakes the sender.
@inline(never)
func asyncPingPongNanoseconds(rounds: Int) -> Double {
  let queue = DispatchQueue(label: "ping-pong-floor")
  let pong = DispatchSemaphore(value: 0)
  return medianNanoseconds(samples: 15, iterations: rounds) { _ in
    queue.async { pong.signal() }
    pong.wait()
  }
}

/// Runs both measurements and prints medians with their ratio to the floor.
func runReceiveOnBenchmarks() {
  let count = 100_000
  var backlog: [Double] = []
  var backlogFloor: [Double] = []
  for _ in 0..<7 {  // interleaved, so that both see the same load
    backlogFloor.append(asyncBacklogNanoseconds(count: count))
    backlog.append(receiveOnBacklogNanoseconds(count: count))
  }
  let backlogMedian = backlog.sorted()[backlog.count / 2]
  let floorMedian = backlogFloor.sorted()[backlogFloor.count / 2]
  print("")
  print("| receive(on:) | median | floor: one async per value | ratio |")
  print("|---|---|---|---|")
  print(
    String(
      format: "| backlog of %d values behind a suspended queue | %8.2f ms | %8.2f ms | %5.2fx |",
      count, backlogMedian / 1e6, floorMedian / 1e6, backlogMedian / floorMedian))
  let rounds = 2_000
  let pingPongFloor = asyncPingPongNanoseconds(rounds: rounds)
  let pingPong = receiveOnPingPongNanoseconds(rounds: rounds)
  print(
    String(
      format: "| send-to-delivery round trip (ping-pong) | %8.2f µs | %8.2f µs | %5.2fx |",
      pingPong / 1e3, pingPongFloor / 1e3, pingPong / pingPongFloor))
}
