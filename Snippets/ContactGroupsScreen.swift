// snippet.hide
// DiffValue's "Lists and batch updates" shows this file. It is UIKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit)
  import DiffValue
  import UIKit

  struct Person: Identifiable, Hashable, Diffable {
    var id: String
    var name: String
  }

  final class PersonCell: UICollectionViewCell {
    func show(_ person: Person) {}
  }

  final class GroupHeaderView: UICollectionReusableView {
    var title = ""
  }

  // snippet.show
  typealias PeopleGroup = ListSection<String, Person>

  @MainActor
  final class ContactGroupsScreen {
    let collectionView: UICollectionView
    @Diff var groups: [PeopleGroup] = []
    var subscriptions = Set<AnyCancellable>()

    // Cells from a cell registration, headers from a supplementary registration: no
    // data-source method to write.
    lazy var updater: SectionedListUpdater<PeopleGroup> = SectionedListUpdater(
      view: collectionView, sections: groups,
      cellRegistration: UICollectionView.CellRegistration<PersonCell, Person> {
        cell, _, person in cell.show(person)
      },
      supplementaryRegistrations: [
        UICollectionView.ListSupplementaryRegistration(
          GroupHeaderView.self, elementKind: UICollectionView.elementKindSectionHeader
        ) { [unowned self] header, _, indexPath in
          header.title = updater.sections[indexPath.section].model
        }
      ])

    init(collectionView: UICollectionView) {
      self.collectionView = collectionView
      updater.bind(to: $groups).store(in: &subscriptions)
    }
  }
// snippet.hide
#endif
