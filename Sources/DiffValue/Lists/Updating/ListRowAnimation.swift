/// How one kind of change animates in a table view, in `UITableView.RowAnimation`'s terms.
///
/// `UITableView` takes these as they are; `NSTableView` maps them onto its animation options
/// (`fade` and `automatic` to a fade, the slides to the nearest slide, `none` to no effect);
/// collection views animate every change their own way and ignore them.
public enum ListRowAnimation: Hashable, Sendable {
  /// The view chooses.
  case automatic
  /// The rows fade in or out.
  case fade
  /// Inserted rows slide in from the right; deleted rows slide out to the right.
  case right
  /// Inserted rows slide in from the left; deleted rows slide out to the left.
  case left
  /// Inserted rows slide in from the top; deleted rows slide out toward the top.
  case top
  /// Inserted rows slide in from the bottom; deleted rows slide out toward the bottom.
  case bottom
  /// The view keeps the changed rows centered while they appear or disappear.
  case middle
  /// The rows appear or disappear at once; the rows around them still move into place.
  case none
}
