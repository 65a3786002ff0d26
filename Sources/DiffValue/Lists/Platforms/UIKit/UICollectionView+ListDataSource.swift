#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UICollectionView: CellProvidingListView {
    /// The cells of a collection view.
    public typealias Cell = UICollectionViewCell
    /// The headers and footers of a collection view: its supplementary views.
    public typealias SupplementaryView = UICollectionReusableView

    /// Sets the collection view's `dataSource` to a bridge that asks `source`; the updater keeps
    /// it (`dataSource` is weak).
    public func useListDataSource(
      _ source: ListDataSource<Cell, SupplementaryView>
    ) -> AnyObject? {
      let bridge = CollectionViewListDataSource(source)
      dataSource = bridge
      return bridge
    }
  }

  extension ListUpdater {
    /// Creates an updater that serves as a collection view's data source, its cells made from
    /// a cell registration (Apple's `dequeueConfiguredReusableCell(using:for:item:)`), its
    /// headers and footers from supplementary registrations.
    ///
    /// ```swift
    /// let cells = UICollectionView.CellRegistration<UICollectionViewListCell, Contact> {
    ///   cell, _, contact in cell.contentConfiguration = contact.configuration
    /// }
    /// let header = UICollectionView.ListSupplementaryRegistration(
    ///   TitleView.self, elementKind: UICollectionView.elementKindSectionHeader
    /// ) { view, _, _ in view.title = "Contacts" }
    /// updater = ListUpdater(
    ///   view: collectionView, items: contacts, cellRegistration: cells,
    ///   supplementaryRegistrations: [header])
    /// ```
    ///
    /// - Parameters:
    ///   - view: The collection view; it shows the list in section 0.
    ///   - items: The items the view shows now.
    ///   - reloadThreshold: Above this many operations a change reloads the view.
    ///   - cellRegistration: Configures each cell with its item.
    ///   - supplementaryRegistrations: The headers, footers and other supplementary views, one
    ///     registration for each kind the layout shows. None by default.
    /// - Precondition: No two registrations are for the same kind.
    public convenience init<Cell: UICollectionViewCell>(
      view: UICollectionView, items: [Item], reloadThreshold: Int = 300,
      cellRegistration: UICollectionView.CellRegistration<Cell, Item>,
      supplementaryRegistrations: [UICollectionView.ListSupplementaryRegistration] = []
    ) {
      let (cells, supplementaryViews) = UICollectionView.providers(
        cellRegistration, supplementaryRegistrations)
      self.init(
        view: view, items: items, reloadThreshold: reloadThreshold,
        supplementaryViewProvider: supplementaryViews, cellProvider: cells)
    }
  }

  extension SectionedListUpdater {
    /// Creates an updater that serves as a collection view's data source, for sections, its
    /// cells made from a cell registration, its headers and footers from supplementary
    /// registrations.
    ///
    /// A registration's handler gets the section's index path (item 0); read the section from
    /// the updater's `sections` there.
    ///
    /// - Parameters:
    ///   - view: The collection view.
    ///   - sections: The sections the view shows now.
    ///   - reloadThreshold: Above this many operations a change reloads the view.
    ///   - cellRegistration: Configures each cell with its item.
    ///   - supplementaryRegistrations: The headers, footers and other supplementary views, one
    ///     registration for each kind the layout shows. None by default.
    /// - Precondition: No two registrations are for the same kind.
    public convenience init<Cell: UICollectionViewCell>(
      view: UICollectionView, sections: [Section], reloadThreshold: Int = 300,
      cellRegistration: UICollectionView.CellRegistration<Cell, Section.Item>,
      supplementaryRegistrations: [UICollectionView.ListSupplementaryRegistration] = []
    ) {
      let (cells, supplementaryViews) = UICollectionView.providers(
        cellRegistration, supplementaryRegistrations)
      self.init(
        view: view, sections: sections, reloadThreshold: reloadThreshold,
        supplementaryViewProvider: supplementaryViews, cellProvider: cells)
    }
  }

  extension UICollectionView {
    /// A supplementary registration together with the element kind it was made for, so that an
    /// updater serving as the collection view's data source dequeues each header and footer
    /// from the registration of its kind.
    ///
    /// Apple's `SupplementaryRegistration` does not tell its kind, and dequeuing one for
    /// another kind raises an exception; this pairs them once. Make it where you would make the
    /// registration (once, not inside a provider), and pass it to the updater's
    /// `supplementaryRegistrations`.
    @MainActor
    public struct ListSupplementaryRegistration {
      /// The kind of supplementary view: `UICollectionView.elementKindSectionHeader`,
      /// `.elementKindSectionFooter`, or one of the layout's.
      public let elementKind: String

      /// Dequeues and configures the view for an index path.
      let dequeue: @MainActor (UICollectionView, IndexPath) -> UICollectionReusableView

      /// Pairs a registration you made with the element kind you made it for.
      ///
      /// - Parameters:
      ///   - registration: A supplementary registration.
      ///   - elementKind: The kind it was created with (its `init(elementKind:handler:)`).
      public init<Supplementary>(
        _ registration: UICollectionView.SupplementaryRegistration<Supplementary>,
        elementKind: String
      ) {
        self.elementKind = elementKind
        dequeue = { view, indexPath in
          view.dequeueConfiguredReusableSupplementary(using: registration, for: indexPath)
        }
      }

      /// Makes the registration of a kind of supplementary view, stating the kind once.
      ///
      /// - Parameters:
      ///   - type: The view class, such as `UICollectionViewListCell.self`.
      ///   - elementKind: The kind of supplementary view.
      ///   - handler: Configures a view: it gets the view, its kind and its index path.
      public init<Supplementary>(
        _ type: Supplementary.Type, elementKind: String,
        handler: @escaping UICollectionView.SupplementaryRegistration<Supplementary>.Handler
      ) {
        self.init(
          UICollectionView.SupplementaryRegistration<Supplementary>(
            elementKind: elementKind, handler: handler),
          elementKind: elementKind)
      }
    }
  }

  extension UICollectionView {
    /// The cell provider and the supplementary-view provider that dequeue from registrations:
    /// the cell registration, and the supplementary registration of each kind (no
    /// supplementary-view provider for no registrations: the updater then answers none).
    static func providers<Cell: UICollectionViewCell, Item>(
      _ cellRegistration: CellRegistration<Cell, Item>,
      _ supplementaryRegistrations: [ListSupplementaryRegistration]
    ) -> (
      cells: @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell,
      supplementaryViews: (
        @MainActor (UICollectionView, String, IndexPath) -> UICollectionReusableView?
      )?
    ) {
      let cells: @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell = {
        view, indexPath, item in
        view.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
      }
      return (cells, supplementaryViewProvider(supplementaryRegistrations))
    }

    /// A supplementary-view provider that dequeues from the registration of each kind.
    private static func supplementaryViewProvider(
      _ registrations: [ListSupplementaryRegistration]
    ) -> (@MainActor (UICollectionView, String, IndexPath) -> UICollectionReusableView?)? {
      guard !registrations.isEmpty else { return nil }
      var byKind: [String: ListSupplementaryRegistration] = [:]
      for registration in registrations {
        let earlier = byKind.updateValue(registration, forKey: registration.elementKind)
        precondition(
          earlier == nil,
          "ListUpdater: two supplementary registrations for the kind "
            + "\(registration.elementKind): give one for each kind")
      }
      return { view, kind, indexPath in byKind[kind]?.dequeue(view, indexPath) }
    }
  }

  /// A collection view's data source that asks an updater's `ListDataSource`.
  @MainActor
  final class CollectionViewListDataSource: NSObject, UICollectionViewDataSource {
    let source: ListDataSource<UICollectionViewCell, UICollectionReusableView>

    init(_ source: ListDataSource<UICollectionViewCell, UICollectionReusableView>) {
      self.source = source
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { source.numberOfSections }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      source.numberOfItems(inSection: section)
    }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      guard let cell = source.cell(at: indexPath) else {
        preconditionFailure(
          "ListUpdater: the collection view asked for a cell at \(indexPath), "
            + "outside what it shows")
      }
      return cell
    }

    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      guard let view = source.supplementaryView(ofKind: kind, at: indexPath)
      else {
        preconditionFailure(
          "ListUpdater: no supplementary view of kind \(kind) at \(indexPath): give the updater "
            + "a supplementaryViewProvider that returns one for each kind the layout shows")
      }
      return view
    }

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    {
      source.canMoveItem(at: indexPath)
    }

    func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      source.moveItem(from: sourceIndexPath, to: destinationIndexPath)
    }
  }
#endif
