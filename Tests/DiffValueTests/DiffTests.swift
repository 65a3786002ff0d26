import DiffValue
import RelayTestSupport
import TestSupport
import Testing

struct Profile: Equatable, Sendable {
  var name: String
  var age: Int
  var tags: [String] = []
}

struct Account: EquatableWithIdentity, Sendable {
  var user: Profile
  var friend: Profile?
  var note: String
  static var identity: Account { Account(user: Profile(name: "", age: 0), friend: nil, note: "") }
}

final class Holder {
  @Diff(\.user.name, \.friend?.name) var account: Account
  @Diff(\.name) var profile = Profile(name: "a", age: 1)
  @Diff var whole = Profile(name: "w", age: 0)
  @Diff() var identityWhole: Account
  @Diff(value: Profile(name: "v", age: 2), \.age) var valued: Profile
  @Diff(keyPaths: (\Account.note).diffable, (\Account.user.age).diffable) var variadic: Account
  @Diff(wrappedValue: Profile(name: "x", age: 0), keyPaths: [(\Profile.age).diffable])
  var arrayed: Profile
  @Diff(\.age, \.age, \.name) var repeated = Profile(name: "r", age: 0)
}

@Suite struct DiffTests {
  @Test func unselectedWritesAreStoredButNotPublished() {
    let holder = Holder()
    var seen: [String] = []
    let subscription = holder.$profile.sink { seen.append("\($0.name)/\($0.age)") }
    holder.profile = Profile(name: "a", age: 99)
    #expect(holder.profile.age == 99)
    #expect(holder.$profile.value.age == 99)
    holder.profile = Profile(name: "b", age: 99)
    #expect(seen == ["a/1", "b/99"])
    _ = subscription
  }

  @Test func writingTheSameValueIsANoOpForSubscribers() {
    let holder = Holder()
    let tracker = TrackingSubscriber<Profile, Never>(demand: .unlimited)
    holder.$whole.subscribe(tracker)
    holder.whole = holder.whole
    holder.whole = Profile(name: "w", age: 0)
    holder.whole = Profile(name: "w", age: 0, tags: ["t"])
    #expect(tracker.values.count == 2)
  }

  @Test func nestedAndOptionalChainedKeyPaths() {
    let holder = Holder()
    var names: [String] = []
    let subscription = holder.$account.sink {
      names.append($0.user.name + "|" + ($0.friend?.name ?? "-"))
    }
    holder.account.note = "ignored"
    holder.account.user.age = 5
    holder.account.user.name = "ann"
    holder.account.friend = Profile(name: "bob", age: 1)
    holder.account.friend?.age = 2
    holder.account.friend = nil
    #expect(names == ["|-", "ann|-", "ann|bob", "ann|-"])
    #expect(holder.account.note == "ignored")
    _ = subscription
  }

  @Test func everyInitializerSelectsWhatItSays() {
    let holder = Holder()
    var counts = [String: Int]()
    var subscriptions: [AnyCancellable] = []
    subscriptions.append(
      holder.$identityWhole.sink { _ in counts["identityWhole", default: 0] += 1 })
    subscriptions.append(holder.$valued.sink { _ in counts["valued", default: 0] += 1 })
    subscriptions.append(holder.$variadic.sink { _ in counts["variadic", default: 0] += 1 })
    subscriptions.append(holder.$arrayed.sink { _ in counts["arrayed", default: 0] += 1 })
    #expect(holder.identityWhole == .identity)
    #expect(holder.valued.name == "v")
    holder.identityWhole.note = "n"  // whole value: publishes
    holder.valued.name = "changed"  // only age selected: silent
    holder.valued.age = 3  // publishes
    holder.variadic.user.name = "silent"
    holder.variadic.user.age = 4  // publishes
    holder.variadic.note = "n"  // publishes
    holder.arrayed.name = "silent"
    holder.arrayed.age = 1  // publishes
    #expect(counts == ["identityWhole": 2, "valued": 2, "variadic": 3, "arrayed": 2])
    _ = subscriptions
  }

