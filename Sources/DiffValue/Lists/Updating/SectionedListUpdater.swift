#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps a sectioned list view in step with a list of sections: each change becomes the
/// stages of batch updates that UIKit accepts, each with its data swapped inside the batch.
///
/// It behaves as `ListUpdater`, stage by stage; the data source must read `sections`. Items may
/// move across sections. With the default `staging`, a moved item's `ListBindable` cell slides to
/// its new place and is re-bound in a last, unanimated batch; a section whose own content changed
/// re-binds its `ListBindable` header and footer (see
/// `ListView.bindableSupplementaryViews(inSection:)`) instead of being reloaded whole. A change
/// that arrives in the middle of a change's stages drops the stages left: the view goes straight to
/// the latest sections. See <doc:ListsAndBatchUpdates>.
@MainActor
public final class SectionedListUpdater<Section: DiffableSection> {
  /// The sections the view's data source must show.
  public var sections: [Section] { queue.shown }

  /// Above this many operations a change reloads the view instead of animating.
  public var reloadThreshold: Int {
    didSet {
      precondition(
        reloadThreshold >= 0, "SectionedListUpdater: reloadThreshold must not be negative")
    }
  }

  /// How the diffs the updater computes itself split what UIKit cannot take in one batch.
  public var staging = SectionedListDiff<Section>.Staging.preservingMoves

  /// How animated batches animate; a change applied with `animated: false` does not.
  public var animation = ListAnimation.automatic

  /// What a change does while the view is not in a window: by default a batch update without
  /// animation; `.reload` reloads the view instead, as IGListKit did before its version 5.
  public var offWindowUpdates = ListOffWindowUpdates.batch

  /// Whether a batch keeps the first visible item where it is on screen, as a chat or a feed
  /// needs when older or newer items arrive above what the user reads (Carbon's
  /// `keepsContentOffset`, anchored on an item rather than on a content offset).
  ///
  /// When `true`, the updater asks the view for its visible items before each batch, takes the
  /// first one the batch keeps, and once the batch has started scrolls the view, without
  /// animation, so that this item is as far below the top of the visible area as it was: the
  /// items inserted or deleted above it move the content above the screen, not what the user
  /// sees. `UITableView`, `UICollectionView` and `NSTableView` in a scroll view do it
  /// (`SimulatedListView` too); `NSCollectionView` and views of your own keep their content
  /// offset unless they implement `scroll(to:)`. A change shown as a reload keeps the content
  /// offset. `false` by default.
  public var keepsFirstVisibleItemInPlace = false

  /// Whether to reload instead of animating a change, besides `reloadThreshold`.
  ///
  /// It is asked on the main thread at most once per transition, with the change from what the view
  /// shows to the sections it must show.
  public var shouldReload: ((SectionedListChange<Section>) -> Bool)?

  /// Called in debug builds with a batch update UIKit would reject, before the view receives it.
  ///
  /// The updater reloads instead. When `nil`, the report is printed.
  public var onInvalidBatch: ((InvalidBatch) -> Void)?

  /// What the updater calls when cells appear and disappear and when the view prefetches, each
  /// with its items, as your delegate reports them to `cellDisplay`.
  public var displayHandlers = ListDisplayHandlers<Section.Item>()
  /// Where your view's delegate reports the cells it displays and the items it prefetches.
  public private(set) lazy var cellDisplay = ListCellDisplay<Section.Item>(
    .init(
      item: { [weak self] in self?.item(at: $0) },
      indexPath: { [weak self] in self?.indexPath(forIdentifier: $0) },
      handlers: { [weak self] in self?.displayHandlers }))
  /// The items whose cells the view displays, in its order, as `cellDisplay` heard of them.
  public var visibleItems: [Section.Item] { cellDisplay.visibleItems }

  /// Called on the main thread with `true` when the view comes to show no item, and with
  /// `false` when it shows items again: show an empty view, or a content-unavailable
  /// configuration, while it is empty.
  ///
  /// Setting it calls it at once with whether the view shows no item now, so that the empty
  /// view is right from the start. After a change it is called once the view has taken the
  /// change (inside the batch's animation, as its rows go or come, or after a reload).
  ///
  /// ```swift
  /// updater.onEmptyChange = { [weak self] isEmpty in
  ///   self?.contentUnavailableConfiguration =
  ///     isEmpty ? UIContentUnavailableConfiguration.empty() : nil
  /// }
  /// ```
  public var onEmptyChange: ((Bool) -> Void)? {
    didSet { onEmptyChange?(sections.allSatisfy(\.items.isEmpty)) }
  }

  var queue: ListUpdateQueue<SectionedListUpdater>!
  /// The data source made from a cell provider, and what its view needs kept alive.
  var dataSource: (source: AnyObject, bridge: AnyObject?)?

