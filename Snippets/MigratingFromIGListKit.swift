// snippet.hide
// DiffValue's article "Migrating from IGListKit" shows this file; the preconditions keep its
// comments true.
import DiffValue

// snippet.show
// IGListKit's ListDiffable: diffIdentifier() and isEqual(toDiffableObject:).
final class Post: Diffable {
  let id: Int
  let text: String
  let likes: Int

  init(id: Int, text: String, likes: Int) {
    self.id = id
    self.text = text
    self.likes = likes
  }

  var diffIdentifier: Int { id }  // any Hashable: no NSObjectProtocol, no boxing

  func isContentEqual(to other: Post) -> Bool {
    text == other.text && likes == other.likes
  }
}

let first = Post(id: 1, text: "Hello", likes: 0)
let old = [first, Post(id: 2, text: "World", likes: 3)]
let new = [Post(id: 2, text: "World", likes: 4), first, Post(id: 3, text: "New", likes: 0)]

// ListDiff(oldArray:newArray:option: .equality)
let diff = ListDiff(old: old, new: new)
// diff.inserts == [2], diff.updates == [1], diff.moves == [1->0]: the same index sets

// option: .pointerPersonality: a matched pair is updated when it is another instance.
let byInstance = ListDiff(old: old, new: new, detectingUpdatesBy: .instance)
// byInstance.updates == [1]: post 2 is a new object, post 1 the same one

// IGListIndexPathResult, for one section's performBatchUpdates.
let update = diff.batchUpdate(oldSection: 0, newSection: 0)
// snippet.hide
precondition(diff.inserts == [2] && diff.deletes.isEmpty && diff.updates == [1])
precondition(diff.moves == [ListDiff.Move(from: 1, to: 0)])
precondition(byInstance.updates == [1])
precondition(BatchUpdateChecker.check(update, old: old.map(\.id), new: new.map(\.id)) == nil)
