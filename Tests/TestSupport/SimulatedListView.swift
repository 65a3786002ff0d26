import DiffValue

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A list view that applies batch updates with UIKit's rules, for tests and tours.
///
/// It keeps what a real table or collection view would show: each batch is replayed with
/// `BatchUpdateChecker.apply` against what it showed before and the data source after the
/// batch, so a rule UIKit would raise `NSInternalInconsistencyException` for is recorded in
/// `problems`, and so is a batch after which the view shows anything but the data source.
@MainActor
public final class SimulatedListView<Model: Equatable, Item: Equatable>: ListView {
  /// What the view did, in order.
  public enum Event: Equatable, CustomStringConvertible {
    /// A batch update, as the view received it.
    case batch(BatchUpdate)
    /// A full reload.
    case reload
    /// A visible cell shown a new model in place, at this index path.
    case rebind(IndexPath)

    /// A readable form.
    public var description: String {
      switch self {
      case .batch(let update): "batch \(update)"
      case .reload: "reload"
      case .rebind(let indexPath): "rebind \(indexPath)"
      }
    }
  }

  /// What the view shows.
  public private(set) var shown: [ListSection<Model, Item>]
  /// What the view did.
  public private(set) var events: [Event] = []
  /// Every rule broken and every batch after which the view did not show its data source.
  public private(set) var problems: [String] = []
  /// The data source, read inside each batch after the data was swapped.
  public var dataSource: () -> [ListSection<Model, Item>]
  /// Whether a batch's completion runs at once, or waits for `finishAnimations()`.
  public var completesImmediately = true
  /// Which index paths show a cell that conforms to `ListBindable`.
  public var isBindable: (IndexPath) -> Bool = { _ in false }

  private var runningAnimations: [(Bool) -> Void] = []
  private var rebound: [(IndexPath, Item)] = []

  /// Creates a view showing `shown`, reading `dataSource` during updates.
  ///
  /// - Parameters:
  ///   - shown: What the view shows now.
  ///   - dataSource: The data the view's data source returns.
  public init(
    showing shown: [ListSection<Model, Item>],
    dataSource: @escaping () -> [ListSection<Model, Item>]
  ) {
    self.shown = shown
    self.dataSource = dataSource
  }

  /// Whether a batch's animations are still running.
  public var isAnimating: Bool { !runningAnimations.isEmpty }

  /// Applies the batch with UIKit's rules and records it.
  public func performListUpdate(
    _ update: BatchUpdate, updatingData: () -> Void, completion: @escaping (Bool) -> Void
  ) {
    if isAnimating { problems.append("a batch started while another was animating") }
    if !Self.same(shown, dataSource()) {
      problems.append("the data source changed outside a batch: \(dataSource()) vs \(shown)")
    }
    let before = shown
    rebound = []
    updatingData()
    let reference = dataSource()
    events.append(.batch(update))
    switch BatchUpdateChecker.apply(update, to: before, reference: reference) {
    case .success(let after):
      shown = after
      for (indexPath, item) in rebound { shown[indexPath[0]].items[indexPath[1]] = item }
      if !Self.same(shown, reference) {
        problems.append("after \(update) the view shows \(shown), not \(reference)")
      }
    case .failure(let violation):
      problems.append("\(violation) in \(update)")
      shown = reference
    }
    for (indexPath, _) in rebound { events.append(.rebind(indexPath)) }
    if completesImmediately {
      completion(true)
    } else {
      runningAnimations.append(completion)
    }
  }

  /// Swaps the data and shows all of it.
  public func reloadList(updatingData: () -> Void) {
    if isAnimating { problems.append("a reload started while a batch was animating") }
    updatingData()
    shown = dataSource()
    events.append(.reload)
  }

  /// A cell at a shown index path that `isBindable` accepts.
  public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
    guard indexPath.count == 2, shown.indices.contains(indexPath[0]),
      shown[indexPath[0]].items.indices.contains(indexPath[1]), isBindable(indexPath)
    else { return nil }
    return Cell(view: self, indexPath: indexPath)
  }

  /// Ends the running animations: runs the waiting completions in order, including those of
  /// batches they start.
  public func finishAnimations() {
    while !runningAnimations.isEmpty {
      runningAnimations.removeFirst()(true)
    }
  }

  /// Forgets the recorded events.
  public func clearEvents() { events = [] }

  fileprivate func rebind(_ indexPath: IndexPath, to viewModel: Any) {
    guard let item = viewModel as? Item else {
      return problems.append("rebound \(indexPath) with \(viewModel), not an item")
    }
    rebound.append((indexPath, item))
  }

  private static func same(
    _ lhs: [ListSection<Model, Item>], _ rhs: [ListSection<Model, Item>]
  ) -> Bool {
    lhs.count == rhs.count
      && zip(lhs, rhs).allSatisfy { $0.model == $1.model && $0.items == $1.items }
  }

  /// A visible cell that records being re-bound.
  final class Cell: ListBindable {
    let view: SimulatedListView
    let indexPath: IndexPath
    init(view: SimulatedListView, indexPath: IndexPath) {
      self.view = view
      self.indexPath = indexPath
    }
    func bindViewModel(_ viewModel: Any) { view.rebind(indexPath, to: viewModel) }
  }
}

extension SimulatedListView where Model == String {
  /// A view of one section, named "list", for a flat list.
  ///
  /// - Parameters:
  ///   - items: What the view shows now.
  ///   - dataSource: The items the view's data source returns.
  public convenience init(showingItems items: [Item], dataSource: @escaping () -> [Item]) {
    self.init(showing: [ListSection("list", items: items)]) {
      [ListSection("list", items: dataSource())]
    }
  }

  /// The items of the one section a flat list shows.
  public var shownItems: [Item] { shown.first?.items ?? [] }
}