  /// What the updater does when the user moves an item in the view it serves as data source.
  public var reorderingHandlers = ListReorderingHandlers<
    Section.Item, SectionedListChange<Section>
  >()
  /// What the updater does when the user deletes an item in the table view it serves as data
  /// source.
  public var editingHandlers = ListEditingHandlers<Section.Item, SectionedListChange<Section>>()
  /// The title of a section in a table view's section index, or `nil` to leave the section
  /// out; the index shows while it is set, and a tap on a title goes to its section.
  ///
  /// ```swift
  /// updater.sectionIndexTitle = { String($0.model.name.prefix(1)) }
  /// ```
  public var sectionIndexTitle: ((Section) -> String?)?
  /// What the updater does when an item of an outline is expanded or collapsed through it.
  public var sectionSnapshotHandlers = ListSectionSnapshotHandlers<Section.Item>()
  /// The outlines last applied to sections, by section identifier; each holds while its section
  /// shows the items it submitted.
  var outlineStates: [Section.DiffIdentifier: ListOutlineState<Section.Item>] = [:]
  /// The index paths of the identifiers shown, for the lookups.
  var lookupTable = ListLookupTable<Section.Item.DiffIdentifier>()
  /// Counts the changes of what the view shows.
  var shownRevision: Int { queue.shownRevision }

  /// Creates an updater for a view that shows `sections` now.
  ///
  /// - Parameters:
  ///   - view: The list view. The updater holds it.
  ///   - sections: The sections the view shows now.
  ///   - reloadThreshold: Above this many operations a change reloads the view.
  public init(view: any ListView, sections: [Section], reloadThreshold: Int = 300) {
    precondition(
      reloadThreshold >= 0, "SectionedListUpdater: reloadThreshold must not be negative")
    self.reloadThreshold = reloadThreshold
    queue = ListUpdateQueue(view: view, shown: sections, planner: self)
  }

  /// Whether a change is being applied; changes applied meanwhile are shown after it, together.
  public var isUpdating: Bool { queue.isBusy }

  /// Shows a change: its stages in order, or a reload.
  ///
  /// - Parameters:
  ///   - change: A change to new sections. Its diff is used when its `old` sections are what
  ///     the view shows; otherwise the updater diffs what the view shows against `change.new`.
  ///   - animated: Whether the batches animate.
  ///   - changedCells: How cells that are not `ListBindable` show their item's new content:
  ///     reconfigured (the default, where the view can) or reloaded.
  ///   - completion: Called on the main thread once the view shows `change.new`, or later
  ///     sections applied meanwhile.
  /// - Complexity: O(*N* + *M*) for *N* and *M* items and sections on each side, to check that
  ///   the change starts from what the view shows and to hand its stages to the view; when it
  ///   does not, one `SectionedListDiff` more on the main thread, expected
  ///   O(*N* + *M* + *k* log *k*) for *k* matched items out of order.
  public func apply(
    _ change: SectionedListChange<Section>, animated: Bool = true,
    changedCells: ListCellRefresh = .reconfigure,
    completion: (() -> Void)? = nil
  ) {
    queue.submit(
      change.new, change: change,
      options: ListSubmission(animated: animated, changedCells: changedCells),
      completion: completion)
  }

  /// Shows `sections`, diffing them against what the view shows.
  ///
  /// - Parameters:
  ///   - sections: The sections to show.
  ///   - animated: Whether the batches animate.
  ///   - changedCells: How cells that are not `ListBindable` show their item's new content:
  ///     reconfigured (the default, where the view can) or reloaded.
  ///   - completion: Called on the main thread once the view shows `sections` or later ones.
  /// - Complexity: One `SectionedListDiff` on the main thread, expected
  ///   O(*N* + *M* + *k* log *k*) for *N* and *M* items and sections on each side and *k*
  ///   matched items out of order.
  public func show(
    _ sections: [Section], animated: Bool = true, changedCells: ListCellRefresh = .reconfigure,
    completion: (() -> Void)? = nil
  ) {
    queue.submit(
      sections, change: nil,
      options: ListSubmission(animated: animated, changedCells: changedCells),
      completion: completion)
  }

  /// Takes `sections` as what the view already shows, after a change the user made in the
  /// view itself; see `ListUpdater.applyAlreadyShown(_:)`.
  ///
  /// - Parameter sections: The sections the view shows now.
  public func applyAlreadyShown(_ sections: [Section]) {
    queue.takeAsShown(sections)
  }

  /// Shows every change of a `@Diff` array of sections, as `ListUpdater.bind(to:)` does.
  ///
  /// - Parameters:
  ///   - publisher: `$sections` of a `@Diff` property.
  ///   - animated: Whether the batches animate.
  ///   - completion: Called on the main thread each time the view has shown the changes
  ///     handed to it.
  /// - Returns: The subscription; cancel it to stop following the property.
  public func bind(
    to publisher: DiffPublisher<[Section]>, animated: Bool = true,
    completion: (() -> Void)? = nil
  ) -> AnyCancellable where Section: Equatable {
    let binding = ListBinding<SectionedListChange<Section>> { [weak self] changes in
      guard let self, let last = changes.last else { return }
      queue.submit(
        last.new, change: last, options: ListSubmission(animated: animated),
        completion: completion)
    }
    return binding.subscribe(to: publisher.sectionedListChanges)
  }
}

