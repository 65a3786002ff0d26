import DiffValue

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A list view that applies batch updates with UIKit's rules, for tests of list screens on any
/// platform.
///
/// It keeps what a real table or collection view would show, cell by cell. Each batch is
/// replayed with `BatchUpdateChecker.apply` against what the view showed before and the data
/// source after the batch: a rule UIKit would raise `NSInternalInconsistencyException` for is
/// recorded in `problems`, and so is a batch after which the view shows anything but its data
/// source, a batch that starts while another animates or while the data source no longer
/// matches the screen, an animated batch while the view is not in a window (an animation
/// nobody sees), and a cell or header re-bound outside a batch (UIKit would leave its height as
/// it was).
///
/// Cells keep an identity across batches as UIKit's do: a kept or moved cell keeps it, an
/// inserted or reloaded one gets a new one (`cellIdentity(at:)`). Cells that `isOnScreen` and
/// `isBindable` accept are `ListBindable`, and so are the headers `hasBindableHeader` accepts;
/// re-binding one changes what it shows. With `completesImmediately` off, a batch's completion
/// waits for `finishAnimations()`, as a real animation would.
///
/// ```swift
/// var updater: ListUpdater<Contact>!
/// let view = SimulatedListView(showingItems: contacts) { updater.items }
/// updater = ListUpdater(view: view, items: contacts)
/// updater.apply(ListChange(old: contacts, new: newContacts))
/// #expect(view.problems.isEmpty)
/// #expect(view.shownItems == newContacts)
/// ```
///
/// Sections and items are compared with `==`: use types whose `==` agrees with their identity
/// and content.
@MainActor
public final class SimulatedListView<Model: Equatable, Item: Equatable>: ListView {
  /// What the view did, in order.
  public enum Event: Equatable, CustomStringConvertible {
    /// A batch update, as the view received it.
    case batch(BatchUpdate)
    /// A full reload.
    case reload
    /// A visible cell shown a new item in place; its index path after the batch.
    case rebind(IndexPath)
    /// A section's header shown the section's new value in place; its index after the batch.
    case rebindHeader(section: Int)
    /// A cell reconfigured in place (`reconfigureRows(at:)`); its index path after the batch.
    case reconfigure(IndexPath)

    /// A readable form.
    public var description: String {
      switch self {
      case .batch(let update): "batch \(update)"
      case .reload: "reload"
      case .rebind(let indexPath): "rebind \(indexPath)"
      case .rebindHeader(let section): "rebind header \(section)"
      case .reconfigure(let indexPath): "reconfigure \(indexPath)"
      }
    }
  }

  /// What the view shows.
  public internal(set) var shown: [ListSection<Model, Item>]
  /// What the view did.
  public private(set) var events: [Event] = []
  /// The animation of each batch, in order.
  public private(set) var animations: [ListAnimation] = []
  /// Every rule broken, in order.
  public internal(set) var problems: [String] = []
  /// The data source, read at the start of each batch and after its data was swapped.
  public var dataSource: () -> [ListSection<Model, Item>]
  /// Whether a batch's completion runs at once, or waits for `finishAnimations()`.
  public var completesImmediately = true
  /// Which index paths of what is shown are on screen; the others have no cell.
  public var isOnScreen: (IndexPath) -> Bool = { _ in true }
  /// Which index paths show a cell that conforms to `ListBindable`.
  public var isBindable: (IndexPath) -> Bool = { _ in false }
  /// Which sections show a header that conforms to `ListBindable`.
  public var hasBindableHeader: (Int) -> Bool = { _ in false }
  /// Whether the view is in a window.
  public var isInWindow = true
  /// Whether the view reconfigures cells in place, as UIKit's do from iOS 15 on; `false` by
  /// default, as AppKit's views (changed plain cells are then reloaded).
  public var canReconfigureItems = false
  /// The height of every row, in points, in the view's scrolling model.
  ///
  /// Rows are stacked section after section, without headers. It must be positive.
  public var rowHeight = 44.0
  /// The height of the visible area, in points.
  public var visibleHeight = 440.0
  /// How far the content is scrolled, in points, from its top to the top of the visible area.
  ///
  /// As a scroll view's, it stays put through a batch unless the content becomes too short for
  /// it, and `scroll(to:)` moves it.
  public var contentOffset = 0.0

  private var sectionIdentities: [Int] = []
  var cellIdentities: [[Int]] = []
  private var lastIdentity = 0
  /// Where each cell is, built on the first search after the identities change.
  var cellPositions: [Int: IndexPath]?
  /// The data source an updater made from a cell provider, if any.
  var listDataSource: ListDataSource<SimulatedCell, SimulatedCell>?
  /// The data source an updater made from a row-and-column cell provider, if any.
  var listRowDataSource: ListRowDataSource<Int, SimulatedCell, SimulatedCell>?
  /// The cells the cell provider made, by identity.
  var providedCells: [Int: SimulatedCell] = [:]
  private var runningAnimations: [(Bool) -> Void] = []
  private var isSwappingData = false
  private var rebinds: [(cell: Int, item: Item)] = []
  private var headerRebinds: [(section: Int, model: Model)] = []

