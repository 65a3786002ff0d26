/// What a list updater does with a change while its view is not in a window.
///
/// A view leaves its window more often than it seems: the screens below the top of a navigation
/// stack, the tabs not selected, a sheet's presenter. By default such a view takes each change as
/// on screen, one batch update, without animation since nobody sees it: the cells it holds stay,
/// and only those the change touches are asked for again. A reload instead asks for every
/// visible cell and lays the whole view out again, work that grows with the view rather than
/// with the change, and that replaces the cells a transition may be about to snapshot.
///
/// ```swift
/// updater.offWindowUpdates = .reload  // the policy before: a full reload off-window
/// ```
///
/// <doc:ListsAndBatchUpdates> gives the evidence behind the default.
public enum ListOffWindowUpdates: Hashable, Sendable {
  /// Each change is a batch update, as on screen, without animation: the default.
  case batch
  /// Each change reloads the view instead of a batch, and the view makes all its cells anew.
  case reload
}
