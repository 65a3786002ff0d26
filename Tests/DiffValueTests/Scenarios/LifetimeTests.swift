import DiffValue
import DiffValueTesting
import Dispatch
import Foundation
import Observation
import TestSupport
import Testing

/// What a subscription, a hook, an observation or a list updater holds goes when the user
/// lets go of it.
///
/// Issue 35: each test captures an object in a subscription, a hook, an `observe { }` token, an
/// `Observations` sequence, a list updater or an Observation registration, lets go of the holder,
/// and checks with a weak reference that the object is gone. `.ci/run` also runs the suite under LeakSanitizer.
@Suite struct LifetimeTests {
  /// What the closures capture.
  final class Captured: Sendable {}

  /// Lets a pipeline's closures capture `captured`, subscribes, and returns the subscription.
  static func subscribe(
    _ model: PersonModel, capturing captured: Captured, through pipeline: Int
  ) -> AnyCancellable {
    let queue = DispatchQueue(label: "lifetime")
    let names = model.$person.map { [captured] in
      _ = captured
      return $0.name
    }
    switch pipeline {
    case 0: return names.sink { _ in }
    case 1: return names.receive(on: queue).sink { _ in }
    case 2: return names.debounce(for: .milliseconds(1), scheduler: queue).sink { _ in }
    case 3: return names.combineLatest(model.$other).sink { _ in }
    case 4: return names.flatMap { Just($0) }.sink { _ in }
    case 5: return model.$person.map { _ in names }.switchToLatest().sink { _ in }
    case 6: return names.share().sink { _ in }
    case 7: return names.singleReplay().sink { _ in }
    default: return names.delay(for: .milliseconds(1), scheduler: queue).sink { _ in }
    }
  }

  @Test(arguments: 0..<9)
  func aCancelledOrReleasedSubscriptionLetsGoOfItsClosures(pipeline: Int) {
    let model = PersonModel()
    for cancels in [true, false] {
      var captured: Captured? = Captured()
      weak let released = captured
      var subscription: AnyCancellable? = Self.subscribe(
        model, capturing: captured!, through: pipeline)
      captured = nil
      model.person.name = "Ada \(cancels)"
      if cancels { subscription?.cancel() } else { subscription = nil }
      // A queue's block may still hold the closures for a moment after the cancel.
      #expect(eventually { released == nil }, "pipeline \(pipeline), cancels: \(cancels)")
      _ = subscription
    }
  }

  @Test func aCancelledHookLetsGoOfItsClosure() {
    final class Target {}
    let model = PersonModel()
    let target = Target()
    var captured: Captured? = Captured()
    weak let released = captured
    let hook = model.$person.add(
      \.name, target: target, hook: .closure { [captured] _ in _ = captured })
    captured = nil
    model.person.name = "Ada"
    hook.cancel()
    #expect(released == nil)
  }

  @Test func aHookWhoseTargetIsGoneLetsGoAtTheNextChange() {
    final class Target {}
    let model = PersonModel()
    var target: Target? = Target()
    var captured: Captured? = Captured()
    weak let released = captured
    model.$person.add(\.name, target: target!, hook: .closure { [captured] _ in _ = captured })
    captured = nil
    target = nil
    model.person.name = "Ada"
    #expect(released == nil)
    _ = target
  }

  @Test func anObservationsSequenceLetsGoOfItsClosureWhenItsTaskEnds() async {
    let model = PersonModel()
    var captured: Captured? = Captured()
    weak let released = captured
    let task = Task { [captured] in
      for await _ in Observations({ [captured] in
        _ = captured
        return model.person.name
      }) {}
    }
    captured = nil
    model.person.name = "Ada"
    task.cancel()
    await task.value
    #expect(await waitUntil { released == nil })
  }

  /// A registration Observation was never told of lives as long as what was read: it goes with
  /// the model.
  @Test func aTrackingNeverToldGoesWithTheModel() {
    var model: PersonModel? = PersonModel()
    var captured: Captured? = Captured()
    weak let released = captured
    weak let releasedModel = model
    withObservationTracking {
      _ = model!.person
      _ = model!.$person[\.name]
    } onChange: { [captured] in
      _ = captured
    }
    captured = nil
    #expect(released != nil)
    model = nil
    #expect(releasedModel == nil)
    #expect(released == nil)
  }

  @Test func aTrackingToldOnceIsLetGo() {
    let model = PersonModel()
    var captured: Captured? = Captured()
    weak let released = captured
    withObservationTracking {
      _ = model.$person[\.name]
    } onChange: { [captured] in
      _ = captured
    }
    captured = nil
    model.person.name = "Ada"
    #expect(released == nil)
  }

  /// A list's change feed subscribes to the property's relay, which the property's machinery
  /// keeps: when the property goes, the feed goes too, and with it the relay and the value.
  @Test(arguments: [false, true])
  func aListChangeFeedGoesWithItsProperty(stillSubscribed: Bool) {
    final class Row: Hashable, Diffable, Sendable {
      static func == (lhs: Row, rhs: Row) -> Bool { lhs === rhs }
      func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
    final class Model {
      @Diff var rows: [Row] = [Row()]
    }
    var model: Model? = Model()
    weak let released = model!.rows.first
    var subscription: AnyCancellable? = model!.$rows.listChanges.sink { _ in }
    model!.rows.append(Row())
    if !stillSubscribed { subscription = nil }
    model = nil
    #expect(released == nil)
    _ = subscription
  }

  @MainActor @Test func aReleasedUpdaterAndItsViewGoWithTheirSubscription() {
    final class Model {
      @Diff var items: [Int] = [1, 2, 3]
    }
    let model = Model()
    var view: SimulatedListView<String, Int>? = SimulatedListView(showingItems: [1, 2, 3]) { [] }
    var updater: ListUpdater<Int>? = ListUpdater(view: view!, items: [1, 2, 3])
    weak let releasedUpdater = updater
    weak let releasedView = view
    var subscription: AnyCancellable? = updater!.bind(to: model.$items)
    model.items = [3, 2, 1]
    updater = nil
    view = nil
    // The binding holds the updater weakly: the screen that owns it decides.
    #expect(releasedUpdater == nil)
    #expect(releasedView == nil)
    model.items = [2]
    subscription = nil
    model.items = [1]  // nothing left to call
    _ = (subscription, updater, view)
  }
}
