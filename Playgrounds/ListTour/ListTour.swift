import DiffValue
import DiffValueTesting

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Prints what a list view did and what it shows, after each step of the tour.
@MainActor
func show(
  _ step: String, _ view: SimulatedListView<String, Contact>
) {
  print("\n\(step)")
  for event in view.events {
    switch event {
    case .batch(let update): print("  batch: \(describe(update))")
    case .reload: print("  reload")
    case .rebind(let indexPath):
      print("  re-bound in place: item \(indexPath[1]) of section \(indexPath[0])")
    case .rebindHeader(let section): print("  header re-bound in place: section \(section)")
    case .reconfigure(let indexPath):
      print("  reconfigured in place: item \(indexPath[1]) of section \(indexPath[0])")
    }
  }
  for section in view.shown {
    print("  [\(section.model)] " + section.items.map(\.description).joined(separator: " · "))
  }
  // The tour stops (and CI fails) at a batch UIKit would refuse.
  precondition(view.problems.isEmpty, "PROBLEMS: \(view.problems)")
  view.clearEvents()
}

/// The non-empty parts of a batch update, in UIKit's terms.
func describe(_ update: BatchUpdate) -> String {
  func paths(_ paths: [IndexPath]) -> String {
    paths.map { "\($0[0]).\($0[1])" }.joined(separator: " ")
  }
  var parts: [String] = []
  if !update.sectionDeletes.isEmpty { parts.append("delete sections \(update.sectionDeletes)") }
  if !update.sectionInserts.isEmpty { parts.append("insert sections \(update.sectionInserts)") }
  if !update.sectionMoves.isEmpty {
    parts.append(
      "move sections " + update.sectionMoves.map { "\($0.from)→\($0.to)" }.joined(separator: " "))
  }
  if !update.sectionReloads.isEmpty { parts.append("reload sections \(update.sectionReloads)") }
  if !update.deletes.isEmpty { parts.append("delete \(paths(update.deletes))") }
  if !update.inserts.isEmpty { parts.append("insert \(paths(update.inserts))") }
  if !update.moves.isEmpty {
    parts.append(
      "move "
        + update.moves.map { "\($0.from[0]).\($0.from[1])→\($0.to[0]).\($0.to[1])" }.joined(
          separator: " "))
  }
  if !update.reloads.isEmpty { parts.append("reload \(paths(update.reloads))") }
  return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
}

/// The number of the cell that shows `name`: the same number after a batch means the same
/// cell, moved or kept.
@MainActor
func cell(of name: String, in view: SimulatedListView<String, Contact>) -> String {
  for (section, group) in view.shown.enumerated() {
    if let row = group.items.firstIndex(where: { $0.name == name }),
      let identity = view.cellIdentity(at: IndexPath(indexes: [section, row]))
    {
      return "#\(identity)"
    }
  }
  return "none"
}

