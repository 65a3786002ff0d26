#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import UIKit

  extension ListUpdater {
    /// The outline disclosure accessory for an item's list cell, whose tap expands or collapses
    /// the item through the updater: what the diffable data source's section snapshots give a
    /// `UICollectionViewListCell`, with no bookkeeping of yours.
    ///
    /// Set it in the cell registration, with the item's indentation:
    ///
    /// ```swift
    /// let cells = UICollectionView.CellRegistration<UICollectionViewListCell, Folder> {
    ///   [unowned self] cell, _, folder in
    ///   cell.contentConfiguration = folder.configuration
    ///   cell.indentationLevel = updater.level(of: folder)
    ///   cell.accessories = updater.outlineDisclosure(for: folder).map { [$0] } ?? []
    /// }
    /// ```
    ///
    /// A tap calls ``toggleExpansion(of:animated:completion:)``: the updater's
    /// `sectionSnapshotHandlers` decide and hear of it, the children are inserted or deleted in
    /// one batch, and the item is reconfigured, so the registration runs again for its cell.
    /// The accessory reads the item's state when tapped, not when made.
    ///
    /// - Parameters:
    ///   - item: The cell's item.
    ///   - displayed: When the accessory shows; always by default.
    ///   - options: The accessory's options.
    /// - Returns: The accessory, or `nil` for an item without children in the outline shown.
    /// - Complexity: O(*n*) for *n* items in the outline.
    public func outlineDisclosure(
      for item: Item, displayed: UICellAccessory.DisplayedState = .always,
      options: UICellAccessory.OutlineDisclosureOptions = UICellAccessory.OutlineDisclosureOptions()
    ) -> UICellAccessory? {
      guard canExpand(item) else { return nil }
      return .outlineDisclosure(displayed: displayed, options: options) { [weak self] in
        self?.toggleExpansion(of: item)
      }
    }
  }

  extension SectionedListUpdater {
    /// The outline disclosure accessory for an item's list cell, whose tap expands or collapses
    /// the item through the updater, in whichever sections show it: as
    /// `ListUpdater.outlineDisclosure(for:displayed:options:)` gives.
    ///
    /// - Parameters:
    ///   - item: The cell's item.
    ///   - displayed: When the accessory shows; always by default.
    ///   - options: The accessory's options.
    /// - Returns: The accessory, or `nil` for an item without children in the outlines shown.
    /// - Complexity: O(*N*) for *N* items shown.
    public func outlineDisclosure<Model, Item>(
      for item: Item, displayed: UICellAccessory.DisplayedState = .always,
      options: UICellAccessory.OutlineDisclosureOptions = UICellAccessory.OutlineDisclosureOptions()
    ) -> UICellAccessory? where Section == ListSection<Model, Item> {
      guard canExpand(item) else { return nil }
      return .outlineDisclosure(displayed: displayed, options: options) { [weak self] in
        self?.toggleExpansion(of: item)
      }
    }
  }
#endif
