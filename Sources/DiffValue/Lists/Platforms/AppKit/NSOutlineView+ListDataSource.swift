#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  extension ListUpdater {
    /// Creates an updater that shows an outline in an `NSOutlineView` and serves as its data
    /// source: each item's cell views come from `cellProvider`, its row view from
    /// `rowViewProvider`, and the outline view's disclosure triangles expand and collapse
    /// through the updater.
    ///
    /// ```swift
    /// lazy var updater = ListUpdater(outlineView: outlineView, outline: folders) {
    ///   outlineView, column, folder in
    ///   let view = outlineView.makeView(
    ///     withIdentifier: NSUserInterfaceItemIdentifier("folder"), owner: nil) as? FolderView
    ///   view?.show(folder)
    ///   return view
    /// }
    /// ```
    ///
    /// The updater shows the outline's visible items, as for any view, and the outline view
    /// the items as parents and children: each change (``apply(_:to:animatingDifferences:completion:)``,
    /// ``expand(_:animated:completion:)``, ``collapse(_:animated:completion:)``, or a `@Diff`
    /// list shown as roots) becomes the outline view's `removeItems`, `moveItem` and
    /// `insertItems` in each parent whose children it shows, then `reloadItem` for the items
    /// whose content changed and `collapseItem` and `expandItem` for those whose expansion
    /// changed. A click on a disclosure triangle asks the updater to expand or collapse the item
    /// (its `sectionSnapshotHandlers` decide and hear of it, as for a list's disclosure), so
    /// the outline view and the outline always agree. The outline view's items are objects the
    /// updater makes, one per item (per occurrence of a repeated identifier); `item(atRow:)`
    /// returns one of them: ask the updater for the item at a row (`item(at:)`, with
    /// `[0, row]`).
    ///
    /// The updater becomes the outline view's data source, and its delegate while it has none.
    /// A delegate of your own stays and hands on the questions about views and expansion
    /// (``outlineView(_:viewFor:item:)``, ``outlineView(_:rowViewForItem:)``,
    /// ``outlineView(_:shouldExpandItem:)``, ``outlineView(_:shouldCollapseItem:)``).
    ///
    /// - Parameters:
    ///   - outlineView: The outline view. The updater holds it, and becomes its data source.
    ///   - outline: The outline the view shows now.
    ///   - reloadThreshold: Above this many operations a change reloads the view.
    ///   - rowViewProvider: Makes the view that holds an item's row; without it (or when it
    ///     returns `nil`) the view makes its own.
    ///   - cellProvider: Makes the cell view for an item in a column (`nil` for a full-width
    ///     row). Called on the main thread when the view asks.
    public convenience init(
      outlineView: NSOutlineView, outline: ListSectionSnapshot<Item>, reloadThreshold: Int = 300,
      rowViewProvider: (@MainActor (NSOutlineView, Item) -> NSTableRowView?)? = nil,
      cellProvider: @escaping @MainActor (NSOutlineView, NSTableColumn?, Item) -> NSView?
    ) {
      let state = ListOutlineState(outline)
      self.init(view: outlineView, items: state.visible, reloadThreshold: reloadThreshold)
      outlineState = state
      let bridge = OutlineViewListDataSource(
        tree: ListOutlineTree(outline, previous: nil),
        answers: OutlineViewListDataSource.Answers(
          tree: { [weak self] previous in
            self?.shownOutlineTree(previous: previous)
              ?? ListOutlineTree(children: [:], expanded: [])
          },
          cellView: { [weak outlineView] column, item in
            guard let outlineView, let item = item as? Item else { return nil }
            return cellProvider(outlineView, column, item)
          },
          rowView: rowViewProvider.map { provider in
            { [weak outlineView] item in
              guard let outlineView, let item = item as? Item else { return nil }
              return provider(outlineView, item)
            }
          },
          toggle: { [weak self] item, expanding in
            guard let item = item as? Item else { return }
            if expanding { self?.expand([item]) } else { self?.collapse([item]) }
          }))
      outlineView.dataSource = bridge
      if outlineView.delegate == nil { outlineView.delegate = bridge }
      dataSource = (bridge, nil)
    }

    /// The cell view the updater's cell provider makes for an item of the outline view: what an
    /// outline view delegate of your own returns from its `outlineView(_:viewFor:item:)`.
    ///
    /// - Parameters:
    ///   - outlineView: The outline view that asks.
    ///   - tableColumn: The column, or `nil` for a full-width row.
    ///   - item: The outline view's item.
    /// - Returns: The cell view, or `nil` when the updater was not created for an outline view.
    public func outlineView(
      _ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any
    ) -> NSView? {
      outlineBridge?.outlineView(outlineView, viewFor: tableColumn, item: item)
    }

    /// The row view the updater's row-view provider makes for an item of the outline view: what
    /// an outline view delegate of your own returns from its `outlineView(_:rowViewForItem:)`.
    ///
    /// - Parameters:
    ///   - outlineView: The outline view that asks.
    ///   - item: The outline view's item.
    /// - Returns: The row view, or `nil` for the outline view's own.
    public func outlineView(_ outlineView: NSOutlineView, rowViewForItem item: Any)
      -> NSTableRowView?
    {
      outlineBridge?.outlineView(outlineView, rowViewForItem: item)
    }

    /// Expands an item the user asked to expand, through the updater: what an outline view
    /// delegate of your own returns from its `outlineView(_:shouldExpandItem:)`.
    ///
    /// The updater expands the item in its outline (`sectionSnapshotHandlers` decide), then the
    /// outline view: the answer is `false` to the user's click, `true` to the updater's own
    /// expansion.
    ///
    /// - Parameters:
    ///   - outlineView: The outline view that asks.
    ///   - item: The outline view's item.
    /// - Returns: Whether the outline view expands the item now.
    public func outlineView(_ outlineView: NSOutlineView, shouldExpandItem item: Any) -> Bool {
      outlineBridge?.outlineView(outlineView, shouldExpandItem: item) ?? true
    }

    /// Collapses an item the user asked to collapse, through the updater: what an outline view
    /// delegate of your own returns from its `outlineView(_:shouldCollapseItem:)`.
    ///
    /// - Parameters:
    ///   - outlineView: The outline view that asks.
    ///   - item: The outline view's item.
    /// - Returns: Whether the outline view collapses the item now.
    public func outlineView(_ outlineView: NSOutlineView, shouldCollapseItem item: Any) -> Bool {
      outlineBridge?.outlineView(outlineView, shouldCollapseItem: item) ?? true
    }

    /// The bridge made for an outline view, if the updater has one.
    private var outlineBridge: OutlineViewListDataSource? {
      dataSource?.source as? OutlineViewListDataSource
    }

    /// The outline the view shows, as parents and children: the outline last applied while it
    /// holds, the items as roots otherwise.
    private func shownOutlineTree(previous: ListOutlineTree?) -> ListOutlineTree {
      let shown = items
      let outline =
        outlineState.flatMap { $0.holds(for: shown) ? $0.outline : nil }
        ?? ListSectionSnapshot(flat: shown)
      return ListOutlineTree(outline, previous: previous)
    }
  }

  /// An outline view's data source, and the delegate's view and expansion methods, that ask an
  /// updater: the outline view's items are `OutlineViewItem`s, one per item of the outline.
  @MainActor
  final class OutlineViewListDataSource: NSObject, NSOutlineViewDataSource, NSOutlineViewDelegate {
    /// What the bridge asks the updater, which it holds weakly.
    struct Answers {
      /// The tree the view shows now, its content compared with the tree before.
      var tree: (_ previous: ListOutlineTree) -> ListOutlineTree
      var cellView: (NSTableColumn?, Any) -> NSView?
      var rowView: ((Any) -> NSTableRowView?)?
      var toggle: (_ item: Any, _ expanding: Bool) -> Void
    }

    /// The tree the outline view shows.
    private(set) var tree: ListOutlineTree
    private let answers: Answers
    /// The outline view's item for each key, kept while the key is in the tree: NSOutlineView
    /// tells items apart by identity.
    private var items: [ListOutlineKey: OutlineViewItem] = [:]
    /// Whether the bridge is changing the outline view, whose expansions it then lets through.
    private var isChanging = false

    init(tree: ListOutlineTree, answers: Answers) {
      self.tree = tree
      self.answers = answers
    }

    /// The outline view's item for a key.
    private func item(for key: ListOutlineKey) -> OutlineViewItem {
      if let item = items[key] { return item }
      let item = OutlineViewItem(key)
      items[key] = item
      return item
    }

    /// The key of an outline view's item; `nil` for the root, or an item not the bridge's.
    private func key(of item: Any?) -> ListOutlineKey? { (item as? OutlineViewItem)?.key }

    /// Changes the outline view from the tree it shows to the one `updatingData` makes the
    /// updater show.
    func performUpdate(
      in outlineView: NSOutlineView, animation: ListAnimation, updatingData: () -> Void
    ) {
      let old = tree
      isChanging = true
      defer { isChanging = false }
      outlineView.beginUpdates()
      updatingData()
      tree = answers.tree(old)
      let changes = OutlineChangesInSequence(from: old, to: tree)
      for step in changes.updates { perform(step, in: outlineView, animation: animation) }
      outlineView.endUpdates()
      for step in changes.afterwards { perform(step, in: outlineView, animation: animation) }
      items = items.filter { tree.contains($0.key) }
    }

    /// Swaps the data, reloads, and expands what the tree shows expanded.
    func reload(_ outlineView: NSOutlineView, updatingData: () -> Void) {
      isChanging = true
      defer { isChanging = false }
      updatingData()
      tree = answers.tree(tree)
      items = items.filter { tree.contains($0.key) }
      outlineView.reloadData()
      for key in tree.shownKeys where tree.showsChildren(of: key) {
        outlineView.expandItem(item(for: key))
      }
    }

    /// One call to the outline view.
    private func perform(
      _ step: OutlineChangesInSequence.Step, in outlineView: NSOutlineView,
      animation: ListAnimation
    ) {
      let animated = animation.isAnimated
      switch step {
      case .collapse(let key): outlineView.collapseItem(item(for: key), collapseChildren: true)
      case .remove(let indexes, let parent):
        outlineView.removeItems(
          at: IndexSet(indexes), inParent: parent.map(item(for:)),
          withAnimation: animated ? animation.deleteRows.table(removing: true) : [])
      case .move(let from, let to, let parent):
        let parent = parent.map(item(for:))
        outlineView.moveItem(at: from, inParent: parent, to: to, inParent: parent)
      case .insert(let indexes, let parent):
        outlineView.insertItems(
          at: IndexSet(indexes), inParent: parent.map(item(for:)),
          withAnimation: animated ? animation.insertRows.table(removing: false) : [])
      case .reload(let key): outlineView.reloadItem(item(for: key))
      case .expand(let key): outlineView.expandItem(item(for: key))
      }
    }

    func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int {
      guard item == nil || key(of: item) != nil else { return 0 }
      return tree.children[key(of: item)]?.count ?? 0
    }

    func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any {
      guard let children = tree.children[key(of: item)], children.indices.contains(index) else {
        preconditionFailure(
          "ListUpdater: the outline view asked for child \(index) of \(String(describing: item)), "
            + "outside what it shows")
      }
      return self.item(for: children[index])
    }

    func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool {
      guard let key = key(of: item) else { return false }
      return !(tree.children[key] ?? []).isEmpty
    }

    func outlineView(
      _ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any
    ) -> NSView? {
      guard let key = key(of: item), let value = tree.items[key] else { return nil }
      return answers.cellView(tableColumn, value)
    }

    func outlineView(_ outlineView: NSOutlineView, rowViewForItem item: Any) -> NSTableRowView? {
      guard let key = key(of: item), let value = tree.items[key] else { return nil }
      return answers.rowView?(value)  // nil: the outline view makes its own
    }

    func outlineView(_ outlineView: NSOutlineView, shouldExpandItem item: Any) -> Bool {
      changeExpansion(of: item, expanding: true)
    }

    func outlineView(_ outlineView: NSOutlineView, shouldCollapseItem item: Any) -> Bool {
      changeExpansion(of: item, expanding: false)
    }

    /// Lets the bridge's own expansions through; hands the user's to the updater, which then
    /// changes the outline view.
    private func changeExpansion(of item: Any, expanding: Bool) -> Bool {
      if isChanging { return true }
      guard let key = key(of: item), let value = tree.items[key] else { return true }
      answers.toggle(value, expanding)
      return false
    }
  }

  /// An item of an outline view that an updater serves: one occurrence of an item of its
  /// outline, kept as long as the outline has it.
  final class OutlineViewItem: NSObject {
    let key: ListOutlineKey

    init(_ key: ListOutlineKey) { self.key = key }
  }
#endif
