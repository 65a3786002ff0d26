import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import TestSupport
import Testing

/// A screen as UIKit has it: it owns the updater and the view, and the view's data source
/// refers back to it weakly (UIKit's `dataSource` is weak).
@MainActor
final class Screen<Updater: AnyObject, Model: Equatable> {
  final class Reference {
    weak var updater: Updater?
  }

  let view: SimulatedListView<Model, Item>
  let updater: Updater

  init(
    showing shown: [ListSection<Model, Item>],
    dataSource: @escaping (Updater) -> [ListSection<Model, Item>],
    updater make: (SimulatedListView<Model, Item>) -> Updater
  ) {
    let reference = Reference()
    view = SimulatedListView(showing: shown) { reference.updater.map(dataSource) ?? [] }
    updater = make(view)
    reference.updater = updater
  }
}

typealias ListScreen = Screen<ListUpdater<Item>, String>
typealias SectionedScreen = Screen<SectionedListUpdater<Group>, String>

extension Screen where Updater == ListUpdater<Item>, Model == String {
  convenience init(_ items: [Item]) {
    self.init(
      showing: [ListSection("list", items: items)],
      dataSource: { [ListSection("list", items: $0.items)] },
      updater: { ListUpdater(view: $0, items: items) })
  }
}

extension Screen where Updater == SectionedListUpdater<Group>, Model == String {
  convenience init(_ sections: [Group]) {
    self.init(
      showing: sections, dataSource: { $0.sections },
      updater: { SectionedListUpdater(view: $0, sections: sections) })
  }
}

/// Defect 2: releasing a screen at any moment must never crash and never call the view again.
@MainActor
@Suite struct ListUpdaterLifetimeTests {
  /// `updater.apply(ab) { screen = nil }; updater.apply(bc)`, then the first animation ends:
  /// "Attempted to read an unowned reference" before the fix.
  @Test func releasedInsideACompletionWithAChangeQueued() {
    var screen: ListScreen? = ListScreen(items([1, 2]))
    weak let updater = screen?.updater
    let view = screen!.view
    view.completesImmediately = false
    var laterCompletions = 0
    screen!.updater.apply(ListChange(old: items([1, 2]), new: items([2, 1]))) { screen = nil }
    screen!.updater.apply(ListChange(old: items([2, 1]), new: items([2]))) {
      laterCompletions += 1
    }
    view.finishAnimations()
    #expect(updater == nil)
    #expect(view.events.count == 1)  // the queued change never reached the view
    #expect(laterCompletions == 0)
    #expect(view.problems == [])
  }

  @Test func sectionedReleasedInsideACompletionWithAChangeQueued() {
    let a = [Group("a", items: [Item(1)]), Group("b", items: [])]
    let b = [Group("b", items: [Item(1)]), Group("a", items: [])]
    let c = [Group("b", items: [])]
    var screen: SectionedScreen? = SectionedScreen(a)
    weak let updater = screen?.updater
    let view = screen!.view
    view.completesImmediately = false
    screen!.updater.apply(SectionedListChange(old: a, new: b)) { screen = nil }
    screen!.updater.apply(SectionedListChange(old: b, new: c))
    let batchesBefore = view.batches.count
    view.finishAnimations()
    #expect(updater == nil)
    #expect(view.batches.count <= 2 && view.batches.count >= batchesBefore)
    #expect(!view.isAnimating)
    #expect(view.problems == [])
  }

  /// Released between the stages of a change: the stages left never run.
  @Test func releasedBetweenStages() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let new = [Group("b", items: [Item(3, revision: 1), Item(1)]), Group("a", items: [Item(2)])]
    var screen: SectionedScreen? = SectionedScreen(old)
    let view = screen!.view
    view.completesImmediately = false
    screen!.updater.apply(SectionedListChange(old: old, new: new))
    #expect(view.batches.count == 1)
    #expect(view.isAnimating)
    screen = nil
    view.finishAnimations()
    #expect(view.batches.count == 1)
    #expect(view.problems == [])
  }

  /// Released while a batch animates: its completion finds nothing to do.
  @Test func releasedDuringAnAnimation() {
    var screen: ListScreen? = ListScreen(items([1, 2, 3]))
    let view = screen!.view
    view.completesImmediately = false
    var completed = false
    screen!.updater.apply(ListChange(old: items([1, 2, 3]), new: items([3, 2, 1]))) {
      completed = true
    }
    screen!.updater.apply(ListChange(old: items([3, 2, 1]), new: items([1])))
    screen = nil
    view.finishAnimations()
    #expect(!completed)
    #expect(view.events.count == 1)
  }

  /// A binding whose changes wait on the main queue: cancelled, then the screen released;
  /// the hop finds nothing to apply.
  @Test func releasedWithChangesOnTheMainQueue() async {
    let model = SharedItemsModel()
    var screen: ListScreen? = ListScreen(model.items)
    let view = screen!.view
    let subscription = screen!.updater.bind(to: model.$items)
    // Written on another thread while the main thread waits: the change hops to the main
    // queue, where it waits until this test yields.
    runConcurrently(threads: 1) { _ in model.items = items([3, 2, 1]) }
    subscription.cancel()
    screen = nil
    for _ in 0..<100 { await Task.yield() }
    #expect(view.events == [])
    #expect(view.problems == [])
  }
}

/// A model written from other threads: `@Diff` properties are thread-safe.
final class SharedItemsModel: @unchecked Sendable {
  // `items` is a @Diff property, whose storage is thread-safe; nothing else is mutable.
  @Diff var items: [Item] = [Item(1), Item(2), Item(3)]
}
