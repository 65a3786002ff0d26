#if canImport(Combine)
  import Combine
  import Dispatch
  import Foundation
  import Relay

  /// Relay's bridges to and from Combine, each check a function that records the behaviours that
  /// do not hold.
  ///
  /// CombineBridgeTests runs them against the real Combine; on Linux, Tests/AppleStandIns/typecheck.sh
  /// runs them against the stand-in Combine (BridgeChecks/main.swift), which behaves as Combine does
  /// for what the bridges use (demand, completion, cancellation).
  enum CombineBridgeChecks {
    /// A check: what it holds, and the function that checks it.
    struct Check: Sendable, CustomStringConvertible {
      let name: String
      let run: @Sendable (Checker) -> Void
      var description: String { name }
    }

    /// Records the behaviours that do not hold.
    final class Checker {
      var failures: [String] = []

      func callAsFunction(_ condition: Bool, _ behaviour: String, line: UInt = #line) {
        if !condition { failures.append("line \(line): \(behaviour)") }
      }
    }

    /// Runs a check.
    ///
    /// - Parameter check: The check.
    /// - Returns: The behaviours that do not hold, each with its line.
    static func failures(of check: Check) -> [String] {
      let checker = Checker()
      check.run(checker)
      return checker.failures
    }

    /// Every check, in order.
    static let all: [Check] = [
      Check(name: "Relay to Combine: demand", run: relayToCombineDemand),
      Check(name: "Relay to Combine: failure", run: relayToCombineFailure),
      Check(
        name: "Relay to Combine: cancellation reaches the relay, and nothing follows it",
        run: relayToCombineCancellation),
      Check(
        name: "Relay to Combine: the erased forms are Combine's, where Combine's type is asked for",
        run: relayToCombineErasedForms),
      Check(name: "Combine to Relay: demand", run: combineToRelayDemand),
      Check(
        name: "Combine to Relay: the demand asked of the Combine publisher is the demand asked",
        run: combineToRelayDemandAskedOfCombine),
      Check(name: "Combine to Relay: failure", run: combineToRelayFailure),
      Check(
        name:
          "Combine to Relay: cancellation reaches Combine, and nothing sent after it reaches Relay",
        run: combineToRelayCancellation),
      Check(
        name: "Combine to Relay: a subject's values reach Relay's operators, and back to Combine",
        run: roundTripThroughBothBridges),
      Check(
        name: "Relay's operators that take another publisher take a Combine one too, bridged",
        run: relayOperatorsTakeCombinePublishers),
      Check(
        name: "Combine's schedulers drive Relay's time operators",
        run: combineSchedulersDriveRelayOperators),
      Check(
        name:
          "Relay to Combine: values sent on other threads arrive one at a time, none after cancel()",
        run: deliveryFromThreads),
      Check(
        name: "Combine to Relay: a cancel while the Combine side sends on another thread",
        run: cancelWhileSending),
    ]

    struct Failure: Error, Equatable { let code: Int }

    /// A Combine subscriber that records what it receives, asks for `initial` at subscription and
    /// returns `perValue(value)` from each value.
    final class CombineRecorder<Input, Failure: Error>: Combine.Subscriber {
      var values: [Input] = []
      var completions: [Combine.Subscribers.Completion<Failure>] = []
      var subscription: (any Combine.Subscription)?
      let initial: Combine.Subscribers.Demand
      let perValue: (Input) -> Combine.Subscribers.Demand

      init(
        initial: Combine.Subscribers.Demand,
        perValue: @escaping (Input) -> Combine.Subscribers.Demand = { _ in .none }
      ) {
        self.initial = initial
        self.perValue = perValue
      }

      func receive(subscription: any Combine.Subscription) {
        self.subscription = subscription
        if initial != .none { subscription.request(initial) }
      }

      func receive(_ input: Input) -> Combine.Subscribers.Demand {
        values.append(input)
        return perValue(input)
      }

      func receive(completion: Combine.Subscribers.Completion<Failure>) {
        completions.append(completion)
      }
    }

    /// A Relay subscriber that records what it receives, as `CombineRecorder` does for Combine.
    final class RelayRecorder<Input, Failure: Error>: Relay.Subscriber, @unchecked Sendable {
      var values: [Input] = []
      var completions: [Relay.Subscribers.Completion<Failure>] = []
      var subscription: (any Relay.Subscription)?
      let initial: Relay.Subscribers.Demand
      let perValue: (Input) -> Relay.Subscribers.Demand

      init(
        initial: Relay.Subscribers.Demand,
        perValue: @escaping (Input) -> Relay.Subscribers.Demand = { _ in .none }
      ) {
        self.initial = initial
        self.perValue = perValue
      }

      func receive(subscription: any Relay.Subscription) {
        self.subscription = subscription
        if initial != .none { subscription.request(initial) }
      }

      func receive(_ input: Input) -> Relay.Subscribers.Demand {
        values.append(input)
        return perValue(input)
      }

      func receive(completion: Relay.Subscribers.Completion<Failure>) {
        completions.append(completion)
      }
    }

    /// A Combine publisher that records the demand asked of it and whether it was cancelled, and
    /// sends what the test tells it to, demand or not (as a misbehaving upstream would).
    final class CombineSource: Combine.Publisher, Combine.Subscription {
      typealias Output = Int
      typealias Failure = Never
      var requested: [Combine.Subscribers.Demand] = []
      var cancelled = false
      var subscriber: Combine.AnySubscriber<Int, Never>?

      func receive<S: Combine.Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = Combine.AnySubscriber(subscriber)
        subscriber.receive(subscription: self)
      }

      func request(_ demand: Combine.Subscribers.Demand) { requested.append(demand) }
      func cancel() { cancelled = true }
      func send(_ value: Int) -> Combine.Subscribers.Demand? { subscriber?.receive(value) }
    }

    /// Relay to Combine: demand.
    static func relayToCombineDemand(_ check: Checker) {
      let recorder = CombineRecorder<Int, Never>(initial: .max(2)) { $0 == 2 ? .max(1) : .none }
      Relay.Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3, 4, 5]).asCombinePublisher()
        .subscribe(recorder)
      check(
        recorder.values == [1, 2, 3], "Relay to Combine: the demand asked, and returned, is met")
      check(recorder.completions.isEmpty, "Relay to Combine: no completion before the last value")
      recorder.subscription?.request(.max(1))
      check(recorder.values == [1, 2, 3, 4], "Relay to Combine: a later request is passed on")
      recorder.subscription?.request(.none)
      check(
        recorder.values == [1, 2, 3, 4], "Relay to Combine: a request of .none asks for nothing")
      recorder.subscription?.request(.unlimited)
      check(
        recorder.values == [1, 2, 3, 4, 5], "Relay to Combine: unlimited demand takes the rest")
      check(
        recorder.completions.count == 1
          && recorder.completions.first.map { if case .finished = $0 { true } else { false } }
            == true,
        "Relay to Combine: the finish is passed on, once")
    }

    /// Relay to Combine: failure.
    static func relayToCombineFailure(_ check: Checker) {
      let recorder = CombineRecorder<Int, Failure>(initial: .unlimited)
      Relay.Fail<Int, Failure>(error: Failure(code: 7)).asCombinePublisher().subscribe(recorder)
      check(
        recorder.completions.count == 1
          && recorder.completions.first.map {
            if case .failure(Failure(code: 7)) = $0 { true } else { false }
          } == true,
        "Relay to Combine: the failure is passed on, with its error")
    }

    /// Relay to Combine: cancellation reaches the relay, and nothing follows it.
    static func relayToCombineCancellation(_ check: Checker) {
      let relay = PassthroughRelay<Int>()
      var relayCancels = 0
      var received: [Int] = []
      let cancellable = relay.handleEvents(receiveCancel: { relayCancels += 1 })
        .asCombinePublisher().sink { received.append($0) }
      relay.send(1)
      cancellable.cancel()
      relay.send(2)
      check(received == [1], "Relay to Combine: no value reaches a cancelled Combine subscriber")
      check(
        relayCancels == 1, "Relay to Combine: cancelling the Combine side cancels the Relay one")
    }

    /// Relay to Combine: the erased forms are Combine's, where Combine's type is asked for.
    static func relayToCombineErasedForms(_ check: Checker) {
      let relay = CurrentValueRelay(1)
      let erased: Combine.AnyPublisher<Int, Never> = relay.map { $0 * 10 }.eraseToAnyPublisher()
      let wrapped = Combine.AnyPublisher(relay)
      var received: [Int] = []
      var subscriptions = Set<Combine.AnyCancellable>()
      erased.sink { received.append($0) }.store(in: &subscriptions)
      wrapped.sink { received.append($0) }.store(in: &subscriptions)
      // Relay's own sink returns Combine's AnyCancellable: the same set keeps it.
      relay.sink { received.append(-$0) }.store(in: &subscriptions)
      relay.send(2)
      check(received == [10, 1, -1, 20, 2, -2], "Relay to Combine: both erased forms deliver")
      let unannotated = relay.eraseToAnyPublisher()
      let relayErased: Relay.AnyPublisher<Int, Never> = unannotated
      _ = relayErased
      subscriptions.removeAll()
      relay.send(3)
      check(
        received.count == 6, "Combine's AnyCancellable cancels Relay's subscriptions on release")
    }

    /// Combine to Relay: demand.
    static func combineToRelayDemand(_ check: Checker) {
      let recorder = RelayRecorder<Int, Never>(initial: .max(2)) { $0 == 2 ? .max(1) : .none }
      [1, 2, 3, 4, 5].publisher.asRelayPublisher().subscribe(recorder)
      check(
        recorder.values == [1, 2, 3], "Combine to Relay: the demand asked, and returned, is met")
      recorder.subscription?.request(.max(1))
      check(recorder.values == [1, 2, 3, 4], "Combine to Relay: a later request is passed on")
      recorder.subscription?.request(.unlimited)
      check(
        recorder.values == [1, 2, 3, 4, 5], "Combine to Relay: unlimited demand takes the rest")
      check(
        recorder.completions.count == 1
          && recorder.completions.first.map { if case .finished = $0 { true } else { false } }
            == true,
        "Combine to Relay: the finish is passed on, once")
    }

    /// Combine to Relay: the demand asked of the Combine publisher is the demand asked.
    static func combineToRelayDemandAskedOfCombine(_ check: Checker) {
      let source = CombineSource()
      let recorder = RelayRecorder<Int, Never>(initial: .max(3)) { _ in .max(2) }
      source.asRelayPublisher().subscribe(recorder)
      let returned = source.send(1)
      check(source.requested == [.max(3)], "Combine to Relay: the request reaches Combine as asked")
      check(returned == .max(2), "Combine to Relay: the demand a value returns reaches Combine")
    }

    /// Combine to Relay: failure.
    static func combineToRelayFailure(_ check: Checker) {
      let recorder = RelayRecorder<Int, Failure>(initial: .unlimited)
      Combine.Fail<Int, Failure>(error: Failure(code: 3)).asRelayPublisher().subscribe(recorder)
      check(
        recorder.completions.count == 1
          && recorder.completions.first.map {
            if case .failure(Failure(code: 3)) = $0 { true } else { false }
          } == true,
        "Combine to Relay: the failure is passed on, with its error")
    }

    /// Combine to Relay: cancellation reaches Combine, and nothing the Combine side still sends
    /// reaches the Relay subscriber.
    static func combineToRelayCancellation(_ check: Checker) {
      let source = CombineSource()
      let recorder = RelayRecorder<Int, Never>(initial: .unlimited)
      Relay.AnyPublisher(source).subscribe(recorder)
      _ = source.send(1)
      recorder.subscription?.cancel()
      let afterCancel = source.send(2)
      check(source.cancelled, "Combine to Relay: cancelling the Relay side cancels the Combine one")
      check(
        recorder.values == [1], "Combine to Relay: nothing reaches a cancelled Relay subscriber")
      check(
        afterCancel == Combine.Subscribers.Demand.none,
        "Combine to Relay: a cancelled link asks for nothing")
    }

    /// Combine to Relay: a subject's values reach Relay's operators, and back to Combine.
    static func roundTripThroughBothBridges(_ check: Checker) {
      let subject = Combine.PassthroughSubject<Int, Never>()
      let relay = CurrentValueRelay(10)
      var received: [Int] = []
      let cancellable = subject.asRelayPublisher().combineLatest(relay) { $0 + $1 }
        .asCombinePublisher().sink { received.append($0) }
      subject.send(1)
      relay.send(20)
      check(received == [11, 21], "a round trip through both bridges delivers every value")
      cancellable.cancel()
      subject.send(2)
      check(received == [11, 21], "cancelling a round trip stops it")
    }

    /// Relay's operators that take another publisher take a Combine one too, bridged.
    static func relayOperatorsTakeCombinePublishers(_ check: Checker) {
      let relay = CurrentValueRelay(1)
      let subject = Combine.PassthroughSubject<Int, Never>()
      var combined: [Int] = []
      var merged: [Int] = []
      var zipped: [Int] = []
      var flattened: [Int] = []
      var concatenated: [Int] = []
      var subscriptions = Set<Combine.AnyCancellable>()
      relay.combineLatest(Combine.Just(10)) { $0 + $1 }.sink { combined.append($0) }
        .store(in: &subscriptions)
      relay.merge(with: subject).sink { merged.append($0) }.store(in: &subscriptions)
      relay.zip(subject) { $0 * $1 }.sink { zipped.append($0) }.store(in: &subscriptions)
      relay.flatMap { Combine.Just($0 * 100) }.sink { flattened.append($0) }
        .store(in: &subscriptions)
      Relay.Just(3).prepend(Combine.Just(2)).append(
        Combine.Publishers.Sequence<[Int], Never>(sequence: [4])
      ).sink { concatenated.append($0) }
        .store(in: &subscriptions)
      subject.send(5)
      relay.send(2)
      check(combined == [11, 12], "Relay's combineLatest takes a Combine publisher")
      check(merged == [1, 5, 2], "Relay's merge(with:) takes a Combine publisher")
      check(zipped == [5], "Relay's zip takes a Combine publisher")
      check(
        flattened == [100, 200], "Relay's flatMap takes a closure that makes Combine publishers")
      check(concatenated == [2, 3, 4], "Relay's prepend and append take Combine publishers")
    }

    /// A relay's values delayed on any scheduler: Relay's `Scheduler` is Combine's, so code generic
    /// over `Scheduler` means the same where Combine exists and where it does not.
    static func delayed<S: Relay.Scheduler>(_ relay: PassthroughRelay<Int>, on scheduler: S)
      -> Relay.Publishers.Delay<PassthroughRelay<Int>, S>
    {
      relay.delay(for: .seconds(5), scheduler: scheduler)
    }

    /// Combine's schedulers drive Relay's time operators.
    static func combineSchedulersDriveRelayOperators(_ check: Checker) {
      let relay = PassthroughRelay<Int>()
      var received: [Int] = []
      let cancellable = delayed(relay, on: Combine.ImmediateScheduler.shared)
        .sink { received.append($0) }
      relay.send(1)
      check(received == [1], "Combine's ImmediateScheduler drives Relay's delay")
      cancellable.cancel()
    }

    /// Counts calls, and calls that overlapped another, from any thread.
    final class CallCounter: @unchecked Sendable {
      // Both counts are guarded by `lock`; `inside` is touched by one call at a time if calls
      // never overlap.
      private let lock = NSLock()
      private var calls = 0
      private var inside = false
      private var overlaps = 0

      func call() {
        lock.withLock {
          if inside { overlaps += 1 }
          inside = true
        }
        lock.withLock {
          inside = false
          calls += 1
        }
      }

      var counts: (calls: Int, overlaps: Int) { lock.withLock { (calls, overlaps) } }
    }

    /// Relay to Combine: values sent on other threads reach the Combine subscriber one at a time,
    /// and none after cancel() returns.
    static func deliveryFromThreads(_ check: Checker) {
      let relay = PassthroughRelay<Int>()
      let counter = CallCounter()
      let cancellable = relay.asCombinePublisher().sink { @Sendable _ in counter.call() }
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        for value in 0..<1_000 { relay.send(thread * 1_000 + value) }
      }
      // Every value arrives (the relay keeps all of them: its backlog is unbounded), some after
      // their `send` returned, from the thread that delivers the relay's rounds.
      let deadline = Date().addingTimeInterval(10)
      while counter.counts.calls < 4_000 && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.001)
      }
      check(counter.counts.calls == 4_000, "Relay to Combine: values from four threads all arrive")
      check(
        counter.counts.overlaps == 0, "Relay to Combine: the subscriber is called one at a time")
      cancellable.cancel()
      relay.send(0)
      Thread.sleep(forTimeInterval: 0.05)
      check(
        counter.counts.calls == 4_000, "Relay to Combine: nothing arrives after cancel() returned")
    }

    /// A Relay subscriber that counts the values that arrive after it was told its cancel returned.
    final class LateValueCounter: Relay.Subscriber, @unchecked Sendable {
      typealias Input = Int
      typealias Failure = Never
      // Every field is guarded by `lock`.
      private let lock = NSLock()
      private var subscription: (any Relay.Subscription)?
      private var cancelReturned = false
      private var late = 0

      func receive(subscription: any Relay.Subscription) {
        lock.withLock { self.subscription = subscription }
        subscription.request(.unlimited)
      }

      func receive(_ input: Int) -> Relay.Subscribers.Demand {
        lock.withLock { if cancelReturned { late += 1 } }
        return .none
      }

      func receive(completion: Relay.Subscribers.Completion<Never>) {}

      func cancel() {
        lock.withLock { subscription }?.cancel()
        lock.withLock { cancelReturned = true }
      }

      var lateValues: Int { lock.withLock { late } }
    }

    /// A Combine publisher whose one subscriber may be sent to from any thread.
    final class ThreadedCombineSource: Combine.Publisher, Combine.Subscription, @unchecked Sendable
    {
      typealias Output = Int
      typealias Failure = Never
      // `subscriber` is set once, before any thread sends.
      private var subscriber: Combine.AnySubscriber<Int, Never>?

      func receive<S: Combine.Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = Combine.AnySubscriber(subscriber)
        subscriber.receive(subscription: self)
      }

      func request(_ demand: Combine.Subscribers.Demand) {}
      func cancel() {}
      func send(_ value: Int) { _ = subscriber?.receive(value) }
    }

    /// Combine to Relay: a cancel on one thread while the Combine side sends on another; after
    /// cancel() returns, at most the one call already under way reaches the subscriber.
    static func cancelWhileSending(_ check: Checker) {
      var worst = 0
      for _ in 0..<200 {
        let source = ThreadedCombineSource()
        let counter = LateValueCounter()
        source.asRelayPublisher().subscribe(counter)
        let sending = DispatchGroup()
        DispatchQueue.global().async(group: sending) {
          for value in 0..<200 { source.send(value) }
        }
        counter.cancel()
        sending.wait()
        worst = max(worst, counter.lateValues)
      }
      check(worst <= 1, "Combine to Relay: after cancel() returns, at most one call still arrives")
    }
  }
#endif
