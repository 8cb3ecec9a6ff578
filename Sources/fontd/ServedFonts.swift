import DynamicType
import FontService
import SessionBus

/// The session bus's `Resolve` answered by the font service (docs/DESIGN.md §27 (The session bus)):
/// `/font`'s answer, asked in process as the operator, since any process of the session's user may call.
struct ServedFonts: FontAnswering {
    let service: FontService

    func resolve(
        style: String, options: [(name: String, value: String)], scope: PreferenceScope,
        completion: @escaping @Sendable (Result<String, ResolveRefusal>) -> Void
    ) {
        service.fontAnswer(style: style, options: options, scope: scope) { answer in
            completion(answer.mapError { ResolveRefusal(code: $0.code, message: $0.message) })
        }
    }
}