  /// Creates a view showing `shown`, reading `dataSource` during updates.
  ///
  /// - Parameters:
  ///   - shown: What the view shows now.
  ///   - dataSource: The data the view's data source returns.
  public init(
    showing shown: [ListSection<Model, Item>],
    dataSource: @escaping () -> [ListSection<Model, Item>]
  ) {
    self.shown = shown
    self.dataSource = dataSource
    resetIdentities()
  }

  /// Whether a batch's animations are still running.
  public var isAnimating: Bool { !runningAnimations.isEmpty }

  /// The identity of the cell at an index path of what is shown: the same number before and
  /// after a batch means the same cell, kept or moved.
  ///
  /// - Parameter indexPath: An index path of what is shown.
  /// - Returns: The cell's identity, or `nil` outside what is shown.
  public func cellIdentity(at indexPath: IndexPath) -> Int? {
    guard contains(indexPath) else { return nil }
    return cellIdentities[indexPath[0]][indexPath[1]]
  }

  /// Applies the batch with UIKit's rules and records it.
  public func performListUpdate(
    _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    performListUpdate(
      update, reconfiguring: [], animation: animation, updatingData: updatingData,
      completion: completion)
  }

  /// Applies the batch with UIKit's rules and records it; the cells at `reconfiguring` (index
  /// paths before the batch) stay and show their new items, wherever the batch moves them.
  public func performListUpdate(
    _ update: BatchUpdate, reconfiguring: [IndexPath], animation: ListAnimation,
    updatingData: () -> Void, completion: @escaping (Bool) -> Void
  ) {
    let reconfigured = reconfiguredCells(reconfiguring, in: update)
    if !isInWindow, animation.isAnimated {
      problems.append("an animated batch update while the view is not in a window")
    }
    if isAnimating { problems.append("a batch started while another was animating") }
    if dataSource() != shown {
      problems.append("the data source changed outside a batch: \(dataSource()) vs \(shown)")
    }
    let before = shown
    rebinds = []
    headerRebinds = []
    isSwappingData = true
    updatingData()
    isSwappingData = false
    let reference = dataSource()
    events.append(.batch(update))
    animations.append(animation)
    switch BatchUpdateChecker.apply(update, to: before, reference: reference) {
    case .success(let after):
      shown = after
      moveIdentities(through: update, reference: reference)
      applyRebinds()
      applyReconfigures(reconfigured, reference: reference)
      if shown != reference {
        problems.append("after \(update) the view shows \(shown), not \(reference)")
      }
      keepContentOffsetInContent()
    case .failure(let violation):
      problems.append("\(violation) in \(update)")
      shown = reference
      resetIdentities()
    }
    if completesImmediately {
      completion(true)
    } else {
      runningAnimations.append(completion)
    }
  }

  /// Swaps the data and shows all of it, with new cells.
  public func reloadList(updatingData: () -> Void) {
    if isAnimating { problems.append("a reload started while a batch was animating") }
    updatingData()
    shown = dataSource()
    resetIdentities()
    keepContentOffsetInContent()
    events.append(.reload)
  }

