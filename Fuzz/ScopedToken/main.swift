import FuzzDriver

FuzzDriver.main { fuzzScopedToken($0, $1) }
