import Relay
import Testing

/// CombineExt's `AssignToManyTests`, ported.
@Suite struct AssignToManyTests {
  final class Target {
    var value = 0
    var text = ""
  }

  @Test func writesToTwoObjects() {
    let relay = PassthroughRelay<Int>()
    let (first, second) = (Target(), Target())
    let cancellable = relay.assign(to: \.value, on: first, and: \.value, on: second)
    relay.send(3)
    #expect((first.value, second.value) == (3, 3))
    cancellable.cancel()
    relay.send(4)
    #expect((first.value, second.value) == (3, 3))
  }

  @Test func writesToThreeObjects() {
    let relay = PassthroughRelay<Int>()
    let targets = (Target(), Target(), Target())
    let cancellable = relay.map { $0 }.assign(
      to: \.value, on: targets.0, and: \.value, on: targets.1, and: \.value, on: targets.2)
    relay.send(7)
    #expect([targets.0.value, targets.1.value, targets.2.value] == [7, 7, 7])
    _ = cancellable
  }
}