  /// The cell at an index path of what is shown, if it is on screen and bindable.
  public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
    guard contains(indexPath), isOnScreen(indexPath), isBindable(indexPath) else { return nil }
    return Bindable(
      view: self, identity: cellIdentities[indexPath[0]][indexPath[1]], isHeader: false)
  }

  /// The section's header, if `hasBindableHeader` accepts it.
  public func bindableSupplementaryViews(inSection section: Int) -> [any ListBindable]? {
    guard shown.indices.contains(section), hasBindableHeader(section) else { return nil }
    return [Bindable(view: self, identity: sectionIdentities[section], isHeader: true)]
  }

  /// Ends the running animations: runs the waiting completions in order, including those of
  /// batches they start.
  public func finishAnimations() {
    while finishNextAnimation() {}
  }

  /// Ends the oldest running animation, running its completion.
  ///
  /// - Returns: Whether an animation was running.
  @discardableResult
  public func finishNextAnimation() -> Bool {
    guard !runningAnimations.isEmpty else { return false }
    runningAnimations.removeFirst()(true)
    return true
  }

  /// Forgets the recorded events and animations.
  public func clearEvents() {
    events = []
    animations = []
  }

  func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && shown.indices.contains(indexPath[0])
      && shown[indexPath[0]].items.indices.contains(indexPath[1])
  }

  private func newIdentity() -> Int {
    lastIdentity += 1
    return lastIdentity
  }

  private func resetIdentities() {
    cellPositions = nil
    providedCells = [:]
    sectionIdentities = shown.map { _ in newIdentity() }
    cellIdentities = shown.map { $0.items.map { _ in newIdentity() } }
  }

  /// Replays `update` on the identities: kept and moved cells keep theirs, the others are new.
  private func moveIdentities(through update: BatchUpdate, reference: [ListSection<Model, Item>]) {
    let before = zip(sectionIdentities, cellIdentities).map { ListSection($0, items: $1) }
    let fresh = reference.map { section in
      ListSection(newIdentity(), items: section.items.map { _ in newIdentity() })
    }
    guard case .success(let after) = BatchUpdateChecker.apply(update, to: before, reference: fresh)
    else { return resetIdentities() }
    sectionIdentities = after.map(\.model)
    cellIdentities = after.map(\.items)
    cellPositions = nil
  }

  /// The cells at `indexPaths` before `update`, which must be able to stay.
  private func reconfiguredCells(_ indexPaths: [IndexPath], in update: BatchUpdate) -> [Int] {
    if !indexPaths.isEmpty && !canReconfigureItems {
      problems.append("a reconfigure on a view that cannot reconfigure")
    }
    let replaced = Set(update.deletes + update.reloads + update.moves.map(\.from))
    return indexPaths.compactMap { indexPath in
      guard contains(indexPath), !replaced.contains(indexPath),
        !update.sectionDeletes.contains(indexPath[0]),
        !update.sectionReloads.contains(indexPath[0])
      else {
        problems.append("reconfigured \(indexPath), which \(update) removes or replaces")
        return nil
      }
      return cellIdentities[indexPath[0]][indexPath[1]]
    }
  }

  /// Shows the data source's items in the reconfigured cells, where the batch put them.
  private func applyReconfigures(_ cells: [Int], reference: [ListSection<Model, Item>]) {
    for cell in cells {
      guard let indexPath = position(ofCell: cell) else { continue }
      shown[indexPath[0]].items[indexPath[1]] = reference[indexPath[0]].items[indexPath[1]]
      events.append(.reconfigure(indexPath))
      // UIKit asks the cell provider again, which dequeues the same cell.
      if providedCells[cell] != nil { _ = listDataSource?.cell(at: indexPath) }
    }
  }

  /// Shows the items and headers re-bound during the batch, where their cells went.
  private func applyRebinds() {
    for (cell, item) in rebinds {
      guard let indexPath = position(ofCell: cell) else {
        problems.append("a cell re-bound with \(item) was removed or replaced by the batch")
        continue
      }
      shown[indexPath[0]].items[indexPath[1]] = item
      events.append(.rebind(indexPath))
    }
    for (identity, model) in headerRebinds {
      guard let section = sectionIdentities.firstIndex(of: identity) else {
        problems.append("a header re-bound with \(model) was removed or replaced by the batch")
        continue
      }
      shown[section].model = model
      events.append(.rebindHeader(section: section))
    }
    rebinds = []
    headerRebinds = []
  }

  private func position(ofCell identity: Int) -> IndexPath? {
    if cellPositions == nil {
      // One pass for the whole batch rather than one per cell: 100,000 rows stay quick.
      var positions: [Int: IndexPath] = [:]
      for (section, cells) in cellIdentities.enumerated() {
        for (item, cell) in cells.enumerated() {
          positions[cell] = IndexPath(indexes: [section, item])
        }
      }
      cellPositions = positions
    }
    return cellPositions?[identity]
  }

  fileprivate func rebind(cell identity: Int, to viewModel: Any) {
    guard let item = viewModel as? Item else {
      return problems.append("a cell re-bound with \(viewModel), not an item")
    }
    rebinds.append((identity, item))
    if !isSwappingData {
      // UIKit shows it, but measures the row again only in a batch: its height is stale.
      problems.append("a cell re-bound with \(item) outside a batch: its height stays stale")
      applyRebinds()
    }
  }

  fileprivate func rebind(header identity: Int, to viewModel: Any) {
    let model = (viewModel as? ListSection<Model, Item>)?.model ?? viewModel as? Model
    guard let model else {
      return problems.append("a header re-bound with \(viewModel), not a section")
    }
    headerRebinds.append((identity, model))
    if !isSwappingData {
      problems.append("a header re-bound with \(model) outside a batch: its height stays stale")
      applyRebinds()
    }
  }

  /// A visible cell or section header that records being re-bound.
  private final class Bindable: ListBindable {
    let view: SimulatedListView
    let identity: Int
    let isHeader: Bool
    init(view: SimulatedListView, identity: Int, isHeader: Bool) {
      self.view = view
      self.identity = identity
      self.isHeader = isHeader
    }
    func bindViewModel(_ viewModel: Any) {
      if isHeader {
        view.rebind(header: identity, to: viewModel)
      } else {
        view.rebind(cell: identity, to: viewModel)
      }
    }
  }
}

extension SimulatedListView where Model == String {
  /// A view of one section, named "list", for a flat list.
  ///
  /// - Parameters:
  ///   - items: What the view shows now.
  ///   - dataSource: The items the view's data source returns.
  public convenience init(showingItems items: [Item], dataSource: @escaping () -> [Item]) {
    self.init(showing: [ListSection("list", items: items)]) {
      [ListSection("list", items: dataSource())]
    }
  }

  /// The items of the one section a flat list shows.
  public var shownItems: [Item] { shown.first?.items ?? [] }
}
