/// A cell, header or footer that can show a new model in place, without being reloaded.
///
/// When an item keeps its identity and only its content changes, the updaters hand the new model to
/// its visible cell instead of reloading it, as IGListKit's binding section controller does: the
/// cell does not flicker, keeps its state (selection, a text field being edited, a running
/// animation), and when the item also moves, the same cell slides to its new place (in a sectioned
/// list, with the default staging). A section header or footer conforming to it is re-bound with
/// the section's new value when the section's own content changes, instead of the whole section
/// being reloaded.
///
/// ```swift
/// final class ContactCell: UITableViewCell, ListBindable {
///   func bindViewModel(_ viewModel: Any) {
///     guard let contact = viewModel as? Contact else { return }
///     textLabel?.text = contact.name
///     detailTextLabel?.text = contact.status
///   }
/// }
/// ```
///
/// Configure cells from `tableView(_:cellForRowAt:)` with the same method, so that a cell shows
/// the same thing whether it was created or re-bound.
@MainActor
public protocol ListBindable: AnyObject {
  /// Shows `viewModel`, the item's (or, for a header or footer, the section's) new value.
  ///
  /// It runs on the main thread, inside the batch that brings the change (an empty batch when
  /// nothing moves, so that the view measures the cell again), or, for a sectioned list's item
  /// that moved, inside the unanimated batch right after the one that moved its cell.
  ///
  /// - Parameter viewModel: The item (for a sectioned list, the section's item), or the
  ///   section for a header or footer.
  func bindViewModel(_ viewModel: Any)
}
