// snippet.hide
// Relay's documentation landing page (Sources/Relay/Relay.docc/Relay.md) shows this file.
// snippet.show
import Relay

let relay = CurrentValueRelay(0)
let doubled = relay.map { $0 * 2 }.removeDuplicates()
let subscription = doubled.sink { print($0) }  // prints 0
relay.send(1)  // prints 2
// snippet.hide
subscription.cancel()
