// snippet.hide
// DiffValue's article "Migrating from the diffable data source" shows this file: the screen as
// it was written with UIKit's diffable data source. It is UIKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit)
  import UIKit

  struct Contact: Identifiable, Hashable {
    var id: Int
    var name: String
    var isFavorite: Bool
  }

  // snippet.show
  final class ContactsViewController: UIViewController {
    enum Section { case favorites, everyone }

    let tableView = UITableView()
    // The snapshot holds identifiers: the cell provider looks each contact up.
    private var contactsByID: [Contact.ID: Contact] = [:]

    lazy var dataSource = UITableViewDiffableDataSource<Section, Contact.ID>(
      tableView: tableView
    ) { [unowned self] tableView, indexPath, id in
      let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
      cell.textLabel?.text = contactsByID[id]?.name
      return cell
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
      tableView.dataSource = dataSource
    }

    func show(_ contacts: [Contact]) {
      // A renamed contact keeps its identifier: reporting it is the app's bookkeeping.
      let renamed = contacts.filter { new in contactsByID[new.id].map { $0 != new } ?? false }
      contactsByID = Dictionary(contacts.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
      var snapshot = NSDiffableDataSourceSnapshot<Section, Contact.ID>()
      snapshot.appendSections([.favorites, .everyone])
      // An identifier twice, in one section or two, raises an exception: the server's list
      // must hold no repeated contact.
      snapshot.appendItems(contacts.filter(\.isFavorite).map(\.id), toSection: .favorites)
      snapshot.appendItems(contacts.filter { !$0.isFavorite }.map(\.id), toSection: .everyone)
      snapshot.reconfigureItems(renamed.map(\.id))
      dataSource.apply(snapshot, animatingDifferences: true)
    }

    func delete(_ contact: Contact) {
      var snapshot = dataSource.snapshot()
      snapshot.deleteItems([contact.id])
      dataSource.apply(snapshot, animatingDifferences: true)
    }

    func avatarDidLoad(for id: Contact.ID) {
      var snapshot = dataSource.snapshot()
      // Reconfiguring an identifier the snapshot lacks raises an exception: the contact may
      // have been deleted while its avatar loaded.
      guard snapshot.indexOfItem(id) != nil else { return }
      snapshot.reconfigureItems([id])
      dataSource.apply(snapshot, animatingDifferences: true)
    }
  }
// snippet.hide
#endif
