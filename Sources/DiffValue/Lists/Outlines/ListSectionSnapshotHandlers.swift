/// What an updater does when an item of an outline is expanded or collapsed through it
/// (`expand(_:)`, `collapse(_:)`, from a disclosure the user tapped): the diffable data source's
/// section snapshot handlers, and the calls after the change is shown.
///
/// ```swift
/// updater.sectionSnapshotHandlers.snapshotForExpandingParent = { folder, children in
///   var loaded = ListSectionSnapshot<Folder>()
///   loaded.append(store.children(of: folder))  // loaded on the first expansion
///   return loaded
/// }
/// updater.sectionSnapshotHandlers.didExpandItem = { analytics.log("opened \($0)") }
/// ```
///
/// Applying an outline (`apply(_:to:)`) calls none of them. Each is called on the main thread.
public struct ListSectionSnapshotHandlers<Item: Diffable> {
  /// Whether an item may expand; `nil` lets every item.
  public var shouldExpandItem: ((Item) -> Bool)?
  /// Called before an item expands.
  public var willExpandItem: ((Item) -> Void)?
  /// Called once the view shows an item expanded.
  public var didExpandItem: ((Item) -> Void)?
  /// Whether an item may collapse; `nil` lets every item.
  public var shouldCollapseItem: ((Item) -> Bool)?
  /// Called before an item collapses.
  public var willCollapseItem: ((Item) -> Void)?
  /// Called once the view shows an item collapsed.
  public var didCollapseItem: ((Item) -> Void)?
  /// The children of an item that expands, given those it has: return other ones to load them
  /// when needed.
  public var snapshotForExpandingParent:
    ((Item, ListSectionSnapshot<Item>) -> ListSectionSnapshot<Item>)?

  /// Creates handlers that let every item expand and collapse and do nothing else.
  public init() {}

  /// Expands in `outline` the items it holds collapsed that `shouldExpandItem` lets, calling
  /// `willExpandItem` and `snapshotForExpandingParent` for each; returns them.
  func expand(_ items: [Item], in outline: inout ListSectionSnapshot<Item>) -> [Item] {
    var expanded: [Item] = []
    for item in items where outline.contains(item) && !outline.isExpanded(item) {
      guard shouldExpandItem?(item) ?? true else { continue }
      willExpandItem?(item)
      if let snapshotForExpandingParent {
        let children = snapshotForExpandingParent(item, outline.snapshot(of: item))
        outline.replace(childrenOf: item, using: children)
      }
      outline.expand([item])
      expanded.append(item)
    }
    return expanded
  }

  /// Collapses in `outline` the items it holds expanded that `shouldCollapseItem` lets, calling
  /// `willCollapseItem` for each; returns them.
  func collapse(_ items: [Item], in outline: inout ListSectionSnapshot<Item>) -> [Item] {
    var collapsed: [Item] = []
    for item in items where outline.isExpanded(item) {
      guard shouldCollapseItem?(item) ?? true else { continue }
      willCollapseItem?(item)
      outline.collapse([item])
      collapsed.append(item)
    }
    return collapsed
  }
}
