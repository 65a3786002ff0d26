/// How a batch update animates: whether at all, and, in a table view, each kind of change.
///
/// Set an updater's `animation` for its batches; a change applied with `animated: false`
/// uses `ListAnimation.none` instead. The six kinds follow DifferenceKit's
/// `reload(using:deleteSectionsAnimation:…)`:
///
/// ```swift
/// updater.animation = ListAnimation(insertRows: .top, deleteRows: .fade)
/// ```
public struct ListAnimation: Hashable, Sendable {
  /// Whether the batch animates; when `false` it is applied at once, as if reloaded, but the
  /// cells that stay keep their state.
  public var isAnimated: Bool

  /// How deleted sections disappear.
  public var deleteSections: ListRowAnimation
  /// How inserted sections appear.
  public var insertSections: ListRowAnimation
  /// How reloaded sections are replaced.
  public var reloadSections: ListRowAnimation
  /// How deleted rows disappear.
  public var deleteRows: ListRowAnimation
  /// How inserted rows appear.
  public var insertRows: ListRowAnimation
  /// How reloaded rows are replaced.
  public var reloadRows: ListRowAnimation

  /// Creates an animation whose six kinds of change all animate the same way.
  ///
  /// - Parameter animation: The animation of every kind of change.
  public init(_ animation: ListRowAnimation = .automatic) {
    self.init(
      deleteSections: animation, insertSections: animation, reloadSections: animation,
      deleteRows: animation, insertRows: animation, reloadRows: animation)
  }

  /// Creates an animation with an animation per kind of change.
  ///
  /// - Parameters:
  ///   - deleteSections: How deleted sections disappear.
  ///   - insertSections: How inserted sections appear.
  ///   - reloadSections: How reloaded sections are replaced.
  ///   - deleteRows: How deleted rows disappear.
  ///   - insertRows: How inserted rows appear.
  ///   - reloadRows: How reloaded rows are replaced.
  public init(
    deleteSections: ListRowAnimation = .automatic, insertSections: ListRowAnimation = .automatic,
    reloadSections: ListRowAnimation = .automatic, deleteRows: ListRowAnimation = .automatic,
    insertRows: ListRowAnimation = .automatic, reloadRows: ListRowAnimation = .automatic
  ) {
    isAnimated = true
    self.deleteSections = deleteSections
    self.insertSections = insertSections
    self.reloadSections = reloadSections
    self.deleteRows = deleteRows
    self.insertRows = insertRows
    self.reloadRows = reloadRows
  }

  /// Every change animates the way the view chooses.
  public static let automatic = ListAnimation()

  /// Nothing animates: the batch is applied at once.
  public static let none: ListAnimation = {
    var animation = ListAnimation(.none)
    animation.isAnimated = false
    return animation
  }()
}
