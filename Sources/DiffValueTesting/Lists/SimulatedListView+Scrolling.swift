import DiffValue

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SimulatedListView {
  /// The height of all the rows, in points.
  public var contentHeight: Double {
    Double(shown.reduce(0) { $0 + $1.items.count }) * rowHeight
  }

  /// The rows in the visible area, top first, each with how far its top is below the top of
  /// the visible area (negative for a row partly scrolled out above).
  public var visibleItemPositions: [ListItemPosition] {
    var positions: [ListItemPosition] = []
    let bottom = contentOffset + visibleHeight
    var sectionTop = 0.0
    for (section, content) in shown.enumerated() {
      for row in content.items.indices {
        let top = sectionTop + Double(row) * rowHeight
        if top >= bottom { return positions }
        if top + rowHeight > contentOffset {
          positions.append(
            ListItemPosition(
              indexPath: IndexPath(indexes: [section, row]), offset: top - contentOffset))
        }
      }
      sectionTop += Double(content.items.count) * rowHeight
    }
    return positions
  }

  /// Sets the content offset so that the row at `position.indexPath` is `position.offset`
  /// points below the top of the visible area, as far as the content allows; an index path the
  /// view does not show is recorded in `problems`.
  public func scroll(to position: ListItemPosition) {
    guard contains(position.indexPath) else {
      return problems.append("scrolled to \(position), which the view does not show")
    }
    contentOffset = top(of: position.indexPath) - position.offset
    keepContentOffsetInContent()
  }

  /// The top of the row at an index path the view shows, in points from the top of the content.
  ///
  /// - Parameter indexPath: An index path of what is shown.
  /// - Returns: The distance from the top of the content to the top of its row.
  public func top(of indexPath: IndexPath) -> Double {
    let rowsAbove = shown[..<indexPath[0]].reduce(0) { $0 + $1.items.count } + indexPath[1]
    return Double(rowsAbove) * rowHeight
  }

  /// Brings the content offset back within the content, as a scroll view does when its content
  /// becomes shorter than where it was scrolled to.
  func keepContentOffsetInContent() {
    contentOffset = min(max(contentOffset, 0), max(0, contentHeight - visibleHeight))
  }
}
