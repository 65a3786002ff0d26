// snippet.hide
// DiffValue's article "Lists and batch updates" shows this file. It is UIKit and SwiftUI code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-ins.
#if canImport(UIKit)
  import DiffValue
  import SwiftUI
  import UIKit

  struct Message: Identifiable, Equatable, Diffable, Sendable {
    let id: Int
    var text: String
    var unread = true
  }

  // snippet.show
  struct MessageRow: View {
    let message: Message

    var body: some View {
      VStack(alignment: .leading) {
        Text(message.text)
        Text(message.unread ? "unread" : "read")
      }
    }
  }

  @MainActor final class InboxScreen {
    let collectionView: UICollectionView
    @Diff var messages: [Message] = []
    var subscriptions = Set<AnyCancellable>()

    // A SwiftUI row in each cell. When a message's content changes, the updater reconfigures
    // its cell: the registration's handler runs again for the same cell, with the new message.
    lazy var updater = ListUpdater(
      view: collectionView, items: messages,
      cellRegistration: UICollectionView.CellRegistration<UICollectionViewCell, Message> {
        cell, _, message in
        cell.contentConfiguration = UIHostingConfiguration { MessageRow(message: message) }
      })

    init(collectionView: UICollectionView) {
      self.collectionView = collectionView
      updater.bind(to: $messages).store(in: &subscriptions)
    }
  }
// snippet.hide
#endif
