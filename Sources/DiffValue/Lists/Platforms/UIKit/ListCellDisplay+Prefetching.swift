#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension ListCellDisplay {
    /// A prefetching data source for a table or collection view, which hands the index paths
    /// it gets to `prefetchItems(at:)` and `cancelPrefetchingItems(at:)`.
    ///
    /// ```swift
    /// tableView.prefetchDataSource = updater.cellDisplay.prefetchingDataSource
    /// ```
    ///
    /// It is made on first use and kept here, since a view holds its prefetching data source
    /// weakly. A prefetching data source of your own calls those two methods instead.
    public var prefetchingDataSource:
      any UITableViewDataSourcePrefetching & UICollectionViewDataSourcePrefetching
    {
      if let made = prefetchingBridge as? ListPrefetchingBridge { return made }
      let made = ListPrefetchingBridge(
        prefetch: { [weak self] in self?.prefetchItems(at: $0) },
        cancel: { [weak self] in self?.cancelPrefetchingItems(at: $0) })
      prefetchingBridge = made
      return made
    }
  }

  /// A prefetching data source that hands the index paths on.
  @MainActor
  final class ListPrefetchingBridge: NSObject, UITableViewDataSourcePrefetching,
    UICollectionViewDataSourcePrefetching
  {
    private let prefetch: ([IndexPath]) -> Void
    private let cancel: ([IndexPath]) -> Void

    init(prefetch: @escaping ([IndexPath]) -> Void, cancel: @escaping ([IndexPath]) -> Void) {
      self.prefetch = prefetch
      self.cancel = cancel
    }

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      prefetch(indexPaths)
    }

    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
      cancel(indexPaths)
    }

    func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      prefetch(indexPaths)
    }

    func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      cancel(indexPaths)
    }
  }
#endif
