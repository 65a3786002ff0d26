import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Refresh on demand for sections: items in every section, and whole sections.
@MainActor
@Suite struct SectionedListUpdaterRefreshingTests {
  @Test func itemsAreRefreshedInTheirSections() {
    let (updater, view) = makeSectioned([
      Group("a", items: items([1, 2])), Group("b", items: items([3, 1])),
    ])
    view.canReconfigureItems = true
    view.isBindable = { $0 == [1, 0] }
    var completed = false
    updater.reconfigureItems([1, 3]) { completed = true }
    #expect(completed)
    #expect(view.problems == [])
    #expect(
      view.events == [
        .batch(BatchUpdate()), .rebind([1, 0]), .reconfigure([0, 0]), .reconfigure([1, 1]),
      ])
  }

  @Test func aReloadReplacesTheCells() {
    let (updater, view) = makeSectioned([Group("a", items: items([1, 2]))])
    view.isBindable = { _ in true }
    updater.reloadItems([2])
    #expect(view.events == [.batch(BatchUpdate(reloads: [[0, 1]]))])
    #expect(view.problems == [])
  }

  /// A section is reloaded whole, though its header could be re-bound.
  @Test func aSectionIsReloadedWhole() {
    let (updater, view) = makeSectioned([
      Group("a", items: items([1])), Group("b", items: items([2])),
    ])
    view.hasBindableHeader = { _ in true }
    updater.reloadSections(["b", "z"])
    #expect(view.events == [.batch(BatchUpdate(sectionReloads: [1]))])
    #expect(view.problems == [])
  }

  /// During an animation, the refresh joins the change waiting: the item that moves to
  /// another section is refreshed where it goes.
  @Test func aRefreshJoinsAChangeThatMovesTheItemAcrossSections() {
    let old = [Group("a", items: items([1, 2])), Group("b", items: items([3]))]
    let (updater, view) = makeSectioned(old)
    view.completesImmediately = false
    view.isBindable = { _ in true }
    let middle = [Group("a", items: items([1, 2])), Group("b", items: items([3, 4]))]
    let new = [Group("a", items: items([2])), Group("b", items: items([3, 4, 1]))]
    updater.apply(SectionedListChange(old: old, new: middle))
    let cell = view.cellIdentity(at: [0, 0])
    updater.apply(SectionedListChange(old: middle, new: new))
    updater.reconfigureItems([1])
    view.finishAnimations()
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(view.cellIdentity(at: [1, 2]) == cell)
    #expect(view.rebound.last == [1, 2])
  }
}
