#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an updater answers as a view's data source: the counts, the cells from its cell
/// provider, the headers and footers from its supplementary-view provider, and the user's
/// moves.
///
/// The updater makes it; the view asks it.
///
/// Everything is read from what the updater's view shows (its `items` or `sections`), so that
/// inside a batch the view gets the new data.
@MainActor
public final class ListDataSource<Cell, SupplementaryView> {
  /// The answers, each reading the updater (held weakly: once it is gone, the view is empty).
  struct Answers {
    var numberOfSections: () -> Int
    var numberOfItems: (Int) -> Int
    var cell: (IndexPath) -> Cell?
    var item: (IndexPath) -> Any?
    var section: (Int) -> Any?
    var supplementaryView: ((String, IndexPath) -> SupplementaryView?)?
    var canMoveItem: (IndexPath) -> Bool
    var moveItem: (IndexPath, IndexPath) -> Void
    /// `nil` while deleting is off.
    var canDeleteItem: (IndexPath) -> Bool?
    var deleteItem: (IndexPath) -> Void
    /// The index titles and, for each, its section; `nil` when the updater has none.
    var sectionIndex: () -> (titles: [String], sections: [Int])? = { nil }
  }

  private let answers: Answers

  init(_ answers: Answers) { self.answers = answers }

  /// The number of sections the view shows.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { answers.numberOfSections() }

  /// The number of items the view shows in a section.
  ///
  /// - Parameter section: A section index; outside what is shown, the answer is 0.
  /// - Returns: The number of items.
  public func numberOfItems(inSection section: Int) -> Int { answers.numberOfItems(section) }

  /// The cell for an index path, from the updater's cell provider.
  ///
  /// - Parameter indexPath: An index path of what the view shows.
  /// - Returns: The cell, or `nil` when the index path is outside what is shown or the updater
  ///   is gone.
  public func cell(at indexPath: IndexPath) -> Cell? { answers.cell(indexPath) }

  /// The item at an index path of what the view shows, for a view that needs the value itself.
  ///
  /// - Parameter indexPath: An index path.
  /// - Returns: The item, or `nil` outside what is shown.
  public func item(at indexPath: IndexPath) -> Any? { answers.item(indexPath) }

  /// The section value at an index, for a sectioned updater; `nil` for a flat list.
  ///
  /// - Parameter section: A section index.
  /// - Returns: The section, or `nil`.
  public func section(at section: Int) -> Any? { answers.section(section) }

  /// The header or footer for a section, from the updater's supplementary-view provider.
  ///
  /// - Parameters:
  ///   - kind: `ListSupplementaryKind.header`, `.footer`, or a kind of your collection
  ///     view's layout.
  ///   - indexPath: The section, and the item 0.
  /// - Returns: The view, or `nil` when there is no provider or it returns none.
  public func supplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> SupplementaryView?
  {
    answers.supplementaryView?(kind, indexPath)
  }

  /// Whether the provider can make headers and footers.
  public var hasSupplementaryViews: Bool { answers.supplementaryView != nil }

  /// Whether the user may move the item at an index path: the updater's
  /// `reorderingHandlers.canReorderItem` says.
  ///
  /// - Parameter indexPath: An index path of what the view shows.
  /// - Returns: `false` without a `canReorderItem` handler.
  public func canMoveItem(at indexPath: IndexPath) -> Bool { answers.canMoveItem(indexPath) }

  /// Takes a move the user made in the view (the view shows it already): the updater's items
  /// change accordingly, and its `reorderingHandlers` hear of it.
  ///
  /// - Parameters:
  ///   - source: The item's index path before the move.
  ///   - destination: Its index path after the move.
  public func moveItem(from source: IndexPath, to destination: IndexPath) {
    answers.moveItem(source, destination)
  }

  /// Whether the user may delete the item at an index path: the updater's
  /// `editingHandlers.canDeleteItem` says.
  ///
  /// - Parameter indexPath: An index path of what the view shows.
  /// - Returns: `false` without a `canDeleteItem` handler.
  public func canDeleteItem(at indexPath: IndexPath) -> Bool {
    answers.canDeleteItem(indexPath) ?? false
  }

  /// Whether the row at an index path is editable, for a table view's `canEditRowAt`.
  ///
  /// While deleting is off (no `canDeleteItem` handler), rows are editable in editing mode
  /// only, so that reordering works as before and nothing is swiped. Once it is on, a row is
  /// editable when the user may delete it, or, in editing mode, move it (its reorder control
  /// shows only then): return `.none` from your delegate's `editingStyleForRowAt` for a row
  /// that moves but is not deleted.
  ///
  /// - Parameters:
  ///   - indexPath: An index path of what the view shows.
  ///   - isEditing: Whether the view is in editing mode.
  /// - Returns: Whether the row is editable.
  public func canEditItem(at indexPath: IndexPath, isEditing: Bool) -> Bool {
    guard let canDelete = answers.canDeleteItem(indexPath) else { return isEditing }
    return canDelete || (isEditing && canMoveItem(at: indexPath))
  }

  /// Takes a deletion the user committed (the view has not removed the row): the updater shows
  /// its items without the item, in a batch, then its `editingHandlers.didDelete` hears of it.
  ///
  /// - Parameter indexPath: The item's index path; an item the handlers do not let the user
  ///   delete, or one outside what is shown, stays.
  public func deleteItem(at indexPath: IndexPath) { answers.deleteItem(indexPath) }

  /// The titles of a table view's section index, from the updater's `sectionIndexTitle`, in
  /// the order of the sections that have one; `nil` when it has none.
  public var sectionIndexTitles: [String]? { answers.sectionIndex()?.titles }

  /// The section a tap on a section index title goes to.
  ///
  /// - Parameter index: The title's index in `sectionIndexTitles`.
  /// - Returns: The index of the section the title came from; 0 outside the titles.
  public func section(forSectionIndexTitleAt index: Int) -> Int {
    guard let sections = answers.sectionIndex()?.sections, sections.indices.contains(index)
    else { return 0 }
    return sections[index]
  }

  /// Takes an item the user dropped before another, as AppKit's collection view reports a
  /// drop (the view has not moved anything yet): the updater's items change and its
  /// `reorderingHandlers` hear of it, then the view must show the move it returns.
  ///
  /// - Parameters:
  ///   - source: The dragged item's index path.
  ///   - proposed: The index path the item was dropped before, counted before the move; the
  ///     item count of its section drops it at the end.
  /// - Returns: The move's destination, in the data after it, for the view's
  ///   `moveItem(at:to:)`; `nil` when nothing moves (dropped where it was, outside what is
  ///   shown, or an item the reordering handlers do not let move).
  package func moveItem(from source: IndexPath, droppedBefore proposed: IndexPath) -> IndexPath? {
    guard source.count == 2, proposed.count == 2,
      (0..<numberOfSections).contains(source[0]), (0..<numberOfSections).contains(proposed[0]),
      (0..<numberOfItems(inSection: source[0])).contains(source[1]),
      (0...numberOfItems(inSection: proposed[0])).contains(proposed[1]),
      canMoveItem(at: source)
    else { return nil }
    // Within a section, the item's own removal shifts the places after it up by one.
    let sameSectionAfter = proposed[0] == source[0] && proposed[1] > source[1]
    let destination = IndexPath(
      indexes: [proposed[0], sameSectionAfter ? proposed[1] - 1 : proposed[1]])
    guard destination != source else { return nil }
    moveItem(from: source, to: destination)
    return destination
  }
}
