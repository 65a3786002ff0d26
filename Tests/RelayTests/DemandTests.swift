import Relay
import Testing

@Suite struct DemandTests {
  @Test func arithmeticSaturates() {
    #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
    #expect(Subscribers.Demand.max(2) + .unlimited == .unlimited)
    #expect(Subscribers.Demand.unlimited + 1 == .unlimited)
    #expect(Subscribers.Demand.max(Int.max) + .max(Int.max) + .max(Int.max) == .unlimited)
    #expect(Subscribers.Demand.max(2) - .max(5) == .none)
    #expect(Subscribers.Demand.unlimited - .max(5) == .unlimited)
    #expect(Subscribers.Demand.max(5) - 2 == .max(3))
    var demand = Subscribers.Demand.max(1)
    demand += 2
    demand -= 1
    #expect(demand == .max(2))
  }

  @Test func comparisonsAndDescription() {
    #expect(Subscribers.Demand.max(1) < .unlimited)
    #expect(Subscribers.Demand.max(3) > 2)
    #expect(Subscribers.Demand.none < 1)
    #expect(Subscribers.Demand.max(4) == 4)
    #expect(Subscribers.Demand.unlimited.max == nil)
    #expect(Subscribers.Demand.unlimited.description == "unlimited")
    #expect(Subscribers.Demand.max(7).description == "max(7)")
  }

  @Test func negativeDemandStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = Subscribers.Demand.max(-1)
    }
  }
}
