import Relay
import Testing

/// The weak form of `assign`, `assign(to:onWeak:)`: it holds the object weakly and stops
/// when the object is gone.
@Suite struct WeakAssignTests {
  @Test func weakFormDoesNotKeepTheObject() {
    let (relay, cancellable, isReleased) = AssignTests.assignToAnObjectLetGo {
      $0.assign(to: \.value, onWeak: $1)
    }
    #expect(isReleased())
    relay.send(1)  // finds the object gone and cancels itself
    #expect(!relay.hasSubscribers)
    _ = cancellable
  }

  @Test func weakFormBreaksTheViewModelCycle() {
    final class ViewModel: @unchecked Sendable {
      let relay = CurrentValueRelay(1)
      var mirrored = 0
      var subscriptions = Set<AnyCancellable>()
      var onDeinit: (() -> Void)?
      init() { relay.assign(to: \.mirrored, onWeak: self).store(in: &subscriptions) }
      deinit { onDeinit?() }
    }
    var released = false
    do {
      let model = ViewModel()
      model.onDeinit = { released = true }
      model.relay.send(5)
      #expect(model.mirrored == 5)
    }
    #expect(released)
  }
}
