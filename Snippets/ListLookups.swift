// snippet.hide
// README.md, "Lists", shows this file.
import DiffValue

struct Contact: Identifiable, Hashable, Diffable {
  var id: String
  var status: String
}

let before = [Contact(id: "ann", status: "online"), Contact(id: "bob", status: "away")]
let after = [Contact(id: "bob", status: "online"), Contact(id: "cyd", status: "online")]
// snippet.show
let diff = ListDiff(old: before, new: after)
// By offset: where the item at old offset 1 ("bob") went.
let bobNow = diff.newIndex(for: 1)  // 0
// By identifier, as IGListKit's oldIndex(forIdentifier:) and newIndex(forIdentifier:): build the
// lookup once from the two lists, then each answer is O(1).
let lookup = diff.identifierLookup(old: before, new: after)
let annBefore = lookup.oldIndex(forIdentifier: "ann")  // 0
let annNow = lookup.newIndex(forIdentifier: "ann")  // nil: deleted
// snippet.hide
precondition(bobNow == 0 && annBefore == 0 && annNow == nil)
print(diff)
