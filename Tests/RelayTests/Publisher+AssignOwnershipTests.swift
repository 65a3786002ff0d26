import Relay
import Testing

/// CombineExt's `AssignOwnershipTests`, ported: what each ownership keeps alive, told by a
/// weak reference rather than a retain count.
@Suite struct AssignOwnershipTests {
  final class Target {
    var value1 = 0
    var value2 = 0
    var value3 = 0
  }

  /// Subscribes with one, two or three targets that are the same object, sends 10, and
  /// returns the subscription and a weak reference to the object once the test let it go.
  static func assign(
    _ count: Int, ownership: ObjectOwnership, relay: PassthroughRelay<Int>
  ) -> (AnyCancellable, () -> Target?) {
    var target: Target? = Target()
    let weakTarget = { [weak target] in target }
    let object = target!
    let cancellable =
      switch count {
      case 1: relay.assign(to: \.value1, on: object, ownership: ownership)
      case 2:
        relay.assign(to: \.value1, on: object, and: \.value2, on: object, ownership: ownership)
      default:
        relay.assign(
          to: \.value1, on: object, and: \.value2, on: object, and: \.value3, on: object,
          ownership: ownership)
      }
    relay.send(10)
    #expect([object.value1, object.value2, object.value3].filter { $0 == 10 }.count == count)
    target = nil
    return (cancellable, weakTarget)
  }

  @Test(arguments: [1, 2, 3]) func strongKeepsTheObject(count: Int) {
    let relay = PassthroughRelay<Int>()
    let (cancellable, target) = Self.assign(count, ownership: .strong, relay: relay)
    #expect(target() != nil)
    relay.send(20)
    #expect(target()?.value1 == 20)
    cancellable.cancel()
    #expect(target() == nil)
  }

  @Test(arguments: [1, 2, 3]) func weakLetsTheObjectGo(count: Int) {
    let relay = PassthroughRelay<Int>()
    let (cancellable, target) = Self.assign(count, ownership: .weak, relay: relay)
    #expect(target() == nil)
    relay.send(20)  // dropped
    _ = cancellable
  }

  @Test(arguments: [1, 2, 3]) func unownedLetsTheObjectGo(count: Int) {
    let relay = PassthroughRelay<Int>()
    let (cancellable, target) = Self.assign(count, ownership: .unowned, relay: relay)
    #expect(target() == nil)
    cancellable.cancel()
  }
}
