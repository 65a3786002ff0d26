@_exported import ListDiffKit
@_exported import Relay
