import DiffValue
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two `@Diff` properties, the inputs of the `combineLatest` benchmark.
final class CombinedModel {
  @Diff(\.a, \.b) var first = Fields(a: "first", b: 1, c: [])
  @Diff(\.a, \.b) var second = Fields(a: "other", b: 7, c: [])
}

/// `combineLatest` written by hand in plain Relay code: a sink per property storing its
/// latest value under a lock, then calling the handler with the pair, outside the lock.
final class HandCombined: @unchecked Sendable {
  // `latest` is guarded by `mutex`.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  var latest: (Fields?, Fields?) = (nil, nil)
  let handler: ((Fields, Fields)) -> Void
  var subscriptions: [AnyCancellable] = []

  init(_ model: CombinedModel, handler: @escaping ((Fields, Fields)) -> Void) {
    self.handler = handler
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    subscriptions.append(model.$first.sink { [unowned self] in self.receive(first: $0) })
    subscriptions.append(model.$second.sink { [unowned self] in self.receive(second: $0) })
  }

  func receive(first: Fields) {
    pthread_mutex_lock(mutex)
    latest.0 = first
    let pair = latest.1.map { (first, $0) }
    pthread_mutex_unlock(mutex)
    if let pair { handler(pair) }
  }

  func receive(second: Fields) {
    pthread_mutex_lock(mutex)
    latest.1 = second
    let pair = latest.0.map { ($0, second) }
    pthread_mutex_unlock(mutex)
    if let pair { handler(pair) }
  }
}

/// `debounce` written by hand in plain Relay code, with the same algorithm as the operator:
/// each value replaces the latest and moves the deadline under a lock; one timer per quiet
/// period delivers the latest value once the deadline passed.
final class HandDebounce: @unchecked Sendable {
  // `latest`, `deadline` and `timerIsPending` are guarded by `mutex`.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  var latest: Int?
  var deadline = DispatchTime.now()
  var timerIsPending = false
  let dueTime: DispatchTimeInterval
  let queue: DispatchQueue
  let handler: (Int) -> Void

