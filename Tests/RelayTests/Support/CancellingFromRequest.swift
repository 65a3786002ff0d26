import Relay
import RelayTestSupport

/// The downstream of the case "a cancel made from inside an upstream's `request` ends the
/// deliveries".
///
/// It asks for `demand` and logs "value" for each value, which it answers with `.max(1)`. Inside
/// the call for the n-th value (from 1), `onValue(n)` may make more values wait behind that
/// delivery. Once `armedAfter` values arrived, the first request that reaches one of
/// `upstreams`, which the operator makes for the demand returned, cancels this downstream's
/// subscription and logs "cancelled". Nothing may be logged after that.
final class CancellingFromRequest {
  private(set) var log: [String] = []
  private let demand: Subscribers.Demand
  private let armedAfter: Int
  private let onValue: (_ count: Int) -> Void

  /// Subscribes to the operator to test.
  private(set) lazy var tracker = TrackingSubscriber<Int, TestingError>(demand: demand) {
    [unowned self] _ in
    log.append("value")
    onValue(log.count)
    return .max(1)
  }

  init(
    demand: Subscribers.Demand, armedAfter values: Int, upstreams: [TestSubscription],
    onValue: @escaping (_ count: Int) -> Void
  ) {
    self.demand = demand
    armedAfter = values
    self.onValue = onValue
    for upstream in upstreams {
      upstream.onRequest = { [unowned self] _ in
        guard log == expected.dropLast() else { return }
        tracker.cancel()
        log.append("cancelled")
      }
    }
  }

  /// The log when the cancel ended the deliveries.
  var expected: [String] { Array(repeating: "value", count: armedAfter) + ["cancelled"] }
}
