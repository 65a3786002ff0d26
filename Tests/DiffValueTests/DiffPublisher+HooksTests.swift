import DiffValue
import Dispatch
import RelayTestSupport
import TestSupport
import Testing

@Suite struct HookTests {
  final class Observed {
    @Diff(\.name) var profile = Profile(name: "start", age: 0)
  }

  final class Observer {
    var seen: [String] = []
    func nameChanged(_ name: String) { seen.append(name) }
  }

  @Test func methodHookGetsTheCurrentValueThenChangesOfItsPropertyOnly() {
    let observed = Observed()
    let observer = Observer()
    observed.$profile.add(\.name, target: observer, hook: .method(Observer.nameChanged))
    observed.profile.age = 3  // not the hooked property
    observed.profile.name = "next"
    observed.profile.name = "next"
    #expect(observer.seen == ["start", "next"])
  }

  @Test func equalValuesOfTheHookedPropertyDoNotCallIt() {
    final class Both {
      @Diff(\.name, \.age) var profile = Profile(name: "n", age: 0)
    }
    let both = Both()
    let observer = Observer()
    both.$profile.add(\.name, target: observer, hook: .method(Observer.nameChanged))
    both.profile.age = 1  // published, but the name did not change
    #expect(observer.seen == ["n"])
  }

  @Test func theHookStopsAndReleasesWhatItCapturedWhenTheTargetGoes() {
    final class Witness {}
    let observed = Observed()
    weak var weakWitness: Witness?
    var calls = 0
    do {
      let observer = Observer()
      let witness = Witness()
      weakWitness = witness
      observed.$profile.add(
        \.name, target: observer,
        hook: .closure { _ in
          calls += 1
          _ = witness
        })
      observed.profile.name = "while alive"
    }
    #expect(calls == 2)
    observed.profile.name = "after the target is gone"
    #expect(calls == 2)
    #expect(weakWitness == nil)
  }

  @Test func addingAnotherHookSweepsHooksWhoseTargetIsGone() {
    final class Witness {}
    let observed = Observed()
    weak var weakWitness: Witness?
    do {
      let observer = Observer()
      let witness = Witness()
      weakWitness = witness
      observed.$profile.add(\.name, target: observer, hook: .closure { _ in _ = witness })
    }
    let survivor = Observer()
    observed.$profile.add(\.name, target: survivor, hook: .method(Observer.nameChanged))
    #expect(weakWitness == nil)
  }

  @Test func cancellingTheHandleStopsTheHook() {
    let observed = Observed()
    let observer = Observer()
    let hook = observed.$profile.add(
      \.name, target: observer, hook: .method(Observer.nameChanged))
    hook.cancel()
    hook.cancel()
    observed.profile.name = "unseen"
    #expect(observer.seen == ["start"])
  }

  @Test func aNonEquatablePropertyIsDeliveredOnEachPublication() {
    struct Payload { var numbers: [Int] }  // not Equatable
    struct Box: Equatable {
      var id: Int
      var payload: Payload
      static func == (lhs: Box, rhs: Box) -> Bool { lhs.id == rhs.id }
    }
    final class Holder {
      @Diff(\.id) var box = Box(id: 0, payload: Payload(numbers: []))
    }
    let holder = Holder()
    let observer = Observer()
    var payloads: [[Int]] = []
    holder.$box.add(\.payload, target: observer, hook: .closure { payloads.append($0.numbers) })
    holder.box = Box(id: 1, payload: Payload(numbers: [1]))
    holder.box = Box(id: 2, payload: Payload(numbers: [1]))
    #expect(payloads == [[], [1], [1]])
  }

  @Test func hookOnAQueueRunsThere() async {
    let queue = DispatchQueue(label: "hooks")
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let observed = Observed()
    let observer = Observer()
    let onQueue = TrackingSubscriber<Bool, Never>(demand: .unlimited)
    observed.$profile.add(
      \.name, target: observer, on: queue,
      hook: .closure { _ in
        _ = onQueue.receive(DispatchQueue.getSpecific(key: key) == true)
      })
    observed.profile.name = "queued"
    queue.sync {}
    #expect(onQueue.values == [true, true])
    withExtendedLifetime(observer) {}
  }
}

@Suite struct HookLifetimeTests {
  final class Owner {
    @Diff(\.name) var profile = Profile(name: "start", age: 0)
  }

  final class Observer {
    func nameChanged(_: String) {}
  }

  @Test func theOwnerGoingAwayReleasesItsHooksAndWhatTheyCaptured() {
    final class Witness {}
    weak var weakWitness: Witness?
    weak var weakOwner: Owner?
    let observer = Observer()
    do {
      let owner = Owner()
      weakOwner = owner
      let witness = Witness()
      weakWitness = witness
      owner.$profile.add(\.name, target: observer, hook: .closure { _ in _ = witness })
      owner.$profile.add(\.name, target: observer, hook: .method(Observer.nameChanged))
    }
    #expect(weakOwner == nil)
    #expect(weakWitness == nil)
  }
}
