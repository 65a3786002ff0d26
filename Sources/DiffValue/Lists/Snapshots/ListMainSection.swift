/// The one section of a flat list's snapshot, as `ListUpdater.snapshot()` names it.
///
/// A flat list has no sections of its own; its snapshot holds one, `.main`, as the diffable data
/// source's single-section screens usually call theirs.
public enum ListMainSection: Hashable, Sendable, Diffable {
  /// The one section.
  case main
}
