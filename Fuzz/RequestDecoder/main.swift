import FuzzDriver

FuzzDriver.main { fuzzRequestDecoder($0, $1) }
