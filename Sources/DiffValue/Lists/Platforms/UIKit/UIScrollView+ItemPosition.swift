#if canImport(UIKit) && !os(watchOS)
  import UIKit

  // The UIKit side of `keepsFirstVisibleItemInPlace`: positions relative to the content offset,
  // and back; which item to keep, and where it went, is decided by the updaters.

  extension UIScrollView {
    /// The position of the item at `indexPath`, whose frame in the content is `frame`.
    func itemPosition(_ indexPath: IndexPath, frame: CGRect) -> ListItemPosition {
      ListItemPosition(indexPath: indexPath, offset: Double(frame.minY - contentOffset.y))
    }

    /// Sets the vertical content offset so that the content at `top` is `offset` points below
    /// the top of the visible area, within the range the user could scroll to.
    func placeContent(atTop top: CGFloat, offset: Double) {
      let inset = adjustedContentInset
      let lowest = -inset.top
      let highest = max(lowest, contentSize.height + inset.bottom - bounds.height)
      contentOffset.y = min(max(top - CGFloat(offset), lowest), highest)
    }
  }
#endif
