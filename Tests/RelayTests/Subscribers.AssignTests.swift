import Relay
import Testing

/// OpenCombine's `AssignTests`, ported; the weak form's own cases are in `WeakAssignTests`.
@Suite struct AssignTests {
  final class TestObject: @unchecked Sendable {
    var value = 0
    var onDeinit: (() -> Void)?
    deinit { onDeinit?() }
  }

  /// `Assign` and `WeakAssign` are two classes with their own generic parameters, as in
  /// Combine: users' extensions of one name `Root` and never reach the other (this file would
  /// not compile otherwise: see the extensions at its end).
  @Test func assignAndWeakAssignAreDistinctTypesForExtensions() {
    let strong = Subscribers.Assign(object: TestObject(), keyPath: \TestObject.value)
    let weak = Subscribers.WeakAssign(object: TestObject(), keyPath: \TestObject.value)
    #expect(strong.form == "strong")
    #expect(weak.form == "weak")
    #expect(strong.writesToATestObject)
    #expect(String(describing: type(of: strong)) == "Assign<TestObject, Int>")
  }

  @Test func description() {
    let assign = Subscribers.Assign(object: TestObject(), keyPath: \TestObject.value)
    #expect(assign.description == "Assign TestObject.")
  }

  @Test func keepsTheFirstSubscriptionOnly() {
    let assign = Subscribers.Assign(object: TestObject(), keyPath: \TestObject.value)
    let subscription1 = TestSubscription()
    assign.receive(subscription: subscription1)
    #expect(subscription1.history == [.requested(.unlimited)])
    let subscription2 = TestSubscription()
    assign.receive(subscription: subscription2)
    #expect(subscription2.history == [.cancelled])
    assign.receive(subscription: subscription1)
    #expect(subscription1.history == [.requested(.unlimited), .cancelled])
    assign.receive(completion: .finished)
    let subscription3 = TestSubscription()
    assign.receive(subscription: subscription3)
    #expect(subscription3.history == [.cancelled])
    assign.cancel()
    #expect(subscription1.history == [.requested(.unlimited), .cancelled])
  }

  @Test func writesValuesWhileSubscribed() {
    let object = TestObject()
    let assign = Subscribers.Assign(object: object, keyPath: \TestObject.value)
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, Never>(subscription: subscription)
    #expect(assign.receive(12) == .none)
    #expect(object.value == 0)
    publisher.subscribe(assign)
    #expect(publisher.send(42) == .none)
    #expect(object.value == 42)
    publisher.send(completion: .finished)
    #expect(assign.object == nil)
    #expect(assign.receive(100) == .none)
    #expect(object.value == 42)
    publisher.subscribe(assign)
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
  }

  /// A relay assigned to an object the test then lets go of, with `assign`; 42 is sent and
  /// written first.
  ///
  /// Whether the object is released is up to the subscription.
  static func assignToAnObjectLetGo(
    _ assign: (PassthroughRelay<Int>, TestObject) -> AnyCancellable
  ) -> (relay: PassthroughRelay<Int>, cancellable: AnyCancellable, isReleased: () -> Bool) {
    let relay = PassthroughRelay<Int>()
    var released = false
    let cancellable: AnyCancellable
    do {
      let object = TestObject()
      object.onDeinit = { released = true }
      cancellable = assign(relay, object)
      relay.send(42)
      #expect(object.value == 42)
    }
    return (relay, cancellable, { released })
  }

  @Test func operatorHoldsTheObjectUntilCancelled() {
    let (relay, cancellable, isReleased) = Self.assignToAnObjectLetGo {
      $0.assign(to: \.value, on: $1)
    }
    #expect(!isReleased())
    cancellable.cancel()
    #expect(isReleased())
    relay.send(1)
  }

  @Test func droppingTheCancellableCancels() {
    let relay = PassthroughRelay<Int>()
    let object = TestObject()
    _ = relay.assign(to: \.value, on: object)
    relay.send(100)
    #expect(object.value == 0)
  }
}

extension Subscribers.Assign {
  fileprivate var form: String { "strong" }
}

extension Subscribers.WeakAssign {
  fileprivate var form: String { "weak" }
}

extension Subscribers.Assign where Root == AssignTests.TestObject {
  fileprivate var writesToATestObject: Bool { true }
}
