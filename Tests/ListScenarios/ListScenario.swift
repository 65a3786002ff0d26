import DiffValue
import Foundation
import ListDiffTestSupport

/// A list screen's life, as a test replays it on a list view: the sections the view shows
/// first, then the changes, the waits, the user's moves and the release of the updater.
///
/// The same scenario is replayed on `SimulatedListView` everywhere (whose rules are UIKit's)
/// and, on a Mac, on real `UITableView`, `UICollectionView`, `NSTableView` and
/// `NSCollectionView`s, which must show what the simulated view shows.
public struct ListScenario: Sendable, CustomStringConvertible {
  /// The items: an identity and a content revision (`3'1` is item 3 at revision 1).
  public typealias Item = ListDiffTestItem
  /// A section: its name (its identity) and its items.
  public typealias Section = ListSection<String, Item>

  /// What happens next in a scenario.
  public enum Step: Sendable {
    /// A change to these sections is applied (a flat list: to the one section's items), and
    /// not waited for: a change applied while a batch animates waits for it.
    case apply([Section], animated: Bool = true, changedCells: ListCellRefresh = .reconfigure)
    /// As `apply`, and the change's completion releases the updater, as a screen dismissed
    /// when its list has changed.
    case applyReleasingWhenShown([Section])
    /// The animations run to their end, and every change applied meanwhile is shown.
    case finishAnimations
    /// The user drags the item at one index path to another (its index path after the move),
    /// with no batch running: the view shows the move, and the updater, its data source, hears
    /// of it.
    case userMove(from: IndexPath, to: IndexPath)
    /// The updater is released (the screen goes away), whatever runs.
    case release
  }

  /// What the scenario shows, and where it comes from.
  public let name: String
  /// Whether the scenario needs a sectioned updater; a flat one has one section, `"list"`.
  public let isSectioned: Bool
  /// What the view shows first.
  public let initial: [Section]
  /// What happens, in order.
  public let steps: [Step]

  /// Creates a scenario of a flat list.
  ///
  /// - Parameters:
  ///   - name: What it shows, and where it comes from.
  ///   - initial: The items the view shows first.
  ///   - steps: What happens, in order; `.list(_:)` makes a flat list's sections.
  public init(_ name: String, items initial: [Item], steps: [Step]) {
    self.name = name
    isSectioned = false
    self.initial = Self.list(initial)
    self.steps = steps
  }

  /// Creates a scenario of sections.
  ///
  /// - Parameters:
  ///   - name: What it shows, and where it comes from.
  ///   - initial: The sections the view shows first.
  ///   - steps: What happens, in order.
  public init(_ name: String, sections initial: [Section], steps: [Step]) {
    self.name = name
    isSectioned = true
    self.initial = initial
    self.steps = steps
  }

  /// The one section of a flat list.
  ///
  /// - Parameter items: The list's items.
  /// - Returns: The section `"list"` holding them.
  public static func list(_ items: [Item]) -> [Section] { [Section("list", items: items)] }

  /// The scenario's name.
  public var description: String { name }
}
