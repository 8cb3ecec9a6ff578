// The body of `PUT /preferences` was a struct around a `PerPreference<String?>`; it is that value itself now
// (`PerPreference+Update.swift`), and the struct's name and members stay as deprecated ones
// (docs/DESIGN.md §38 (One domain in the middle)).

/// The body of `PUT /preferences` and `PUT /category`: what to change, the rest left as it is.
@available(*, deprecated, message: "use PerPreference<String?>, the body itself")
public typealias PreferencesUpdate = PerPreference<String?>

extension PerPreference where Value == String? {
    /// The body is the values themselves.
    @available(*, deprecated, message: "PerPreference<String?> is the body itself; use the values as they are")
    public init(values: PerPreference<String?>) {
        self = values
    }

    /// The body is the values themselves.
    @available(*, deprecated, message: "PerPreference<String?> is the body itself; use it as it is")
    public var values: PerPreference<String?> {
        get { self }
        set { self = newValue }
    }
}
