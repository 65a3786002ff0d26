import DiffValue
import DiffValueTesting
import Testing

@testable import App

@Test func theModelPublishesANewName() {
  let model = ProfileModel()
  let recorded = model.$profile.map(\.name).record()
  model.profile.name = "Grace"
  model.profile.lastSeen = 2
  #expect(recorded.values == ["", "Grace"])
}
