import DiffValue