  init(dueTime: DispatchTimeInterval, queue: DispatchQueue, handler: @escaping (Int) -> Void) {
    self.dueTime = dueTime
    self.queue = queue
    self.handler = handler
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  func receive(_ value: Int) {
    let deadline = DispatchTime.now() + dueTime
    pthread_mutex_lock(mutex)
    latest = value
    self.deadline = deadline
    let starts = !timerIsPending
    timerIsPending = true
    pthread_mutex_unlock(mutex)
    if starts { schedule(at: deadline) }
  }

  func schedule(at deadline: DispatchTime) {
    queue.asyncAfter(deadline: deadline) { self.due() }
  }

  func due() {
    let now = DispatchTime.now()
    pthread_mutex_lock(mutex)
    if now < deadline {
      let deadline = self.deadline
      pthread_mutex_unlock(mutex)
      return schedule(at: deadline)
    }
    timerIsPending = false
    let value = latest
    latest = nil
    pthread_mutex_unlock(mutex)
    if let value { handler(value) }
  }
}

/// `combineLatest` and `withLatestFrom` of two `@Diff` properties, `share(replay:)` and
/// `debounce` throughput, each next to a floor measured in this same run: the same pipeline
/// written by hand in plain Relay code, or the relay with sinks of its own.
func runOperatorBenchmarks() {
  let iterations = 1_000_000

  // combineLatest: a write to one property, one sink.
  let model = CombinedModel()
  var received = 0
  let combined = model.$first.combineLatest(model.$second).sink { received &+= $0.0.b &+ $0.1.b }
  let operatorFigure = medianNanoseconds(iterations: iterations) {
    model.first = fieldValues[$0 & 1]
  }
  combined.cancel()
  let handModel = CombinedModel()
  let hand = HandCombined(handModel) { received &+= $0.0.b &+ $0.1.b }
  let handFigure = medianNanoseconds(iterations: iterations) {
    handModel.first = fieldValues[$0 & 1]
  }
  report("floor: combineLatest by hand (two sinks, lock, pair)", handFigure)
  report("@Diff combineLatest @Diff, write to one, 1 sink", operatorFigure, floor: handFigure)
  blackHole(hand)

  // withLatestFrom: a write to the first property, paired with the second's latest value; next
  // to combineLatest's hand-written floor, which does the same work for a write to the first.
  let latestModel = CombinedModel()
  let withLatest = latestModel.$first.withLatestFrom(latestModel.$second) { ($0, $1) }
    .sink { received &+= $0.0.b &+ $0.1.b }
  let withLatestFigure = medianNanoseconds(iterations: iterations) {
    latestModel.first = fieldValues[$0 & 1]
  }
  withLatest.cancel()
  report(
    "@Diff withLatestFrom @Diff, write to the first, 1 sink", withLatestFigure, floor: handFigure)

  // share(replay: 1): a relay's values through one shared connection to two sinks, next to
  // the relay with two sinks of its own.
  let shared = CurrentValueRelay(0)
  let replayed = shared.share(replay: 1)
  let sharedSinks = [replayed.sink { received &+= $0 }, replayed.sink { received &+= $0 }]
  let shareFigure = medianNanoseconds(iterations: iterations) { shared.send($0) }
  for sink in sharedSinks { sink.cancel() }
  let direct = CurrentValueRelay(0)
  let directSinks = [direct.sink { received &+= $0 }, direct.sink { received &+= $0 }]
  let directFigure = medianNanoseconds(iterations: iterations) { direct.send($0) }
  for sink in directSinks { sink.cancel() }
  report("floor: CurrentValueRelay.send, 2 sinks of its own", directFigure)
  report("CurrentValueRelay.share(replay: 1).send, 2 sinks", shareFigure, floor: directFigure)
  // The same, the pipeline built in generic code the optimizer may not specialize (a library's
  // helper taking any publisher): the share then runs unspecialized.
  let genericShared = CurrentValueRelay(0)
  let counter = Counter()
  let genericSinks = twoSinksOnSharedReplay(of: genericShared, counting: counter)
  let genericFigure = medianNanoseconds(iterations: iterations) { genericShared.send($0) }
  for sink in genericSinks { sink.cancel() }
  blackHole(counter)
  report(
    "the same, built in unspecialized generic code", genericFigure, floor: directFigure)

  // collect(10): values gathered ten at a time, one array per ten to the sink; next to a relay
  // whose sink appends each value to an array of its own, emptied every ten (the same work by
  // hand).
  let collecting = PassthroughRelay<Int>()
  let collected = collecting.collect(10).sink { received &+= $0.count }
  let collectFigure = medianNanoseconds(iterations: iterations) { collecting.send($0) }
  collected.cancel()
  let gathering = PassthroughRelay<Int>()
  var group: [Int] = []
  group.reserveCapacity(10)
  let gathered = gathering.sink { value in
    group.append(value)
    if group.count == 10 {
      received &+= group.count
      group.removeAll(keepingCapacity: true)
    }
  }
  let gatherFigure = medianNanoseconds(iterations: iterations) { gathering.send($0) }
  gathered.cancel()
  report("floor: PassthroughRelay.send, a sink gathering by ten", gatherFigure)
  report("PassthroughRelay.collect(10).send, 1 sink", collectFigure, floor: gatherFigure)

  // debounce: values sent in a burst; the timer fires once the burst pauses.
  let queue = DispatchQueue(label: "debounce-benchmark")
  let relay = PassthroughRelay<Int>()
  let debounced = relay.debounce(for: .milliseconds(5), scheduler: queue).sink { received &+= $0 }
  let debounceFigure = medianNanoseconds(iterations: iterations) { relay.send($0) }
  debounced.cancel()
  let handRelay = PassthroughRelay<Int>()
  let handDebounce = HandDebounce(dueTime: .milliseconds(5), queue: queue) { received &+= $0 }
  let handSubscription = handRelay.sink { handDebounce.receive($0) }
  let handDebounceFigure = medianNanoseconds(iterations: iterations) { handRelay.send($0) }
  handSubscription.cancel()
  // What app code often writes instead: a work item cancelled and replaced per value.
  let workItemRelay = PassthroughRelay<Int>()
  var workItem: DispatchWorkItem?
  let workItemSubscription = workItemRelay.sink { value in
    workItem?.cancel()
    let item = DispatchWorkItem { blackHole(value) }
    workItem = item
    queue.asyncAfter(deadline: .now() + .milliseconds(5), execute: item)
  }
  let workItemFigure = medianNanoseconds(samples: 5, iterations: 100_000) {
    workItemRelay.send($0)
  }
  workItemSubscription.cancel()
  report("floor: debounce by hand (one timer per pause)", handDebounceFigure)
  report(
    "PassthroughRelay.debounce(5 ms), send in a burst", debounceFigure, floor: handDebounceFigure)
  report(
    "for scale: a DispatchWorkItem replaced per value", workItemFigure, floor: handDebounceFigure)
  queue.sync {}
  blackHole(received)
}

/// Two sinks on `upstream.share(replay: 1)`, made in a function the optimizer may not
/// specialize: the share and its subscriptions are the unspecialized generic code a helper
/// taking any publisher runs.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func twoSinksOnSharedReplay<Upstream: Publisher>(
  of upstream: Upstream, counting received: Counter
) -> [AnyCancellable] where Upstream.Failure == Never {
  let replayed = upstream.share(replay: 1)
  return [
    replayed.sink { _ in received.value &+= 1 }, replayed.sink { _ in received.value &+= 1 },
  ]
}
