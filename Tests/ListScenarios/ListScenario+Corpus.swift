import DiffValue
import Foundation

extension ListScenario {
  /// Every scenario, flat and sectioned: the cases `SimulatedListView`'s and the updaters'
  /// tests replay (each names the test it comes from), as steps any view can take.
  public static var corpus: [ListScenario] { flatCorpus + sectionedCorpus }

  /// The scenarios of a flat list, which a view of rows (NSTableView) shows too.
  public static var flatCorpus: [ListScenario] {
    [
      ListScenario(
        "inserts, deletes and moves in one batch (ListUpdaterTests)", items: items([1, 2, 3, 4]),
        steps: [.apply(list(items([4, 2, 5, 1]))), .finishAnimations]),
      ListScenario(
        "from and to an empty list", items: [],
        steps: [
          .apply(list(items([1, 2, 3]))), .finishAnimations, .apply(list([])), .finishAnimations,
        ]),
      ListScenario(
        "content changed in place: reconfigured, or reloaded (ListUpdaterReconfigureTests)",
        items: items([1, 2, 3]),
        steps: [
          .apply(list([Item(1, revision: 1), Item(2), Item(3, revision: 1)])), .finishAnimations,
        ]
      ),
      ListScenario(
        "a changed row that only shifts (defect 1, ListUpdaterTests)",
        items: items([1, 2, 3, 4, 5]),
        steps: [
          .apply(list([Item(0), Item(1), Item(2), Item(3, revision: 1), Item(4), Item(5)])),
          .finishAnimations,
        ]),
      ListScenario(
        "a changed row that moves (IGListKit's moves and reloads)", items: items([1, 2, 42]),
        steps: [.apply(list([Item(42, revision: 1), Item(1), Item(2)])), .finishAnimations]),
      ListScenario(
        "changed rows that shift and move, reconfigured where they went (ListUpdaterReconfigureTests)",
        items: items([1, 2, 3]),
        steps: [
          .apply(list([Item(0), Item(3, revision: 1), Item(1, revision: 1), Item(2)])),
          .finishAnimations,
        ]),
      ListScenario(
        "changed cells reloaded when a change asks (ListUpdaterReconfigureTests)",
        items: items([1, 2]),
        steps: [
          .apply(list([Item(1, revision: 1), Item(2)]), changedCells: .reload), .finishAnimations,
          .apply(list(items([1, 2], revision: 2))), .finishAnimations,
        ]),
      ListScenario(
        "duplicated identities", items: items([1, 1, 2]),
        steps: [
          .apply(list(items([2, 1, 1, 1]))), .finishAnimations,
          .apply(list([Item(1), Item(2), Item(1, revision: 1)])), .finishAnimations,
          .apply(list(items([3, 3]))), .finishAnimations,
        ]),
      ListScenario(
        "twenty changes during one animation, shown in one batch (ListUpdaterCoalescingTests)",
        items: items([0, 1, 2]), steps: twentyChanges(from: items([0, 1, 2])) + [.finishAnimations]),
      ListScenario(
        "every coalesced completion runs, in order (ListUpdaterCoalescingTests)",
        items: items([1, 2]),
        steps: [
          .apply(list(items([2, 1]))), .apply(list(items([2, 1, 3]))), .apply(list(items([3]))),
          .finishAnimations,
        ]),
      ListScenario(
        "coalesced changes animate only if all asked (ListUpdaterCoalescingTests)",
        items: items([1, 2]),
        steps: [
          .apply(list(items([2, 1]))), .apply(list(items([2])), animated: false),
          .apply(list(items([2, 4]))), .finishAnimations,
        ]),
      ListScenario(
        "coalesced changes reload if one asked (ListUpdaterReconfigureTests)",
        items: items([1, 2]),
        steps: [
          .apply(list(items([2, 1]))),
          .apply(list([Item(2, revision: 1), Item(1)]), changedCells: .reload),
          .apply(list(items([2, 1], revision: 1))), .finishAnimations,
        ]),
      ListScenario(
        "released during an animation (ListUpdaterLifetimeTests)", items: items([1, 2, 3]),
        steps: [
          .apply(list(items([3, 2, 1]))), .apply(list(items([1]))), .release, .finishAnimations,
        ]),
      ListScenario(
        "released by a completion with a change waiting (defect 2, ListUpdaterLifetimeTests)",
        items: items([1, 2]),
        steps: [
          .applyReleasingWhenShown(list(items([2, 1]))), .apply(list(items([2]))),
          .finishAnimations,
        ]),
      ListScenario(
        "a row the user moved is not moved again (IGListKit, ListUpdaterUserChangeTests)",
        items: items([7, 8, 20]),
        steps: [
          .userMove(from: [0, 0], to: [0, 2]), .apply(list(items([8, 7]))), .finishAnimations,
        ]),
      ListScenario(
        "the user moves rows up and down between changes", items: items([1, 2, 3, 4]),
        steps: [
          .userMove(from: [0, 3], to: [0, 0]), .apply(list(items([4, 1, 2, 3, 5]))),
          .finishAnimations, .userMove(from: [0, 1], to: [0, 3]), .apply(list(items([5, 4, 2]))),
          .finishAnimations,
        ]),
    ]
  }

