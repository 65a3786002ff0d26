import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// The empty-state hook, for IGListKit's `emptyView(for:)` or a content-unavailable configuration.
///
/// It is called when the view comes to show no item and when it shows items again, once the
/// view has taken the change.
@MainActor
@Suite struct ListUpdaterEmptyTests {
  @Test func settingTheHookTellsTheStateAtOnce() {
    let (empty, _) = makeList([])
    var heard: [Bool] = []
    empty.onEmptyChange = { heard.append($0) }
    let (full, _) = makeList(items([1]))
    full.onEmptyChange = { heard.append($0) }
    #expect(heard == [true, false])
  }

  @Test func itIsCalledWhenTheViewEmptiesAndFillsAgainOnly() {
    let (updater, view) = makeList(items([1, 2]))
    var heard: [(isEmpty: Bool, shown: [Item])] = []
    updater.onEmptyChange = { heard.append(($0, view.shownItems)) }
    updater.apply(ListChange(old: items([1, 2]), new: items([2])))
    updater.apply(ListChange(old: items([2]), new: []))
    updater.apply(ListChange(old: [], new: items([3])))
    updater.apply(ListChange(old: items([3]), new: items([3, 4])))
    #expect(heard.map(\.isEmpty) == [false, true, false])
    #expect(heard.map(\.shown) == [items([1, 2]), [], items([3])])
    #expect(view.problems == [])
  }

  /// It runs as the batch starts, with the rows going, not after the animation.
  @Test func itRunsWithTheBatchNotAfterIt() {
    let (updater, view) = makeList(items([1]))
    view.completesImmediately = false
    var heard: [Bool] = []
    updater.onEmptyChange = { heard.append($0) }
    updater.apply(ListChange(old: items([1]), new: []))
    #expect(view.isAnimating)
    #expect(heard == [false, true])
    view.finishAnimations()
    #expect(heard == [false, true])
  }

  /// A reload (over the threshold, off-window with the reload policy) tells it too, and so
  /// does a row the user deleted.
  @Test func reloadsAndUserDeletesTellItToo() {
    let (updater, view) = makeList(items([1, 2]), threshold: 0)
    var heard: [Bool] = []
    updater.onEmptyChange = { heard.append($0) }
    updater.apply(ListChange(old: items([1, 2]), new: []))
    #expect(view.events == [.reload])
    updater.offWindowUpdates = .reload
    view.isInWindow = false
    updater.apply(ListChange(old: [], new: items([5])))
    view.simulateUserDelete(at: [0, 0])
    updater.applyAlreadyShown([])
    #expect(heard == [false, true, false, true])
    #expect(view.problems == [])
  }

  /// A change applied from inside the hook, a placeholder row, say, shows after the batch.
  @Test func theHookMayApplyAChange() {
    let (updater, view) = makeList(items([1]))
    var heard: [Bool] = []
    updater.onEmptyChange = { isEmpty in
      heard.append(isEmpty)
      if isEmpty { updater.show(items([99])) }
    }
    updater.apply(ListChange(old: items([1]), new: []))
    #expect(heard == [false, true, false])
    #expect(view.shownItems == items([99]))
    #expect(view.problems == [])
  }

  /// A sectioned list is empty when no section holds an item, its headers notwithstanding.
  @Test func aSectionedListIsEmptyWhenNoSectionHoldsAnItem() {
    let (updater, view) = makeSectioned([Group("a", items: [Item(1)])])
    var heard: [Bool] = []
    updater.onEmptyChange = { heard.append($0) }
    let emptied = [Group("a", items: []), Group("b", items: [])]
    updater.apply(SectionedListChange(old: [Group("a", items: [Item(1)])], new: emptied))
    updater.apply(SectionedListChange(old: emptied, new: [Group("b", items: [Item(2)])]))
    #expect(heard == [false, true, false])
    #expect(view.problems == [])
  }
}
