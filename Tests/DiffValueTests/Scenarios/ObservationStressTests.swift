import DiffValue
import Foundation
import Observation
import TestSupport
import Testing

/// Trackings re-armed as SwiftUI re-arms a `body` while several threads write at once.
///
/// None is ever left without the tell of a change that came after its read (issue 36: per-part
/// trackings lost tells under concurrent in-place writes). `.ci/run` runs this suite under Thread Sanitizer.
@Suite struct ObservationStressTests {
  /// A tracking that a view re-arms after each tell, as SwiftUI's next render would: its own
  /// thread reads again whenever the last arming was told, until stopped.
  final class RearmingView: @unchecked Sendable {
    /// One arming: told at most once by Observation.
    final class Arming: @unchecked Sendable {
      // Guarded by the view's lock.
      var tells = 0
    }

    // Guarded by `lock`.
    private let lock = NSLock()
    private var current: Arming?
    let read: @Sendable () -> Void

    init(read: @escaping @Sendable () -> Void) { self.read = read }

    /// Reads under tracking; the tracking is installed when this returns.
    func arm() {
      let arming = Arming()
      withObservationTracking(read) { [self] in lock.withLock { arming.tells += 1 } }
      lock.withLock { current = arming }
    }

    /// Re-arms whenever told, until `keepGoing` says stop.
    func rearm(while keepGoing: () -> Bool) {
      while keepGoing() {
        if !isArmed { arm() }
        sched_yield()
      }
    }

    /// Whether the last arming is installed and was not told yet.
    var isArmed: Bool { lock.withLock { current.map { $0.tells == 0 } ?? false } }
    /// How often the last arming was told.
    var lastArmingTells: Int { lock.withLock { current?.tells ?? 0 } }
  }

  enum Reading: String, CaseIterable, Sendable {
    case part, whole
  }

  enum Writing: String, CaseIterable, Sendable {
    case inPlace, whole, modify, mixed
  }

  @Test(arguments: Reading.allCases, Writing.allCases)
  func aTrackingArmedBeforeAChangeIsToldOfIt(reading: Reading, writing: Writing) {
    for round in 0..<20 {
      let model = PersonModel()
      let view = RearmingView {
        switch reading {
        case .part: _ = model.$person[\.name]
        case .whole: _ = model.person
        }
      }
      let writers = Locked(4)
      runConcurrently(threads: 5) { thread in
        if thread == 4 {
          view.rearm { writers.withLock { $0 } > 0 }
          return
        }
        for index in 0..<200 {
          let name = "\(thread)-\(index)"
          switch (writing, index % 3) {
          case (.inPlace, _), (.mixed, 0): model.person.name = name
          case (.whole, _), (.mixed, 1): model.person = Person(name: name, visits: index)
          default: model.$person.modify { $0.name = name }
          }
        }
        writers.withLock { $0 -= 1 }
      }
      // After the churn, whatever state the reads were left in: an installed tracking is told
      // of the next change, once.
      if !view.isArmed { view.arm() }
      model.person.name = "last \(round)"
      #expect(
        view.lastArmingTells == 1,
        "round \(round): a tracking installed before the last change was told of it \(view.lastArmingTells) times"
      )
    }
  }
}
