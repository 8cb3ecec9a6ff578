import FuzzDriver

FuzzDriver.main { fuzzJSONDocument($0, $1) }
