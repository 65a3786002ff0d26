// snippet.hide
// DiffValue's article "Migrating from IGListKit" shows this file. It is UIKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit)
  import DiffValue
  import UIKit

  struct Post: Identifiable, Hashable, Diffable {
    var id: Int
    var text: String
    var likes: Int
  }

  // snippet.show
  // IGListKit's ListBindable cell: the same protocol name and the same method.
  final class PostCell: UICollectionViewCell, ListBindable {
    let label = UILabel()

    func bindViewModel(_ viewModel: Any) {
      guard let post = viewModel as? Post else { return }
      label.text = "\(post.text), \(post.likes) likes"
    }
  }

  final class FeedViewController: UIViewController {
    // What ListAdapterDataSource's objects(for:) returned: the list itself, observed.
    @Diff var posts: [Post] = []
    let collectionView = UICollectionView(
      frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    private var subscriptions = Set<AnyCancellable>()

    // ListAdapter and the binding section controller's cellForViewModel: one updater, the
    // collection view's data source, with a cell provider.
    lazy var updater = ListUpdater(view: collectionView, items: posts) {
      collectionView, indexPath, post in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "post", for: indexPath)
      (cell as? PostCell)?.bindViewModel(post)
      return cell
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView.register(PostCell.self, forCellWithReuseIdentifier: "post")
      // performUpdates(animated:completion:) on every change: a new post animates in, a
      // changed one is re-bound in its cell, changes during an animation are coalesced.
      updater.bind(to: $posts).store(in: &subscriptions)
    }

    func like(_ post: Post) {
      // The post keeps its identity and changes its content: its cell is re-bound in place.
      guard let index = posts.firstIndex(where: { $0.id == post.id }) else { return }
      posts[index].likes += 1
    }
  }
// snippet.hide
#endif
