import Dispatch
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// No user closure and no deinit of a user value runs under an operator's lock, for every
/// operator outside the relay core.
///
/// Each value here sends to the same relay and subscribes to the same pipeline from its deinit;
/// with a lock held that deadlocks, so each case runs with a deadline.
@Suite struct OperatorLockAuditTests {
  typealias Pipeline = AuditedPipeline<PassthroughRelay<DeinitProbe>, DeinitProbe, Never>

  static let queue = DispatchQueue(label: "lock-audit")

  static let pipelines: [Pipeline] = [
    Pipeline(name: "map") { $0.map { $0 }.eraseToAnyPublisher() },
    Pipeline(name: "filter") { $0.filter { _ in true }.eraseToAnyPublisher() },
    Pipeline(name: "compactMap") { $0.compactMap { $0 }.eraseToAnyPublisher() },
    Pipeline(name: "removeDuplicates") {
      $0.removeDuplicates { $0 === $1 }.eraseToAnyPublisher()
    },
    Pipeline(name: "print") { $0.print("audit", to: LineRecorder()).eraseToAnyPublisher() },
    Pipeline(name: "receive(on:)") { $0.receive(on: queue).eraseToAnyPublisher() },
    Pipeline(name: "singleReplay") { $0.singleReplay().eraseToAnyPublisher() },
  ]

  @Test(arguments: pipelines)
  func valuesWhoseDeinitSendsAndSubscribesDoNotDeadlock(_ pipeline: Pipeline) {
    let finished = finishesWithin {
      let relay = PassthroughRelay<DeinitProbe>()
      let publisher = pipeline.make(relay)
      let received = Locked(0)
      let cancellable = publisher.sink { _ in received.withLock { $0 += 1 } }
      for id in 0..<5 {
        relay.send(
          DeinitProbe(id: id) {
            relay.send(DeinitProbe(id: 1000 + id) {})
            publisher.sink { _ in }.cancel()
          })
      }
      Self.queue.sync {}
      cancellable.cancel()
      Self.queue.sync {}
    }
    #expect(finished)
  }

  /// A value still held by the operator when the subscriber cancels (the previous value of
  /// `removeDuplicates`, the values waiting in `receive(on:)`) goes away outside its lock.
  @Test(arguments: pipelines)
  func valuesReleasedByACancelDoNotDeadlock(_ pipeline: Pipeline) {
    let finished = finishesWithin {
      let relay = PassthroughRelay<DeinitProbe>()
      let publisher = pipeline.make(relay)
      let cancellable = publisher.sink { _ in }
      Self.queue.suspend()
      for id in 0..<5 {
        relay.send(
          DeinitProbe(id: id) {
            relay.send(DeinitProbe(id: 1000 + id) {})
            publisher.sink { _ in }.cancel()
          })
      }
      cancellable.cancel()
      Self.queue.resume()
      Self.queue.sync {}
    }
    #expect(finished)
  }
}

/// An operator, or a chain of them, on an upstream of type `Upstream`, named for the test's
/// arguments.
struct AuditedPipeline<Upstream, Output, Failure: Error>: CustomTestStringConvertible, Sendable {
  let name: String
  let make: @Sendable (Upstream) -> AnyPublisher<Output, Failure>
  var testDescription: String { name }
}

/// An upstream that hands out a subscription it does not keep and completes at once (fails,
/// unless told to finish): the operator's hold is the subscription's last, and its deinit
/// calls back into the operator.
struct FailingAtOnce: Publisher {
  typealias Output = Int
  typealias Failure = TestingError

  final class Subscription: Relay.Subscription, @unchecked Sendable {
    // Set once, before the subscription is handed out.
    let onDeinit: @Sendable () -> Void
    init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    func request(_: Subscribers.Demand) {}
    func cancel() {}
    deinit { onDeinit() }
  }

