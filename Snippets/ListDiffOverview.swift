// snippet.hide
// ListDiffKit's documentation landing page (Sources/ListDiffKit/ListDiffKit.docc) shows this
// file; the preconditions keep its comment true.
import ListDiffKit

// snippet.show
let diff = ListDiff(old: ["a", "b", "c", "d"], new: ["b", "a", "d", "e"])
// diff.deletes == [2], diff.inserts == [3], diff.moves == [1->0]

let update = diff.batchUpdate()  // index paths for one performBatchUpdates call
// snippet.hide
precondition(diff.deletes == [2] && diff.inserts == [3])
precondition(diff.moves == [ListDiff.Move(from: 1, to: 0)] && diff.updates.isEmpty)
precondition(
  BatchUpdateChecker.check(update, old: ["a", "b", "c", "d"], new: ["b", "a", "d", "e"]) == nil)
