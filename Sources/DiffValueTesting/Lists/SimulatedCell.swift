/// A cell of a `SimulatedListView`, made by an updater's cell provider: what it shows.
@MainActor
public final class SimulatedCell {
  /// What the cell shows; the cell provider sets it.
  public var text = ""
  /// How many times the cell provider configured this cell: 1 when made, one more for each
  /// reconfigure.
  public internal(set) var configurationCount = 0

  init() {}
}
