// snippet.hide
// README.md, "Lists", and DiffValue's "Lists and batch updates" show this file.
import DiffValue
import Testing

// snippet.show
struct Contact: Identifiable, Hashable, Diffable {
  var id: String
  var status: String
}

// snippet.hide
let before = [
  Contact(id: "ann", status: "online"), Contact(id: "bob", status: "away"),
  Contact(id: "cyd", status: "online"), Contact(id: "dee", status: "away"),
]
let after = [
  Contact(id: "bob", status: "online"), Contact(id: "ann", status: "online"),
  Contact(id: "dee", status: "away"), Contact(id: "eve", status: "online"),
]
// snippet.show
let diff = ListDiff(old: before, new: after)
let deletes = diff.deletes  // old indices
let inserts = diff.inserts  // new indices
let updates = diff.updates  // old indices of items whose content changed
let moves = diff.moves  // from old index to new index; the fewest for the pairing chosen
// Index paths for one performBatchUpdates, valid under UIKit's rules.
let update = diff.batchUpdate()
#expect(BatchUpdateChecker.check(update, old: before, new: after) == nil)  // in your own tests
// snippet.hide
precondition(deletes == [2] && inserts == [3] && updates == [1])
precondition(moves == [ListDiff.Move(from: 1, to: 0)])
print(diff)
