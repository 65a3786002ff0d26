/// What a relay's subscriptions print as: the Combine publisher the relay stands for, so that
/// logs read alike.
@usableFromInline
enum RelaySubscriptionName: UInt8, CustomStringConvertible {
  case currentValueSubject, passthroughSubject, singleReplay

  @usableFromInline
  var description: String {
    switch self {
    case .currentValueSubject: "CurrentValueSubject"
    case .passthroughSubject: "PassthroughSubject"
    case .singleReplay: "SingleReplay"
    }
  }
}