  /// The scenarios of sections, which a table or collection view shows.
  public static var sectionedCorpus: [ListScenario] {
    [
      ListScenario(
        "stages run in order (SectionedListUpdaterTests)",
        sections: twoSections,
        steps: [
          .apply(twoSectionsRearranged),
          .finishAnimations,
        ]),
      ListScenario(
        "moves, changes and a deleted section (IGListKit, SectionedListUpdaterTests)",
        sections: [
          Section("0", items: items([10, 11, 12])), Section("1", items: items([20, 21, 1, 2])),
        ],
        steps: [
          .apply([
            Section("1", items: [Item(1, revision: 1), Item(21), Item(20), Item(2, revision: 1)])
          ]),
          .finishAnimations,
        ]),
      ListScenario(
        "a changed item moving across sections (SectionedListUpdaterTests)",
        sections: twoSections,
        steps: [
          .apply([
            Section("a", items: items([2])), Section("b", items: [Item(3), Item(1, revision: 1)]),
          ]),
          .finishAnimations,
        ]),
      ListScenario(
        "sections inserted, deleted and moved",
        sections: [
          Section("a", items: items([1])), Section("b", items: items([2])),
          Section("c", items: items([3])),
        ],
        steps: [
          .apply([
            Section("c", items: items([3])), Section("d", items: items([4])),
            Section("a", items: items([1, 2])),
          ]),
          .finishAnimations,
        ]),
      ListScenario(
        "DifferenceKit's complicated 1 (SimulatedListViewTests)",
        sections: sections([("0", [0, 1]), ("1", [2, 3]), ("2", [4, 5])]),
        steps: [
          .apply(sections([("0", [0, 1]), ("2", [4, 6, 5]), ("3", [7, 8]), ("3", [9, 10])])),
          .finishAnimations,
        ]),
      ListScenario(
        "DifferenceKit's complicated 2 (SimulatedListViewTests)",
        sections: sections([("0", [0, 1]), ("1", [2, 3]), ("2", [4, 5])]),
        steps: [
          .apply(sections([("1", [3, 5]), ("3", [6, 7, 8, 9]), ("2", [10, 4, 2]), ("0", [1])])),
          .finishAnimations,
        ]),
      ListScenario(
        "a change during stages replaces the stages left (ListUpdaterCoalescingTests)",
        sections: twoSections,
        steps: [
          .apply(twoSectionsRearranged),
          .apply([Section("c", items: items([2]))]), .finishAnimations,
        ]),
      ListScenario(
        // One stage: a change arriving during a change of several stages would be shown with it,
        // both completing together (ListUpdaterCoalescingTests), the released updater's too.
        "sectioned, released by a completion with a change waiting (ListUpdaterLifetimeTests)",
        sections: twoSections,
        steps: [
          .applyReleasingWhenShown([
            Section("a", items: items([2, 1])), Section("b", items: items([3])),
          ]),
          .apply([Section("b", items: [])]), .finishAnimations,
        ]),

      ListScenario(
        "released between stages (ListUpdaterLifetimeTests)",
        sections: twoSections,
        steps: [
          .apply(twoSectionsRearranged),
          .release, .finishAnimations,
        ]),
      ListScenario(
        "the user moves an item across sections (ListUpdaterUserChangeTests)",
        sections: twoSections,
        steps: [
          .userMove(from: [0, 0], to: [1, 0]),
          .apply([Section("a", items: items([2, 4])), Section("b", items: items([1, 3]))]),
          .finishAnimations,
        ]),
    ]
  }

  /// Two sections, as `SectionedListUpdaterTests` starts them.
  static let twoSections = [Section("a", items: items([1, 2])), Section("b", items: items([3]))]

  /// The two sections swapped, an item moved across and one changed: a change of several stages.
  static let twoSectionsRearranged = [
    Section("b", items: [Item(3, revision: 1), Item(1)]), Section("a", items: items([2])),
  ]

  /// Items with these identities, all at one revision.
  static func items(_ ids: [Int], revision: Int = 0) -> [Item] {
    ids.map { Item($0, revision: revision) }
  }

  /// Sections from names and item identities.
  static func sections(_ layout: [(String, [Int])]) -> [Section] {
    layout.map { Section($0.0, items: items($0.1)) }
  }

  /// Twenty changes, each a reordering of the one before plus a new item, as
  /// `writesDuringAnAnimationBecomeOneBatch` writes them (rotated and reversed in turn, not
  /// shuffled, so that every run sees the same lists).
  static func twentyChanges(from start: [Item]) -> [Step] {
    var current = start
    return (0..<20).map { step in
      let reordered =
        step.isMultiple(of: 2)
        ? Array(current.dropFirst() + current.prefix(1)) : current.reversed()
      current = reordered + [Item(100 + step)]
      return .apply(list(current))
    }
  }
}
