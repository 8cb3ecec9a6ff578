/// A value a reader or an application gave that fontd cannot use, with what is allowed instead.
///
/// `code` is the stable identifier the HTTP API answers with (docs/DESIGN.md §8 (Errors)); `description`
/// is one sentence a person can act on.
///
/// A value a reader preference does not take is one error whatever the preference (`refusedValue`), with its code and
/// sentence derived from the preference's declaration (docs/DESIGN.md §10 (Reader preferences)): `unknownValue` for
/// every preference but the first three, whose values keep being refused with their own cases so that a client's
/// `catch DynamicTypeError.unknownCategory` still matches.
public enum DynamicTypeError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownStyle(String, known: [String])
    /// A name that is no content-size category: the category's `unknownValue`, kept as its own case.
    case unknownCategory(String, allowed: [String])
    /// A legibility weight that is neither `regular` nor `bold`: the legibility weight's `unknownValue`, kept as its own case.
    case unknownLegibilityWeight(String, allowed: [String])
    /// A text spacing that is neither `default` nor `wcag`: the text spacing's `unknownValue`, kept as its own case.
    case unknownTextSpacing(String, allowed: [String])
    /// A value `preference` does not take, given as `name`; `allowed` are the values it takes. Its code is `unknown`
    /// and the wire name capitalised (`ErrorCode(unknownValueOf:)`), its sentence names the declaration's noun.
    case unknownValue(_ preference: ReaderPreference, _ name: String, allowed: [String])
    case unknownTrait(String, allowed: [String])
    case conflictingTraits(String, String)
    case duplicateTrait(String)
    /// `parameter` was `value`, which is not a number in `range` (nor one of `names`, when it takes names).
    case invalidNumber(parameter: String, value: String, range: ClosedRange<Double>, lowerBoundIncluded: Bool = true, names: [String] = [])
    /// A family list that names no family: `family=` empty or only commas and spaces, or an
    /// empty `--family`. One message for the API and the command line.
    case emptyFamilyList
    /// A scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) outside the form `PreferenceScope.form`; `reason` says what is wrong.
    case invalidScope(String, reason: String)
    /// A category range whose minimum is above its maximum.
    case categoryRangeInverted(minimum: ContentSizeCategory, maximum: ContentSizeCategory)
    /// A family fontconfig does not know (a reading font, docs/DESIGN.md §33 (The reading font)); `allowed` are up
    /// to five installed families whose names are closest to it.
    case unknownFamily(String, allowed: [String])
    /// A family name longer than every installed family's by more than `NearestNames.lengthSlack`
    /// characters: refused plainly, no names compared (`longestCharacters` is the longest's length).
    case familyNameTooLong(String, longestCharacters: Int)

    /// The error code of docs/DESIGN.md §8 (Errors).
    public var code: ErrorCode {
        switch self {
        case .unknownStyle: .unknownStyle
        case .unknownCategory: .unknownCategory
        case .unknownLegibilityWeight: .unknownLegibilityWeight
        case .unknownTextSpacing: .unknownTextSpacing
        case .unknownValue(let preference, _, _): ErrorCode(unknownValueOf: preference)
        case .unknownTrait: .unknownTrait
        case .conflictingTraits: .conflictingTraits
        case .duplicateTrait: .duplicateTrait
        case .invalidNumber: .invalidNumber
        // The code the API has always answered with for an unusable `family=`.
        case .emptyFamilyList: .badRequest
        case .invalidScope: .invalidParameter
        case .categoryRangeInverted: .conflictingParameters
        case .unknownFamily, .familyNameTooLong: .unknownFamily
        }
    }

    /// For a value a preference does not take, whichever case carries it: the preference, the name given and the values
    /// it takes; nil for every other error. A client that handles every preference alike matches on this rather than
    /// on the cases.
    public var refusedValue: (preference: ReaderPreference, name: String, allowed: [String])? {
        switch self {
        case .unknownCategory(let name, let allowed): (.category, name, allowed)
        case .unknownLegibilityWeight(let name, let allowed): (.legibilityWeight, name, allowed)
        case .unknownTextSpacing(let name, let allowed): (.textSpacing, name, allowed)
        case .unknownValue(let preference, let name, let allowed): (preference, name, allowed)
        default: nil
        }
    }

    /// The values that would have been accepted, where a list helps.
    public var allowed: [String]? {
        if let refused = refusedValue { return refused.allowed }
        return switch self {
        case .unknownStyle(_, let known): known
        case .unknownTrait(_, let allowed), .unknownFamily(_, let allowed):
            allowed
        case .invalidNumber(_, _, _, _, let names) where !names.isEmpty: names
        case .invalidScope: [PreferenceScope.form]
        default: nil
        }
    }

    /// The value the asker most likely meant (`body` for `bdoy`), when one is near enough
    /// (`NearestNames.suggestion`); the API answers it as `suggestion` (docs/DESIGN.md §8 (Errors)).
    public var suggestion: String? {
        if case (let preference, let name, let allowed)? = refusedValue {
            guard preference == .category else { return NearestNames.suggestion(for: name, among: allowed) }
            // Past either end, that end (`ax6` → `ax5`); else the nearest by spelling. Apple's names
            // are accepted too, so `extraLarg` is offered `extraLarge`.
            return NearestNames.end(pastWhich: name, of: allowed)
                ?? NearestNames.suggestion(
                    for: name, among: allowed + ContentSizeCategory.allCases.filter { allowed.contains($0.rawValue) }.map(\.appleName))
        }
        return switch self {
        case .unknownStyle(let name, let known): NearestNames.suggestion(for: name, among: known)
        case .unknownTrait(let name, let allowed), .unknownFamily(let name, let allowed):
            NearestNames.suggestion(for: name, among: allowed)
        case .invalidNumber(_, let value, _, _, let names) where !names.isEmpty:
            NearestNames.suggestion(for: value, among: names)
        default: nil
        }
    }

    /// The sentence, then "Did you mean …?" when there is a suggestion the sentence does not already offer.
    public var description: String {
        switch self {
        case .unknownFamily, .familyNameTooLong: sentence
        default: sentence + NearestNames.didYouMean(suggestion)
        }
    }

    private var sentence: String {
        if case (let preference, let name, let allowed)? = refusedValue {
            // The category's names are also Apple's, which the list does not show.
            let also = preference == .category ? " (Apple's names such as extraLarge also work)" : ""
            let noun = preference == .category ? "content-size category" : preference.declaration.noun
            return "Unknown \(noun) '\(name)'; use one of: \(allowed.joined(separator: ", "))\(also)."
        }
        return switch self {
        case .unknownCategory, .unknownLegibilityWeight, .unknownTextSpacing, .unknownValue:
            // Said above, from `refusedValue`.
            ""
        case .unknownStyle(let name, let known):
            "Unknown text style '\(name)'; the loaded table has: \(known.joined(separator: ", "))."
        case .unknownTrait(let name, let allowed):
            "Unknown symbolic trait '\(name)'; use any of: \(allowed.joined(separator: ", "))."
        case .conflictingTraits(let first, let second):
            "The traits '\(first)' and '\(second)' contradict each other; ask for one of them."
        case .duplicateTrait(let name):
            "The trait '\(name)' is given more than once; name each trait once."
        case .invalidNumber(let parameter, let value, let range, let lowerIncluded, let names):
            "Invalid \(parameter) '\(value)': expected a finite number "
                + (lowerIncluded ? "from \(formatNumber(range.lowerBound))" : "greater than \(formatNumber(range.lowerBound))")
                + " to \(formatNumber(range.upperBound))"
                + (names.isEmpty ? "." : " or one of: \(names.joined(separator: ", ")).")
        case .emptyFamilyList:
            "The parameter 'family' names no family; give family names separated by commas, most preferred first, or leave it out."
        case .invalidScope(let text, let reason):
            "Invalid scope '\(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? ($0.value < 0x10 ? "%0" : "%") + String($0.value, radix: 16, uppercase: true) : String($0) }.joined())': \(reason)."
        case .categoryRangeInverted(let minimum, let maximum):
            "The minimum category \(minimum.rawValue) is above the maximum category \(maximum.rawValue); give a minimum at or below "
                + "the maximum (smallest first: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")))."
        case .unknownFamily(let name, let allowed) where allowed.isEmpty:
            "Unknown family '\(name)'; fontconfig lists no installed family (install one, then run fc-cache)."
        case .unknownFamily(let name, let allowed):
            "Unknown family '\(name)'; did you mean: \(allowed.joined(separator: ", "))."
        case .familyNameTooLong(let name, let longest):
            "Unknown family '\(name.prefix(64))…' (\(name.count) characters): no installed family's name has more than \(longest), so none is offered."
        }
    }
}

/// A number as a query string or a message quoting its input writes it: `650` rather than
/// `650.0`, other values in full precision (the inverse of `parseNumber` for finite values).
/// What fontd measures and answers is written with `RoundedNumber` instead.
public func formatNumber(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
}

/// Parses a decimal number for a parameter, accepting only finite values inside `range`.
///
/// Swift's `Double(String)` also accepts `nan`, `inf` and hexadecimal floats; these are refused
/// here so an answer can never carry a number JSON cannot write.
public func parseNumber(
    _ text: String, parameter: String, in range: ClosedRange<Double>, lowerBoundIncluded: Bool = true
) throws(DynamicTypeError) -> Double {
    let isDecimal =
        !text.isEmpty
        && text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
    guard isDecimal, let value = Double(text), value.isFinite, range.contains(value),
        lowerBoundIncluded || value > range.lowerBound
    else {
        throw .invalidNumber(parameter: parameter, value: text, range: range, lowerBoundIncluded: lowerBoundIncluded)
    }
    return value
}