extension SectionedListUpdater: ListTransitionPlanner {
  typealias ItemIdentifier = Section.Item.DiffIdentifier
  typealias SectionIdentifier = Section.DiffIdentifier

  func batches(
    from shown: [Section], to target: [Section], reusing change: SectionedListChange<Section>?,
    refreshing refreshes: ListRefreshes<Section.Item.DiffIdentifier, Section.DiffIdentifier>,
    in view: any ListView
  ) -> [ListBatch<[Section]>]? {
    if !refreshes.isEmpty {
      return batches(from: shown, to: target, refreshing: refreshes, in: view)
    }
    let diff =
      if let change, sameSections(change.old, shown),
        sameSections(change.diff.stages.last?.sections ?? change.old, target)
      {
        change.diff
      } else {
        SectionedListDiff(old: shown, new: target, staging: staging)
      }
    guard diff.hasChanges else { return [ListBatch(swappingTo: target)] }
    if diff.changeCount > reloadThreshold { return nil }
    if let shouldReload, shouldReload(SectionedListChange(old: shown, new: target, diff: diff)) {
      return nil
    }
    let rebinds = sectionRebinds(for: diff.sectionDiff, target: target, in: view)
    let stages = rebinds.isEmpty ? diff.stages : stagesRebinding(rebinds, from: shown, to: target)
    var batches = stages.map { ListBatch(stage: $0.update, data: $0.sections) }
    if batches.isEmpty { batches = [ListBatch(swappingTo: target)] }
    batches[0].sectionRebinds = rebinds
    return batches
  }

  /// The headers and footers on screen that can show their section's new value in place.
  ///
  /// - Parameter reloaded: Whether a section shown, by index, must be reloaded instead.
  func sectionRebinds(
    for sectionDiff: ListDiff, target: [Section], in view: any ListView,
    reloaded: (Int) -> Bool = { _ in false }
  ) -> [ListBatch<[Section]>.SectionRebind] {
    sectionDiff.updates.compactMap { old in
      guard !reloaded(old), let new = sectionDiff.newIndex(for: old),
        let views = view.bindableSupplementaryViews(inSection: old)
      else { return nil }
      return ListBatch.SectionRebind(section: old, views: views, value: target[new])
    }
  }

  /// The stages with the re-bound sections' own content taken as unchanged, so that they are
  /// not reloaded; the stages' data hold their new values from the first stage on.
  private func stagesRebinding(
    _ rebinds: [ListBatch<[Section]>.SectionRebind], from shown: [Section], to target: [Section]
  ) -> [SectionedListDiff<Section>.Stage] {
    var rebound = [Bool](repeating: false, count: shown.count)
    for rebind in rebinds { rebound[rebind.section] = true }
    let diff = SectionedListDiff<RefreshingSection<Section>>(
      old: shown.indices.map {
        RefreshingSection(shown[$0], refreshes: nil, isRebound: rebound[$0])
      },
      new: target.map { RefreshingSection($0, refreshes: nil, isRebound: false) },
      staging: staging == .singleBatch ? .singleBatch : .preservingMoves)
    return diff.stages.map {
      SectionedListDiff<Section>.Stage(
        update: $0.update, sections: $0.sections.map { $0.base })
    }
  }

  func item(at indexPath: IndexPath, in data: [Section]) -> Any {
    data[indexPath[0]].items[indexPath[1]]
  }

  func violation(
    of update: BatchUpdate, from shown: [Section], to data: [Section],
    refreshed: [(from: IndexPath, to: IndexPath)],
    sectionRebinds: [ListBatch<[Section]>.SectionRebind]
  ) -> BatchUpdateViolation? {
    var before = shown.map { ListSection($0, items: $0.items) }
    for cell in refreshed {
      before[cell.from[0]].items[cell.from[1]] = data[cell.to[0]].items[cell.to[1]]
    }
    for rebind in sectionRebinds {
      if let section = rebind.value as? Section { before[rebind.section].model = section }
    }
    return batchViolation(update, old: before, new: data.map { ListSection($0, items: $0.items) })
  }

  func data(
    _ data: [Section], keepingOldItems kept: [ListBatch<[Section]>.ChangedItem],
    of shown: [Section]
  ) -> [Section] {
    var data = data
    for item in kept {
      var items = data[item.to[0]].items
      items[item.to[1]] = shown[item.from[0]].items[item.from[1]]
      data[item.to[0]] = Section(section: data[item.to[0]], items: items)
    }
    return data
  }

  func report(_ invalidBatch: InvalidBatch) {
    if let onInvalidBatch {
      onInvalidBatch(invalidBatch)
    } else {
      print("SectionedListUpdater: \(invalidBatch)")
    }
  }

  func isEmpty(_ data: [Section]) -> Bool { data.allSatisfy(\.items.isEmpty) }

  func shownEmptinessDidChange(isEmpty: Bool) { onEmptyChange?(isEmpty) }
}
