import DynamicType
import ScopedPreferences

extension BusError {
    /// The reader API's refusal as the session bus answers it (docs/DESIGN.md §38 (One domain in the
    /// middle)): `org.fontd.Fontd1.Error.<Code>`, the code of docs/DESIGN.md §8 (Errors) with its
    /// first letter upper-cased, and the domain's own sentence. The one place its errors become D-Bus names.
    init(_ error: ReaderError) {
        let code: ErrorCode =
            switch error {
            case .invalidValue(let error): error.code
            case .unknownFamily: .unknownFamily
            case .rootInheritsNothing: .invalidBody
            case .outOfBounds: .conflictingParameters
            case .scopeLimit: .scopeLimit
            case .tooManyWrites: .tooManyRequests
            case .storeUnavailable, .storeRefusing: .unavailable
            case .notSaved: .internal
            }
        self.init(code: code, message: error.description)
    }

    /// The error `org.fontd.Fontd1.Error.<Code>` saying `message`.
    init(code: ErrorCode, message: String) {
        let name = code.rawValue
        self.init(name: FontdObject.errorPrefix + name.prefix(1).uppercased() + name.dropFirst(), message: message)
    }
}
