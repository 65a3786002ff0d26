// `import DiffValue` is all a user writes: it brings the reactive core and the list diff engine.
@_exported import ListDiffKit
@_exported import Relay
