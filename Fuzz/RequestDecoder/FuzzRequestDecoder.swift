// libFuzzer target for the request decoder (docs/DESIGN.md §14 (Request framing and limits)): the package's
// `fuzz-request-decoder`, which Fuzz/run builds with libFuzzer and every other build compiles as a replayer.
//
// Every input is decoded twice: whole, and cut into reads whose sizes the input's first byte
// chooses. Both must agree request by request (the incremental decoder resumes exactly where
// it stopped), every byte must be examined at most about once, and whatever the bytes, the
// decoder must answer without crashing, hanging or tripping the address sanitizer.

import FuzzDriver

@testable import HTTPServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let step = Int(data[0] % 64) + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var limits = HTTPLimits()
    // Small limits, so that the fuzzer reaches every limit with short inputs.
    limits.maxRequestLineBytes = 256
    limits.maxHeaderBytes = 512
    limits.maxHeaderCount = 8
    limits.maxBodyBytes = 512
    let whole = decodeAll(bytes, step: bytes.count, limits: limits)
    let cut = decodeAll(bytes, step: step, limits: limits)
    guard whole.results == cut.results else {
        fatalError("decoding in reads of \(step) bytes differs from decoding whole: \(cut.results) vs \(whole.results)")
    }
    guard cut.examined <= 2 * bytes.count + bytes.count / step + 2 else {
        fatalError("\(cut.examined) bytes examined for \(bytes.count) received in reads of \(step)")
    }
    return 0
}

/// Decodes `bytes` as a connection's input growing `step` bytes per read: the results in order
/// (each complete request, then the final state), and the bytes examined.
func decodeAll(_ bytes: [UInt8], step: Int, limits: HTTPLimits) -> (results: [String], examined: Int) {
    var decoder = HTTPRequestDecoder(limits: limits)
    var results: [String] = []
    var start = 0
    var received = 0
    while true {
        let result = decoder.decode(bytes[start..<received])
        switch result {
        case .complete(let request, let consumed):
            guard consumed > 0, start + consumed <= received else { fatalError("consumed \(consumed) of \(received - start)") }
            results.append("\(request.method) \(request.target) \(request.minorVersion) \(request.headers.count) \(request.body.count)")
            start += consumed
        case .failed(let error):
            results.append("failed \(error.status)")
            return (results, decoder.bytesExamined)
        case .incomplete:
            guard received < bytes.count else {
                results.append("incomplete")
                return (results, decoder.bytesExamined)
            }
            received = min(bytes.count, received + step)
        }
    }
}
