import DiffValue
import RelayTestSupport
import Testing

/// `$property.changes`: a subscriber with limited demand.
@Suite struct ChangesBackpressureTests {
  @Test func aSubscriberWithLimitedDemandNeverGetsAnEmptyChange() {
    final class Model {
      @Diff(\.name) var profile = Profile(name: "a", age: 0)
    }
    let model = Model()
    let tracker = TrackingSubscriber<DiffChange<Profile>, Never>(demand: .max(1))
    model.$profile.changes.subscribe(tracker)
    model.profile.name = "b"  // delivered: a → b
    model.profile.name = "c"  // no demand left: skipped
    model.profile.name = "b"  // back to what the subscriber last saw
    tracker.request(.max(1))  // the latest value, b, is no change for it
    model.profile.name = "d"
    #expect(tracker.values.map { "\($0.old.name)→\($0.new.name)" } == ["a→b", "b→d"])
  }
}