  @Test func aKeyPathGivenTwiceCountsOnce() {
    let holder = Holder()
    var changed: [[PartialKeyPath<Profile>]] = []
    let subscription = holder.$repeated.changes.sink { changed.append($0.changedKeyPaths) }
    holder.repeated.age = 1
    holder.repeated = Profile(name: "s", age: 2)
    #expect(changed == [[\Profile.age], [\Profile.age, \Profile.name]])
    _ = subscription
  }

  @Test func manyKeyPaths() {
    let large = LargeHolder()
    var published = 0
    let subscription = large.$state.sink { _ in published += 1 }
    var arrayedPublished = 0
    let arrayed = large.$arrayed.sink { _ in arrayedPublished += 1 }
    let properties: [WritableKeyPath<LargeState, String>] = [
      \.property1, \.property2, \.property3, \.property4, \.property5, \.property6,
      \.property7, \.property8, \.property9, \.property10, \.property11, \.property12,
    ]
    for (index, property) in properties.enumerated() {
      large.state[keyPath: property] = "changed \(index)"
      large.arrayed[keyPath: property] = "changed \(index)"
    }
    large.state.unobserved = "silent"
    large.arrayed.unobserved = "silent"
    #expect(published == 13)
    #expect(arrayedPublished == 13)
    #expect(large.state.unobserved == "silent")
    _ = (subscription, arrayed)
  }

  @Test func aWriteFromASubscriberIsPublishedAfterEveryoneSawTheCurrentValue() {
    let holder = Holder()
    var first: [Int] = []
    var second: [Int] = []
    let a = holder.$valued.sink { value in
      first.append(value.age)
      if value.age == 3 { holder.valued.age = 4 }
    }
    let b = holder.$valued.sink { second.append($0.age) }
    holder.valued.age = 3
    #expect(first == [2, 3, 4])
    #expect(second == [2, 3, 4])
    #expect(holder.valued.age == 4)
    _ = (a, b)
  }

  @Test func changesReportOldNewAndWhichParts() {
    let holder = Holder()
    var changes: [DiffChange<Account>] = []
    let subscription = holder.$account.changes.sink { changes.append($0) }
    holder.account.user.name = "ann"
    holder.account.note = "silent"
    holder.account.friend = Profile(name: "bob", age: 1)
    #expect(changes.count == 2)
    #expect(changes[0].old.user.name == "" && changes[0].new.user.name == "ann")
    #expect(changes[0].changed(\Account.user.name) && !changes[0].changed(\Account.friend?.name))
    #expect(changes[1].changedKeyPaths == [\Account.friend?.name])
    #expect(changes[1].old.note == "" && changes[1].new.note == "silent")
    _ = subscription
  }

  @Test func relayOperatorsWorkOnTheProjection() {
    let holder = Holder()
    var names: [String] = []
    let subscription = holder.$profile.map(\.name).filter { $0 != "skip" }.sink { names.append($0) }
    holder.profile.name = "skip"
    holder.profile.name = "keep"
    #expect(names == ["a", "keep"])
    _ = subscription
  }
}

/// The seed's twelve-property state.
struct LargeState: EquatableWithIdentity {
  var property1 = "", property2 = "", property3 = "", property4 = "", property5 = ""
  var property6 = "", property7 = "", property8 = "", property9 = "", property10 = ""
  var property11 = "", property12 = ""
  var unobserved = ""
  static var identity: LargeState { LargeState() }
}

final class LargeHolder {
  @Diff(
    \.property1, \.property2, \.property3, \.property4, \.property5, \.property6,
    \.property7, \.property8, \.property9, \.property10, \.property11, \.property12)
  var state: LargeState

  @Diff(keyPaths: [
    (\LargeState.property1).diffable, (\LargeState.property2).diffable,
    (\LargeState.property3).diffable, (\LargeState.property4).diffable,
    (\LargeState.property5).diffable, (\LargeState.property6).diffable,
    (\LargeState.property7).diffable, (\LargeState.property8).diffable,
    (\LargeState.property9).diffable, (\LargeState.property10).diffable,
    (\LargeState.property11).diffable, (\LargeState.property12).diffable,
  ])
  var arrayed: LargeState
}
