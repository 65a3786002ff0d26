import DiffValue
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state every relay and @Diff benchmark sends: two fields that matter and one that does not.
struct Fields: Equatable, Sendable {
  var a: String
  var b: Int
  var c: [Int]
}

let fieldValues = [
  Fields(a: "first", b: 1, c: [1, 2, 3]),
  Fields(a: "second", b: 2, c: [4, 5, 6]),
]

/// The floor: the least any publish can cost, a lock-guarded compare of `a` and `b` plus a
/// closure call, written by hand around `Synchronization.Mutex` (where the OS has it).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class MutexFloor: @unchecked Sendable {
  let state = Mutex(Fields(a: "", b: 0, c: []))
  let subscriber: (Fields) -> Void
  init(_ subscriber: @escaping (Fields) -> Void) { self.subscriber = subscriber }

  @inline(never)
  func write(_ value: Fields) {
    let changed = state.withLock { current -> Bool in
      guard current.a != value.a || current.b != value.b else { return false }
      current = value
      return true
    }
    if changed { subscriber(value) }
  }
}

/// The same floor around a `pthread_mutex_t`, the lock Relay uses: the stricter baseline.
final class PthreadFloor: @unchecked Sendable {
  // `current` is guarded by `mutex`.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  let current: UnsafeMutablePointer<Fields>
  let subscriber: (Fields) -> Void

  init(_ subscriber: @escaping (Fields) -> Void) {
    self.subscriber = subscriber
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    current = .allocate(capacity: 1)
    current.initialize(to: Fields(a: "", b: 0, c: []))
  }

  @inline(never)
  func write(_ value: Fields) {
    pthread_mutex_lock(mutex)
    let changed = current.pointee.a != value.a || current.pointee.b != value.b
    if changed { current.pointee = value }
    pthread_mutex_unlock(mutex)
    if changed { subscriber(value) }
  }
}

struct Floors {
  /// The `Mutex` floor, where the OS has `Synchronization.Mutex`.
  var mutex: Double?
  var pthread: Double
}

/// Measures both floors with alternating values, so every write publishes.
func measureFloors() -> Floors {
  var received = 0
  let pthreadFloor = PthreadFloor { received &+= $0.b }
  let iterations = 2_000_000
  var mutex: Double?
  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    let mutexFloor = MutexFloor { received &+= $0.b }
    mutex = medianNanoseconds(iterations: iterations) { mutexFloor.write(fieldValues[$0 & 1]) }
  }
  let pthread = medianNanoseconds(iterations: iterations) {
    pthreadFloor.write(fieldValues[$0 & 1])
  }
  blackHole(received)
  return Floors(mutex: mutex, pthread: pthread)
}

/// `CurrentValueRelay.send` with sinks, a `map`/`removeDuplicates`/`sink` pipeline, and a
/// relay that drops duplicates itself.
func runRelayBenchmarks(floor: Double) {
  let iterations = 1_000_000
  var received = 0

  let relay = CurrentValueRelay(fieldValues[0])
  var subscriptions = [relay.sink { received &+= $0.b }]
  report(
    "CurrentValueRelay.send, 1 sink",
    medianNanoseconds(iterations: iterations) { relay.send(fieldValues[$0 & 1]) }, floor: floor)

  for _ in 1..<10 { subscriptions.append(relay.sink { received &+= $0.b }) }
  report(
    "CurrentValueRelay.send, 10 sinks",
    medianNanoseconds(iterations: iterations / 4) { relay.send(fieldValues[$0 & 1]) },
    floor: floor)
  subscriptions.removeAll()

  let source = CurrentValueRelay(fieldValues[0])
  let pipeline = source.map { ($0.a, $0.b) }.removeDuplicates(by: ==).sink { received &+= $0.1 }
  var sameSelection = fieldValues[0]
  report(
    "map{(a,b)}.removeDuplicates(by: ==).sink, filtered",
    medianNanoseconds(iterations: iterations) { index in
      sameSelection.c = index & 1 == 0 ? [1] : [2]
      source.send(sameSelection)
    }, floor: floor)
  report(
    "map{(a,b)}.removeDuplicates(by: ==).sink, passing",
    medianNanoseconds(iterations: iterations) { source.send(fieldValues[$0 & 1]) }, floor: floor)
  blackHole(pipeline)

  // What `@Diff` builds on: the relay compares the selected fields itself, outside its lock.
  let deduplicated = CurrentValueRelay(
    fieldValues[0], removingDuplicatesBy: { $0.a == $1.a && $0.b == $1.b })
  let deduplicatedSink = deduplicated.sink { received &+= $0.b }
  report(
    "CurrentValueRelay(removingDuplicatesBy:).send, dropped",
    medianNanoseconds(iterations: iterations) { index in
      sameSelection.c = index & 1 == 0 ? [1] : [2]
      deduplicated.send(sameSelection)
    }, floor: floor)
  report(
    "CurrentValueRelay(removingDuplicatesBy:).send, passing",
    medianNanoseconds(iterations: iterations) { deduplicated.send(fieldValues[$0 & 1]) },
    floor: floor)
  blackHole(deduplicatedSink)
  blackHole(received)
}
