import Dispatch
import Foundation
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `PrintTests` (Combine's outcomes), and issue 8's item 9: `print` names the
/// subscription it receives as Combine does, gives its subscriber its own subscription named
/// `Print`, and logs every `cancel()` call.
@Suite struct PrintTests {
  /// A stream that records each `write` call, as OpenCombine's `HistoryStream`.
  final class WriteRecorder: TextOutputStream, @unchecked Sendable {
    private let recorded = Locked<[String]>([])
    var writes: [String] { recorded.withLock { $0 } }
    func write(_ string: String) { recorded.withLock { $0.append(string) } }
  }

  @Test func writesCombinesLinesForASink() {
    let relay = CurrentValueRelay(0)
    let log = LineRecorder()
    let cancellable = relay.print("P", to: log).sink { _ in }
    relay.send(1)
    cancellable.cancel()
    relay.send(2)
    #expect(
      log.lines == [
        "P: receive subscription: (CurrentValueSubject)",
        "P: request unlimited",
        "P: receive value: (0)",
        "P: receive value: (1)",
        "P: receive cancel",
      ])
  }

  @Test func logsFiniteAndSynchronousDemandWithoutPrefix() {
    let relay = PassthroughRelay<String>()
    let log = LineRecorder()
    let tracker = TrackingSubscriber<String, Never>(demand: .max(1), perValue: .max(2))
    relay.print(to: log).subscribe(tracker)
    relay.send("a")
    tracker.request(.max(3))
    #expect(
      log.lines == [
        "receive subscription: (PassthroughSubject)",
        "request max: (1)",
        "receive value: (a)",
        "request max: (2) (synchronous)",
        "request max: (3)",
      ])
  }

  /// OpenCombine's `testPrintWithoutPrefix` and `testPrintWithPrefix`: every event, in order
  /// with the callbacks it causes, each line written as `""`, the line, `"\n"`.
  @Test(arguments: ["", "👉"])
  func logsEveryEventInOrderWithTheCallbacks(prefix: String) {
    let stream = WriteRecorder()
    let subscription = TestSubscription(
      onRequest: { _ in stream.write("callback request demand\n") },
      onCancel: { stream.write("callback cancel subscription\n") })
    var downstream: (any Subscription)?
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracking = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: {
        stream.write("callback subscription\n")
        $0.request(.unlimited)
        $0.request(.max(30))
        $0.cancel()
        downstream = $0
      },
      receiveValue: {
        stream.write("callback value\n")
        downstream?.request(.max(100))
        return $0 == 10 ? .unlimited : .max(2)
      },
      receiveCompletion: { _ in
        stream.write("callback completion\n")
        downstream?.request(.max(12))
      })
    publisher.print(prefix, to: stream).subscribe(tracking)
    #expect(downstream != nil)
    #expect(publisher.send(1) == .max(2))
    downstream?.request(.max(42))
    #expect(publisher.send(2) == .max(2))
    publisher.send(completion: .finished)
    publisher.send(completion: .failure("failure"))
    #expect(publisher.send(10) == .unlimited)
    downstream?.cancel()
    downstream?.cancel()
    downstream?.request(.max(1))

    #expect(
      tracking.history == [
        .subscription("Print"), .value(1), .value(2), .completion(.finished),
        .completion(.failure("failure")), .value(10),
      ])
    #expect(subscription.history == [.requested(.unlimited), .requested(.max(30)), .cancelled])
    let p = prefix.isEmpty ? "" : prefix + ": "
    func line(_ text: String) -> [String] { ["", p + text, "\n"] }
    let expected: [String] =
      line("receive subscription: (CustomSubscription)") + ["callback subscription\n"]
      + line("request unlimited") + ["callback request demand\n"]
      + line("request max: (30)") + ["callback request demand\n"]
      + line("receive cancel") + ["callback cancel subscription\n"]
      + line("receive value: (1)") + ["callback value\n"]
      + line("request max: (100)") + line("request max: (2) (synchronous)")
      + line("request max: (42)")
      + line("receive value: (2)") + ["callback value\n"]
      + line("request max: (100)") + line("request max: (2) (synchronous)")
      + line("receive finished") + ["callback completion\n"] + line("request max: (12)")
      + line("receive error: (failure)") + ["callback completion\n"] + line("request max: (12)")
      + line("receive value: (10)") + ["callback value\n"]
      + line("request max: (100)") + line("request unlimited (synchronous)")
      + line("receive cancel") + line("receive cancel") + line("request max: (1)")
    #expect(stream.writes == expected)
  }

  /// OpenCombine's `testReceiveSubscriptionTwice`: every subscription received is logged; a
  /// second one, and one after the cancel, is cancelled.
  @Test func logsAndCancelsASecondSubscription() {
    let stream = WriteRecorder()
    let harness = OperatorHarness<Int, TestingError, _> { $0.print(to: stream) }
    #expect(harness.subscription.history == [])
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
    harness.publisher.send(subscription: harness.subscription)
    #expect(harness.subscription.history == [.cancelled])
    harness.downstreamSubscription?.cancel()
    #expect(harness.subscription.history == [.cancelled, .cancelled])
    let third = TestSubscription()
    harness.publisher.send(subscription: third)
    #expect(third.history == [.cancelled])
    let lines = stream.writes.filter { $0 != "" && $0 != "\n" }
    #expect(
      lines == Array(repeating: "receive subscription: (CustomSubscription)", count: 3)
        + ["receive cancel", "receive subscription: (CustomSubscription)"])
  }

  /// A second subscription is cancelled rather than replacing the first, which could then
  /// never be cancelled.
  @Test func cancelsASecondSubscription() {
    expectCancelsASecondSubscription { $0.print(to: WriteRecorder()) }
  }

  /// Every `cancel()` call is logged; the first one only cancels.
  @Test func logsEveryCancel() {
    let relay = PassthroughRelay<Int>()
    let log = LineRecorder()
    let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.max(1)) })
    relay.print("C", to: log).subscribe(tracking)
    let subscription = tracking.subscriptions.first
    subscription?.cancel()
    subscription?.cancel()
    #expect(
      log.lines == [
        "C: receive subscription: (PassthroughSubject)", "C: request max: (1)",
        "C: receive cancel", "C: receive cancel",
      ])
  }

  /// `print` names subscriptions as Combine does.
  ///
  /// `map`, `filter` and `compactMap` pass the upstream's subscription through in Combine, so
  /// `print` names the upstream after them.
  @Test func namesTheSubscriptionAsCombineDoes() {
    let relay = CurrentValueRelay(0)
    let queue = DispatchQueue(label: "print-names")
    func firstLine<P: Publisher>(_ publisher: P) -> String? where P.Failure == Never {
      let log = LineRecorder()
      let cancellable = publisher.print("N", to: log).sink { _ in }
      defer { cancellable.cancel() }
      return log.lines.first
    }
    #expect(firstLine(relay) == "N: receive subscription: (CurrentValueSubject)")
    #expect(firstLine(PassthroughRelay<Int>()) == "N: receive subscription: (PassthroughSubject)")
    #expect(firstLine(relay.print(to: LineRecorder())) == "N: receive subscription: (Print)")
    #expect(firstLine(relay.removeDuplicates()) == "N: receive subscription: (RemoveDuplicates)")
    #expect(firstLine(relay.receive(on: queue)) == "N: receive subscription: (ReceiveOn)")
    #expect(firstLine(relay.singleReplay()) == "N: receive subscription: (SingleReplay)")
    #expect(
      firstLine(relay.eraseToAnyPublisher()) == "N: receive subscription: (CurrentValueSubject)")
    #expect(firstLine(relay.map { $0 }) == "N: receive subscription: (CurrentValueSubject)")
    #expect(
      firstLine(relay.filter { _ in true }) == "N: receive subscription: (CurrentValueSubject)")
    #expect(firstLine(relay.compactMap { $0 }) == "N: receive subscription: (CurrentValueSubject)")
    queue.sync {}
  }

  @Test func namesTheSingleReplaySubscription() {
    let relay = CurrentValueRelay(0)
    let shared = relay.singleReplay()
    let log = LineRecorder()
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    shared.print("S", to: log).subscribe(tracker)
    #expect(log.lines.first == "S: receive subscription: (SingleReplay)")
  }

  /// OpenCombine's `testSynchronization`: sends from two threads at once all arrive.
  @Test func sendsFromTwoThreadsAllArrive() {
    let relay = PassthroughRelay<Int>()
    let stream = WriteRecorder()
    let count = Locked(0)
    let cancellable = relay.print(to: stream).sink { _ in count.withLock { $0 += 1 } }
    runConcurrently(threads: 2) { thread in
      for value in 0..<100 { relay.send(thread * 1000 + value) }
    }
    // A send that meets another thread's round is queued and delivered by the relay's
    // drainer after `send` returns: wait for it, with a deadline.
    #expect(eventually { count.withLock { $0 } == 200 })
    #expect(stream.writes.filter { $0.hasPrefix("receive value") }.count == 200)
    cancellable.cancel()
  }

  @Test func theSubscriptionIsNamedPrint() {
    let publisher = TestPublisher<Int, Never>(subscription: nil)
    publisher.print(to: WriteRecorder()).subscribe(TrackingSubscriber<Int, Never>())
    #expect("\(publisher.erasedSubscriber!)" == "Print")
  }

  @Test func aValueOrCompletionBeforeTheSubscriptionPassesThrough() {
    let publisher = TestPublisher<Int, Never>(subscription: nil)
    let tracking = TrackingSubscriber<Int, Never>(receiveValue: { _ in .max(42) })
    publisher.print(to: WriteRecorder()).subscribe(tracking)
    #expect(publisher.send(0) == .max(42))
    publisher.send(completion: .finished)
    #expect(tracking.history == [.value(0), .completion(.finished)])
  }

  @Test func aRequestBeforeTheSubscriptionIsLoggedOnly() {
    let stream = WriteRecorder()
    let publisher = TestPublisher<Int, Never>(subscription: nil)
    publisher.print(to: stream).subscribe(TrackingSubscriber<Int, Never>())
    (publisher.erasedSubscriber as? any Subscription)?.request(.max(1))
    #expect(stream.writes == ["", "request max: (1)", "\n"])
  }

  /// Where Relay differs: a subscription that arrives after a cancel is cancelled (Combine's
  /// `print` passes it on).
  @Test func aSubscriptionAfterACancelIsCancelled() {
    let publisher = TestPublisher<Int, Never>(subscription: nil)
    publisher.print(to: WriteRecorder()).subscribe(TrackingSubscriber<Int, Never>())
    (publisher.erasedSubscriber as? any Subscription)?.cancel()
    let subscription = TestSubscription()
    publisher.send(subscription: subscription)
    #expect(subscription.history == [.cancelled])
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: false) {
      $0.print(to: WriteRecorder())
    }
  }

  /// The stream is user code and runs outside the lock: a stream that requests through the
  /// same `print` while it writes does not deadlock, and its line is written after.
  @Test func aStreamThatCallsBackIntoThePrintDoesNotDeadlock() {
    final class CallingBack: TextOutputStream, @unchecked Sendable {
      let writes = Locked<[String]>([])
      var subscription: (any Subscription)?
      func write(_ string: String) {
        writes.withLock { $0.append(string) }
        if string == "receive value: (1)" { subscription?.request(.max(1)) }
      }
    }
    let stream = CallingBack()
    let finished = finishesWithin {
      let relay = PassthroughRelay<Int>()
      let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: {
        stream.subscription = $0
        $0.request(.max(1))
      })
      relay.print(to: stream).subscribe(tracking)
      relay.send(1)
      stream.subscription = nil
    }
    #expect(finished)
    #expect(
      stream.writes.withLock { $0.filter { $0.hasPrefix("request") } } == [
        "request max: (1)", "request max: (1)",
      ])
  }
}