  var completion = Subscribers.Completion<TestingError>.failure(.oops)
  let onDeinit: @Sendable () -> Void

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestingError {
    subscriber.receive(subscription: Subscription(onDeinit: onDeinit))
    subscriber.receive(completion: completion)
  }
}

@Suite struct UpstreamReleaseLockAuditTests {
  /// `replaceError` lets go of a failed upstream's subscription outside its lock, with the
  /// downstream's demand or without it: a deinit that calls the operator does not deadlock.
  @Test(arguments: [Subscribers.Demand.none, .unlimited])
  func replaceErrorReleasesTheFailedUpstreamOutsideItsLock(demand: Subscribers.Demand) {
    let finished = finishesWithin {
      let operatorSubscription = Locked<(any Relay.Subscription)?>(nil)
      let upstream = FailingAtOnce { operatorSubscription.withLock { $0 }?.request(.max(1)) }
      let tracker = TrackingSubscriber<Int, Never>(receiveSubscription: { subscription in
        operatorSubscription.withLock { $0 = subscription }
        if demand != .none { subscription.request(demand) }
      })
      upstream.replaceError(with: 7).subscribe(tracker)
      if demand == .none { operatorSubscription.withLock { $0 }?.request(.max(1)) }
      #expect(tracker.history.suffix(2) == [.value(7), .finished])
    }
    #expect(finished)
  }

  typealias FailingPipeline = AuditedPipeline<FailingAtOnce, Int, TestingError>

  static let queue = OperatorLockAuditTests.queue

  static let failingPipelines: [FailingPipeline] = [
    FailingPipeline(name: "map") { $0.map { $0 }.eraseToAnyPublisher() },
    FailingPipeline(name: "filter") { $0.filter { _ in true }.eraseToAnyPublisher() },
    FailingPipeline(name: "compactMap") { $0.compactMap { $0 }.eraseToAnyPublisher() },
    FailingPipeline(name: "removeDuplicates") { $0.removeDuplicates().eraseToAnyPublisher() },
    FailingPipeline(name: "dropFirst") { $0.dropFirst().eraseToAnyPublisher() },
    FailingPipeline(name: "scan") { $0.scan(0, +).eraseToAnyPublisher() },
    FailingPipeline(name: "first") { $0.first().eraseToAnyPublisher() },
    FailingPipeline(name: "first(where:)") { $0.first { _ in true }.eraseToAnyPublisher() },
    FailingPipeline(name: "collect") { $0.collect().map(\.count).eraseToAnyPublisher() },
    FailingPipeline(name: "prepend") { $0.prepend(1).eraseToAnyPublisher() },
    FailingPipeline(name: "append") { $0.append(1).eraseToAnyPublisher() },
    FailingPipeline(name: "handleEvents") { $0.handleEvents().eraseToAnyPublisher() },
    FailingPipeline(name: "print") { $0.print("audit", to: LineRecorder()).eraseToAnyPublisher() },
    FailingPipeline(name: "mapError") { $0.mapError { $0 }.eraseToAnyPublisher() },
    FailingPipeline(name: "catch") {
      $0.catch { _ in Fail<Int, TestingError>(error: .oops) }.eraseToAnyPublisher()
    },
    FailingPipeline(name: "flatMap") {
      $0.flatMap { Just($0).setFailureType(to: TestingError.self) }.eraseToAnyPublisher()
    },
    FailingPipeline(name: "switchToLatest") {
      $0.map { Just($0).setFailureType(to: TestingError.self) }.switchToLatest()
        .eraseToAnyPublisher()
    },
    FailingPipeline(name: "combineLatest") {
      $0.combineLatest(PassthroughRelay<Int>().setFailureType(to: TestingError.self)) { $0 + $1 }
        .eraseToAnyPublisher()
    },
    FailingPipeline(name: "zip") {
      $0.zip(PassthroughRelay<Int>().setFailureType(to: TestingError.self)) { $0 + $1 }
        .eraseToAnyPublisher()
    },
    FailingPipeline(name: "merge") {
      $0.merge(with: PassthroughRelay<Int>().setFailureType(to: TestingError.self))
        .eraseToAnyPublisher()
    },
    FailingPipeline(name: "receive(on:)") { $0.receive(on: queue).eraseToAnyPublisher() },
    FailingPipeline(name: "subscribe(on:)") { $0.subscribe(on: queue).eraseToAnyPublisher() },
    FailingPipeline(name: "debounce") {
      $0.debounce(for: .milliseconds(1), scheduler: queue).eraseToAnyPublisher()
    },
    FailingPipeline(name: "throttle") {
      $0.throttle(for: .milliseconds(1), scheduler: queue, latest: true).eraseToAnyPublisher()
    },
    FailingPipeline(name: "delay") {
      $0.delay(for: .milliseconds(1), scheduler: queue).eraseToAnyPublisher()
    },
    FailingPipeline(name: "share") { $0.share().eraseToAnyPublisher() },
  ]

