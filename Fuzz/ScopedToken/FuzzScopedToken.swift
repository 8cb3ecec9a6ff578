// libFuzzer target for the scoped-token reader (ScopedTokenContents, docs/DESIGN.md §23 (Reader
// scopes and scoped tokens)): the compact JWT form fontd parses itself before jwt-kit checks the
// signature, from any request's Authorization header or access_token. The package's
// `fuzz-scoped-token`, which Fuzz/run builds with libFuzzer and every other build compiles as a replayer.
//
// The first byte chooses how the rest is read: as a token whole (even), or (odd) as a header and a
// payload separated by a zero byte, each base64url-encoded into a token, so that the fuzzer reaches
// the JSON inside without having to find base64 by chance. Nothing may crash, hang or trip the
// address sanitizer, and a scope read from a token must read back the same from its own path.

import DynamicType
import Foundation
import FuzzDriver
import ScopedTokens

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScopedToken(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let rest = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let token: String
    if data[0] % 2 == 0 {
        token = String(decoding: rest, as: UTF8.self)
    } else {
        let parts = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let header = parts.first.map(Array.init) ?? []
        let payload = parts.count > 1 ? Array(parts[1]) : []
        token = base64URL(header) + "." + base64URL(payload) + ".c2lnbmF0dXJl"
    }
    for algorithm in ["HS256", "ES256"] {
        guard let contents = try? ScopedTokenContents(parsing: token, algorithm: algorithm) else { continue }
        guard (try? PreferenceScope(parsing: contents.scope.path)) == contents.scope else {
            fatalError("the scope \(contents.scope.path) does not read back from its path")
        }
        _ = try? contents.check(at: Date(), leewaySeconds: 60, maximumLifetimeSeconds: 86_400)
    }
    return 0
}

/// `bytes` in base64url without padding (RFC 7515 §2), as a token's parts are.
func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
