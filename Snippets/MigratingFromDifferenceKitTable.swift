// snippet.hide
// DiffValue's article "Migrating from DifferenceKit" shows this file. It is UIKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit)
  import DiffValue
  import UIKit

  struct Message: Identifiable, Hashable, Diffable {
    var id: Int
    var text: String
  }

  typealias Day = ListSection<String, Message>

  // snippet.show
  final class ChatViewController: UITableViewController {
    @Diff var days: [Day] = []
    private var subscriptions = Set<AnyCancellable>()

    // Replaces tableView.reload(using:with:interrupt:setData:) and the data source methods:
    // the updater swaps the data inside each stage's batch and answers the counts.
    lazy var updater = SectionedListUpdater(view: tableView, sections: days) {
      tableView, indexPath, message in
      let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
      cell.textLabel?.text = message.text
      return cell
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
      // interrupt: reload without animating above reloadThreshold (300) operations, or when
      // this says so.
      updater.shouldReload = { change in change.diff.stages.count > 2 }
      updater.bind(to: $days).store(in: &subscriptions)
    }

    func receive(_ message: Message, on day: Int) {
      days[day].items.append(message)  // animated as one batch; set no data yourself
    }
  }
// snippet.hide
#endif
