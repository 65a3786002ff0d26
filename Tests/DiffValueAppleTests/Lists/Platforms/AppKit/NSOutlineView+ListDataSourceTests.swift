#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Testing

  @testable import DiffValue

  /// An outline in an NSOutlineView through an updater: the outline view's children, and its
  /// disclosure triangles, follow the updater's outline.
  @MainActor
  @Suite struct NSOutlineViewListDataSourceTests {
    /// A view that shows a text.
    final class TextView: NSView { var text = "" }

    /// Folders 1 and 2, with 10 and 11 under 1, and 20 under 2; 1 expanded.
    private func makeOutline() -> ListSectionSnapshot<Int> {
      var outline = ListSectionSnapshot<Int>()
      outline.append([1, 2])
      outline.append([10, 11], to: 1)
      outline.append([20], to: 2)
      outline.expand([1])
      return outline
    }

    private func makeUpdater(_ outlineView: NSOutlineView) -> ListUpdater<Int> {
      ListUpdater(outlineView: outlineView, outline: makeOutline()) { _, _, item in
        let view = TextView()
        view.text = "\(item)"
        return view
      }
    }

    @Test func theOutlineViewAsksTheUpdatersBridge() throws {
      let outlineView = NSOutlineView()
      outlineView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
      let updater = makeUpdater(outlineView)
      let bridge = try #require(outlineView.dataSource as? OutlineViewListDataSource)
      #expect(outlineView.delegate === bridge)
      #expect(bridge.outlineView(outlineView, numberOfChildrenOfItem: nil) == 2)
      let first = bridge.outlineView(outlineView, child: 0, ofItem: nil)
      #expect(bridge.outlineView(outlineView, isItemExpandable: first))
      #expect(bridge.outlineView(outlineView, numberOfChildrenOfItem: first) == 2)
      // The same object each time: NSOutlineView tells items apart by identity.
      #expect(
        bridge.outlineView(outlineView, child: 0, ofItem: nil) as AnyObject === first as AnyObject)
      let view = bridge.outlineView(outlineView, viewFor: nil, item: first) as? TextView
      #expect(view?.text == "1")
      #expect(updater.items == [1, 10, 11, 2])
    }

    @Test func aClickOnADisclosureTriangleGoesThroughTheUpdater() throws {
      let outlineView = NSOutlineView()
      outlineView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
      let updater = makeUpdater(outlineView)
      var expanded: [Int] = []
      updater.sectionSnapshotHandlers.didExpandItem = { expanded.append($0) }
      let bridge = try #require(outlineView.dataSource as? OutlineViewListDataSource)
      let second = bridge.outlineView(outlineView, child: 1, ofItem: nil)
      // The user's click: the updater expands the item, then the outline view.
      #expect(!updater.outlineView(outlineView, shouldExpandItem: second))
      #expect(updater.items == [1, 10, 11, 2, 20])
      #expect(expanded == [2])
      #expect(updater.snapshot(for: .main).isExpanded(2))
      let first = bridge.outlineView(outlineView, child: 0, ofItem: nil)
      #expect(!updater.outlineView(outlineView, shouldCollapseItem: first))
      #expect(updater.items == [1, 2, 20])
    }
  }
#endif
