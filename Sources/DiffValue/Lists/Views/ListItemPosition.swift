#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where an item's cell is on screen: its index path, and how far its top is below the top of
/// the visible area.
///
/// A list view reports the positions of its visible items (`visibleItemPositions`), and the
/// updaters hand one back to it after a batch (`scroll(to:)`) to keep the first visible item
/// where it was (`keepsFirstVisibleItemInPlace`).
public struct ListItemPosition: Hashable, Sendable, CustomStringConvertible {
  /// The item's index path.
  public var indexPath: IndexPath
  /// The distance, in points, from the top of the visible area (the scroll view's content
  /// offset) down to the top of the item's cell; negative when the cell is partly scrolled
  /// out above.
  public var offset: Double

  /// Creates the position of the item at `indexPath`, `offset` points below the top of the
  /// visible area.
  ///
  /// - Parameters:
  ///   - indexPath: The item's index path.
  ///   - offset: The distance from the top of the visible area to the top of its cell.
  public init(indexPath: IndexPath, offset: Double) {
    self.indexPath = indexPath
    self.offset = offset
  }

  /// A readable form: the index path and the offset.
  public var description: String { "\(indexPath) at \(offset)" }
}
