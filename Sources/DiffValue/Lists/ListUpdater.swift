import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps a list view in step with a list: each change becomes an animated batch update that
/// UIKit accepts, with the data swapped inside the batch.
///
/// Make the view's data source read `items`, then bind the updater to a `@Diff` array:
///
/// ```swift
/// @Diff var contacts: [Contact] = []
/// lazy var updater = ListUpdater(view: tableView, items: contacts)
///
/// updater.bind(to: $contacts).store(in: &subscriptions)
/// contacts.append(newContact)   // animates one insert
/// ```
///
/// A change larger than `reloadThreshold` operations reloads the view instead. A change that
/// arrives while a batch is animating is applied after it, in order. An item whose content
/// changed in place is re-bound in its visible cell when that cell is `ListBindable`, and
/// reloaded otherwise.
@MainActor
public final class ListUpdater<Item: Diffable> {
  /// The items the view's data source must show.
  public private(set) var items: [Item]
  let queue: ListUpdateQueue

  /// Creates an updater for a view that shows `items` now.
  ///
  /// - Parameters:
  ///   - view: The list view; it shows the list in section 0.
  ///   - items: The items the view shows now.
  ///   - reloadThreshold: Above this many operations a change reloads the view.
  public init(view: any ListView, items: [Item], reloadThreshold: Int = 300) {
    self.items = items
    queue = ListUpdateQueue(view: view, reloadThreshold: reloadThreshold)
  }

  /// Whether a change is being applied; changes applied meanwhile wait for it.
  public var isUpdating: Bool { queue.isBusy }

  /// Applies one change: one batch update, or a reload above the threshold.
  ///
  /// - Parameters:
  ///   - change: A change whose `old` list is what the view shows after the changes before it.
  ///   - completion: Called once the view shows `change.new`.
  /// - Complexity: O(*n* + *m*) to build the batch from the diff.
  public func apply(_ change: ListChange<Item>, completion: (() -> Void)? = nil) {
    let (old, new) = (change.old, change.new)
    let swap = { [unowned self] in self.items = new }
    let batch = ListUpdateQueue.Batch(
      update: change.diff.batchUpdate(), swapData: swap, model: { new[$0[1]] })
    queue.enqueue(
      ListUpdateQueue.Job(
        batches: change.diff.hasChanges ? [batch] : [], changeCount: change.diff.changeCount,
        swapToNew: swap, startsFromShownData: { [unowned self] in sameItems(self.items, old) },
        completion: completion))
  }

  /// Applies every change of a `@Diff` array, delivered on the main queue.
  ///
  /// - Parameter publisher: `$items` of a `@Diff` array property.
  /// - Returns: The subscription; cancel it to stop following the property.
  public func bind(to publisher: DiffPublisher<[Item]>) -> AnyCancellable
  where Item: Equatable {
    publisher.listChanges().receive(on: .main).sink { [weak self] change in
      MainActor.assumeIsolated { self?.apply(change) }
    }
  }
}

/// Keeps a sectioned list view in step with a list of sections: each change becomes the
/// stages of batch updates that UIKit accepts, each with its data swapped inside the batch.
///
/// It behaves as `ListUpdater`, stage by stage: the data source must read `sections`.
@MainActor
public final class SectionedListUpdater<Section: DiffableSection> {
  /// The sections the view's data source must show.
  public private(set) var sections: [Section]
  let queue: ListUpdateQueue

  /// Creates an updater for a view that shows `sections` now.
  ///
  /// - Parameters:
  ///   - view: The list view.
  ///   - sections: The sections the view shows now.
  ///   - reloadThreshold: Above this many operations a change reloads the view.
  public init(view: any ListView, sections: [Section], reloadThreshold: Int = 300) {
    self.sections = sections
    queue = ListUpdateQueue(view: view, reloadThreshold: reloadThreshold)
  }

  /// Whether a change is being applied; changes applied meanwhile wait for it.
  public var isUpdating: Bool { queue.isBusy }

  /// Applies one change: its stages in order, or a reload above the threshold.
  ///
  /// - Parameters:
  ///   - change: A change whose `old` sections are what the view shows after the changes
  ///     before it.
  ///   - completion: Called once the view shows `change.new`.
  public func apply(_ change: SectionedListChange<Section>, completion: (() -> Void)? = nil) {
    let batches = change.diff.stages.map { stage in
      let shown = stage.sections
      return ListUpdateQueue.Batch(
        update: stage.update, swapData: { [unowned self] in self.sections = shown },
        model: { shown[$0[0]].items[$0[1]] })
    }
    let (old, new) = (change.old, change.new)
    queue.enqueue(
      ListUpdateQueue.Job(
        batches: batches, changeCount: change.diff.changeCount,
        swapToNew: { [unowned self] in self.sections = new },
        startsFromShownData: { [unowned self] in
          sameItems(self.sections, old)
            && zip(self.sections, old).allSatisfy { sameItems($0.items, $1.items) }
        },
        completion: completion))
  }

  /// Applies every change of a `@Diff` array of sections, delivered on the main queue.
  ///
  /// - Parameter publisher: `$sections` of a `@Diff` property.
  /// - Returns: The subscription; cancel it to stop following the property.
  public func bind(to publisher: DiffPublisher<[Section]>) -> AnyCancellable
  where Section: Equatable {
    publisher.sectionedListChanges().receive(on: .main).sink { [weak self] change in
      MainActor.assumeIsolated { self?.apply(change) }
    }
  }
}

/// Whether two lists hold the same items, by identity and content.
///
/// - Complexity: O(*n*).
func sameItems<Item: Diffable>(_ lhs: [Item], _ rhs: [Item]) -> Bool {
  lhs.count == rhs.count
    && zip(lhs, rhs).allSatisfy {
      $0.diffIdentifier == $1.diffIdentifier && $0.isContentEqual(to: $1)
    }
}
