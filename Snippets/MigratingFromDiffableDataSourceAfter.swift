// snippet.hide
// DiffValue's article "Migrating from the diffable data source" shows this file: the screen of
// MigratingFromDiffableDataSourceBefore.swift with a DiffValue updater. It is UIKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit)
  import DiffValue
  import UIKit

  // snippet.show
  // Identity is `id`, content is `==`: no separate identifier type, no lookup table.
  struct Contact: Identifiable, Equatable, Diffable {
    var id: Int
    var name: String
    var isFavorite: Bool
  }

  final class ContactsViewController: UIViewController {
    enum Section: Hashable, Diffable { case favorites, everyone }  // its own identifier

    let tableView = UITableView()

    // The updater is the data source: its cell provider gets the contact itself.
    lazy var updater = SectionedListUpdater<ListSection<Section, Contact>>(
      view: tableView, sections: []
    ) { tableView, indexPath, contact in
      let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
      cell.textLabel?.text = contact.name
      return cell
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
    }

    func show(_ contacts: [Contact]) {
      var snapshot = ListSnapshot<Section, Contact>()
      snapshot.appendSections([.favorites, .everyone])
      // A repeated contact is shown twice, never an exception.
      snapshot.appendItems(contacts.filter(\.isFavorite), toSection: .favorites)
      snapshot.appendItems(contacts.filter { !$0.isFavorite }, toSection: .everyone)
      // A renamed contact is found by its content and its cell shown again: no bookkeeping.
      updater.apply(snapshot, animatingDifferences: true)
    }

    func delete(_ contact: Contact) {
      var snapshot = updater.snapshot()
      snapshot.deleteItems([contact])
      updater.apply(snapshot, animatingDifferences: true)
    }

    func avatarDidLoad(for id: Contact.ID) {
      // A change the value does not hold. A contact deleted meanwhile is passed over; a change
      // being animated takes the refresh along.
      updater.reconfigureItems([id])
    }
  }
// snippet.hide
#endif
