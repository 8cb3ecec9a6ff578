import DynamicType
import HTTPServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FontService {
    /// The answer of `GET /font` for `style` with `options` in `scope` (unless the options name a
    /// scope), asked in process as the server's operator, for a front door other than HTTP (the
    /// session bus's `Resolve`, docs/DESIGN.md §27 (The session bus)): the same rules, refusals and
    /// bytes as over HTTP. `completion` runs once, on any thread, with the body or the error's code and sentence.
    public func fontAnswer(
        style: String, options: [(name: String, value: String)], scope: PreferenceScope,
        completion: @escaping @Sendable (Result<String, FontAnswerRefusal>) -> Void
    ) {
        var query = [(name: "style", value: style)] + options
        if !scope.isRoot, !query.contains(where: { $0.name == "scope" }) { query.append((name: "scope", value: scope.path)) }
        let target = "/font?" + query.map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }.joined(separator: "&")
        let headers = configuration.token.map { [(name: "Authorization", value: "Bearer " + $0)] } ?? []
        let request = HTTPRequest(method: "GET", target: target, headers: headers, body: [])
        let deliver: @Sendable (HTTPResponse) -> Void = { response in
            guard response.status != 200 else { return completion(.success(String(decoding: response.body, as: UTF8.self))) }
            let document = try? JSONDecoder().decode(ErrorDocument.self, from: Data(response.body))
            completion(
                .failure(
                    FontAnswerRefusal(
                        code: document?.error ?? .internal, message: document?.message ?? String(decoding: response.body, as: UTF8.self))))
        }
        switch respond(to: request) {
        case .response(let response): deliver(response)
        case .deferred(let start): start(HTTPDeferredResponse(deliver))
        case .retry(let after): after { self.fontAnswer(style: style, options: options, scope: scope, completion: completion) }
        case .stream, .file:
            // /font answers neither way.
            completion(.failure(FontAnswerRefusal(code: .internal, message: "the answer is not a document")))
        }
    }

    /// `text` percent-encoded for a query: everything but RFC 3986's unreserved characters.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return encoded
    }
}