/// Runs the list tour: a flat list, then a list in sections, changing over a few steps.
@MainActor
func runListTour() -> [AnyCancellable] {
  let model = ContactsModel()
  var subscriptions: [AnyCancellable] = []

  print("A flat list bound to a @Diff array: each write on the main thread becomes one batch")
  print("update, applied before the write returns. Every cell is ListBindable.")
  var updater: ListUpdater<Contact>!
  let view = SimulatedListView(showingItems: model.contacts) { updater.items }
  updater = ListUpdater(view: view, items: model.contacts, reloadThreshold: 5)
  view.isBindable = { _ in true }
  updater.bind(to: model.$contacts).store(in: &subscriptions)
  show("Start", view)

  model.contacts.insert(Contact(name: "Dee"), at: 1)
  show("Dee joins at row 1", view)

  model.contacts.swapAt(0, 3)
  show("Ann and Cid swap places", view)

  let cidBefore = cell(of: "Cid", in: view)
  var contacts = model.contacts
  contacts.insert(Contact(name: "Eve"), at: 0)
  contacts[1].status = "away"
  model.contacts = contacts
  show(
    "Eve joins at the top as Cid goes away: Cid's row shifts down and its cell is re-bound,\n"
      + "not replaced (cell \(cidBefore) before, \(cell(of: "Cid", in: view)) after)", view)

  view.isBindable = { $0[1] != 3 }  // the cell in row 3 is a plain one
  contacts = model.contacts
  contacts[3].status = "busy"
  model.contacts = contacts
  show("Bob is busy: his plain cell cannot be re-bound, so it is reloaded", view)

  view.completesImmediately = false  // from now on an animation runs until it is ended
  model.contacts.append(Contact(name: "Fay"))
  model.contacts.removeFirst()
  model.contacts.append(Contact(name: "Gus"))
  show("Three writes while the first batch animates: only the first has run", view)
  view.finishAnimations()
  show("Its animation ends: the view catches up with the two others in one batch", view)
  view.completesImmediately = true

  model.contacts = (1...8).map { Contact(name: "Guest \($0)") }
  show("Everyone replaced: more than 5 changes, so the view reloads", view)

  print("\nA list in sections: stages, each one batch UIKit accepts.")
  var sectioned: SectionedListUpdater<ListSection<String, Contact>>!
  let sectionView = SimulatedListView(showing: model.groups) { sectioned.sections }
  sectioned = SectionedListUpdater(view: sectionView, sections: model.groups)
  sectionView.isBindable = { _ in true }
  sectioned.bind(to: model.$groups).store(in: &subscriptions)
  show("Start", sectionView)

  // Each step builds the new sections, then writes them once: one change, one diff.
  var groups = model.groups
  groups[1].items.append(groups[0].items.removeFirst())
  model.groups = groups
  show("Ann moves from Team to Friends: one move across sections", sectionView)

  groups.swapAt(0, 1)
  groups[0].items.insert(Contact(name: "Eve"), at: 0)
  model.groups = groups
  show(
    "Friends moves to the top as Eve joins it: UIKit cannot change the items of a section\n"
      + "that moves in the same batch, so the section moves first, then the items",
    sectionView)

  let annBefore = cell(of: "Ann", in: sectionView)
  groups.append(ListSection("Family", items: [Contact(name: "Fay")]))
  var ann = groups[0].items.removeLast()
  ann.status = "away"
  groups[1].items.append(ann)
  model.groups = groups
  show(
    "A Family section appears as Ann, away, moves back to Team: her cell slides there, then\n"
      + "is re-bound (cell \(annBefore) before, \(cell(of: "Ann", in: sectionView)) after)",
    sectionView)

  runDataSourceTour(model, &subscriptions)
  return subscriptions
}

/// The tour's last screen: the updater is the view's data source, its cells made by a cell
/// provider; no data-source method is written, and the user drags a row.
@MainActor
func runDataSourceTour(_ model: ContactsModel, _ subscriptions: inout [AnyCancellable]) {
  print("\nA screen with no data-source method: the updater answers the view, making each cell")
  print("with a cell provider, and takes the user's drags.")
  model.contacts = [Contact(name: "Ann"), Contact(name: "Bob"), Contact(name: "Cid")]
  let view = SimulatedListView(showingItems: model.contacts) { [] }
  view.canReconfigureItems = true  // as UIKit's views, iOS 15 on
  let updater = ListUpdater(view: view, items: model.contacts) { view, indexPath, contact in
    let cell = view.dequeueCell(for: indexPath)
    cell.text = contact.description
    return cell
  }
  updater.reorderingHandlers.canReorderItem = { _ in true }
  updater.reorderingHandlers.didReorder = { change in model.contacts = change.new }
  updater.bind(to: model.$contacts).store(in: &subscriptions)
  func cells() -> String {
    (0..<updater.items.count).map { view.cell(at: IndexPath(indexes: [0, $0]))?.text ?? "?" }
      .joined(separator: " · ")
  }
  show("Start; the cells read: \(cells())", view)

  let bob = view.cell(at: IndexPath(indexes: [0, 1]))
  model.contacts[1].status = "away"
  let kept = bob === view.cell(at: IndexPath(indexes: [0, 1])) ? "kept" : "replaced"
  show(
    "Bob goes away: his plain cell is reconfigured, the same cell (\(kept)); the cells read: "
      + cells(), view)

  view.simulateUserMove(from: IndexPath(indexes: [0, 2]), to: IndexPath(indexes: [0, 0]))
  let row = updater.indexPath(for: Contact(name: "Cid"))?[1] ?? -1
  show(
    "The user drags Cid to the top: the model follows, nothing animates again; Cid is at row "
      + "\(row)", view)

  // AppKit's collection view reports a drop before an item and moves nothing itself: the
  // updater takes the drop, then the view shows the move (reorderListItemsByDragging()).
  let before = updater.items
  view.simulateUserDrop(from: IndexPath(indexes: [0, 0]), before: IndexPath(indexes: [0, 3]))
  let diff = ListDiff(old: before, new: updater.items)
  let lookup = diff.identifierLookup(old: before, new: updater.items)
  let cid = Contact(name: "Cid").diffIdentifier
  show(
    "On a Mac the user drops Cid after Bob: the model follows again; by identifier, Cid was "
      + "at row \(lookup.oldIndex(forIdentifier: cid) ?? -1) and is at row "
      + "\(lookup.newIndex(forIdentifier: cid) ?? -1)", view)
}