  /// Every operator lets go of a completed upstream's subscription outside its locks, when
  /// the upstream failed and when it finished: the subscription's deinit requests from and
  /// cancels the pipeline's subscription.
  @Test(arguments: failingPipelines, [true, false])
  func operatorsReleaseACompletedUpstreamOutsideTheirLocks(
    _ pipeline: FailingPipeline, upstreamFails: Bool
  ) {
    let finished = finishesWithin {
      let pipelineSubscription = Locked<(any Relay.Subscription)?>(nil)
      let released = Locked(false)
      var upstream = FailingAtOnce {
        let subscription = pipelineSubscription.withLock { $0 }
        subscription?.request(.max(1))
        subscription?.cancel()
        released.withLock { $0 = true }
      }
      if !upstreamFails { upstream.completion = .finished }
      let completed = Locked(false)
      let tracker = TrackingSubscriber<Int, TestingError>(
        receiveSubscription: { subscription in
          pipelineSubscription.withLock { $0 = subscription }
          subscription.request(.unlimited)
        },
        receiveCompletion: { _ in completed.withLock { $0 = true } })
      pipeline.make(upstream).subscribe(tracker)
      // The completion arrives, unless the cancel in the deinit came first.
      #expect(
        eventually(within: 5) { completed.withLock { $0 } || released.withLock { $0 } },
        "\(pipeline.name): neither completed nor released its upstream")
      Self.queue.sync {}
      pipelineSubscription.withLock { $0 = nil }
    }
    #expect(finished)
  }

  /// A sink lets go of a failed upstream's subscription outside its lock: the
  /// subscription's deinit cancels the sink.
  @Test func sinkReleasesAFailedUpstreamOutsideItsLock() {
    let finished = finishesWithin {
      let cancellable = Locked<AnyCancellable?>(nil)
      let released = Locked(false)
      let upstream = FailingLater {
        cancellable.withLock { $0 }?.cancel()
        released.withLock { $0 = true }
      }
      let completed = Locked(false)
      cancellable.withLock {
        $0 = upstream.sink(
          receiveCompletion: { _ in completed.withLock { $0 = true } }, receiveValue: { _ in })
      }
      upstream.fail()
      #expect(completed.withLock { $0 })
      #expect(released.withLock { $0 })
      cancellable.withLock { $0 = nil }
    }
    #expect(finished)
  }
}

/// An upstream that hands out a subscription it does not keep, and fails when told.
final class FailingLater: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = TestingError

  // Used from one thread at a time: the test's.
  private let onDeinit: @Sendable () -> Void
  private var failure: (() -> Void)?

  init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestingError {
    subscriber.receive(subscription: FailingAtOnce.Subscription(onDeinit: onDeinit))
    failure = { subscriber.receive(completion: .failure(.oops)) }
  }

  func fail() { failure.take()?() }
}
