import Relay
import RelayTestSupport
import Testing

/// CombineExt's `CreateTests`, ported, and demand, threads and cancel.
@Suite struct CreateTests {
  static let words = ["Hello", "World", "What's", "Up?"]

  /// A publisher that sends the four words and a completion, and counts its cleanups.
  static func publisher(fails: Bool, cleanups: Lock<Int>) -> AnyPublisher<String, TestingError> {
    AnyPublisher<String, TestingError>.create { subscriber in
      for word in words { subscriber.send(word) }
      subscriber.send(completion: fails ? .failure(.oops) : .finished)
      return AnyCancellable { cleanups.withLock { $0 += 1 } }
    }
  }

  @Test(arguments: [Subscribers.Demand.unlimited, .max(2), .none], [true, false])
  func sendsWhatDemandAllowsThenTheCompletion(demand: Subscribers.Demand, fails: Bool) {
    let cleanups = Lock<Int>.make(0)
    // Requesting `.none` breaks the contract: CombineExt's "no demand" asks for nothing.
    let tracker = TrackingSubscriber<String, TestingError>(receiveSubscription: {
      if demand != .none { $0.request(demand) }
    })
    Self.publisher(fails: fails, cleanups: cleanups).subscribe(tracker)
    let count = demand == .unlimited ? 4 : demand == .none ? 0 : 2
    let expected: [TrackingSubscriber<String, TestingError>.Event] =
      [.subscription("Create")] + Self.words.prefix(count).map { .value($0) }
      + [fails ? .failure(.oops) : .finished]
    #expect(tracker.history == expected)
    #expect(cleanups.withLock { $0 } == 1)
  }

  @Test func theInitializerMakesTheSamePublisher() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    AnyPublisher<Int, Never> { subscriber in
      subscriber.send(1)
      subscriber.send(completion: .finished)
      return AnyCancellable {}
    }.subscribe(tracker)
    #expect(tracker.history == [.subscription("Create"), .value(1), .finished])
  }

  @Test func cancelRunsTheCleanup() {
    let cleanups = Lock<Int>.make(0)
    let publisher = AnyPublisher<String, Never>.create { _ in
      AnyCancellable { cleanups.withLock { $0 += 1 } }
    }
    let cancellable = publisher.sink { _ in }
    #expect(cleanups.withLock { $0 } == 0)
    cancellable.cancel()
    cancellable.cancel()
    #expect(cleanups.withLock { $0 } == 1)
  }

  @Test func valuesWaitForDemand() {
    var handle: Publishers.Create<Int, Never>.Subscriber?
    let tracker = TrackingSubscriber<Int, Never>()
    AnyPublisher<Int, Never>.create { subscriber in
      handle = subscriber
      return AnyCancellable {}
    }.subscribe(tracker)
    for value in 1...3 { handle?.send(value) }
    #expect(tracker.history == [.subscription("Create")])
    tracker.subscription?.request(.max(2))
    #expect(tracker.history == [.subscription("Create"), .value(1), .value(2)])
    handle?.send(completion: .finished)
    handle?.send(4)
    let expected: [TrackingSubscriber<Int, Never>.Event] = [
      .subscription("Create"), .value(1), .value(2), .finished,
    ]
    #expect(tracker.history == expected)
    tracker.subscription?.request(.max(2))
    #expect(tracker.history == expected)
  }

  @Test func demandReturnedFromAValueCounts() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(1), perValue: .max(1))
    AnyPublisher<Int, Never>.create { subscriber in
      for value in 1...3 { subscriber.send(value) }
      return AnyCancellable {}
    }.subscribe(tracker)
    #expect(tracker.history == [.subscription("Create"), .value(1), .value(2), .value(3)])
  }

  @Test func nothingAfterACancel() {
    var handle: Publishers.Create<Int, Never>.Subscriber?
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    AnyPublisher<Int, Never>.create { subscriber in
      handle = subscriber
      return AnyCancellable {}
    }.subscribe(tracker)
    handle?.send(1)
    tracker.cancel()
    handle?.send(2)
    handle?.send(completion: .finished)
    #expect(tracker.history == [.subscription("Create"), .value(1)])
  }

  @Test func sendsFromSeveralThreadsArriveOneAtATime() async {
    let received = Lock<[Int]>.make([])
    let inside = Lock<Int>.make(0)
    let overlapped = Lock<Bool>.make(false)
    let handles = Lock<[Publishers.Create<Int, Never>.Subscriber]>.make([])
    let cancellable = AnyPublisher<Int, Never>.create { subscriber in
      handles.withLock { $0.append(subscriber) }
      return AnyCancellable {}
    }.sink { value in
      if inside.withLock({
        $0 += 1
        return $0
      }) > 1 {
        overlapped.withLock { $0 = true }
      }
      received.withLock { $0.append(value) }
      inside.withLock { $0 -= 1 }
    }
    let handle = handles.withLock { $0[0] }
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask { for value in 0..<250 { handle.send(task * 1000 + value) } }
      }
    }
    #expect(received.withLock { $0.count } == 1000)
    #expect(!overlapped.withLock { $0 })
    for task in 0..<4 {
      let sent = received.withLock { $0 }.filter { $0 / 1000 == task }
      #expect(sent == (0..<250).map { task * 1000 + $0 })
    }
    _ = cancellable
  }
}
