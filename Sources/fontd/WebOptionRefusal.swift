import ArgumentParser
import WebDocuments
import WebOutputs

extension WebDocuments.Stylesheet.OptionError {
    /// The refusal `fontd css` and `fontd tokens` print, in the options' command-line spelling:
    /// the model's own sentence for a category, legibility weight or text spacing, otherwise the
    /// value, what is allowed, and which options cannot be given together.
    var commandLineRefusal: any Error {
        switch self {
        case .invalidValue(let refusal): refusal
        case .unknownFormat(let text):
            ValidationError(
                "Invalid format '\(text)'; use one of: \(WebDocuments.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
        case .invalidPrefix(let text): ValidationError("Invalid prefix '\(text)'; use the form \(CSSPrefix.allowedForm).")
        case .unknownUnit(let text):
            ValidationError("Invalid unit '\(text)'; use one of: \(CSSUnit.allCases.map(\.rawValue).joined(separator: ", ")).")
        case .conflict(.tailwindWithPrefix):
            ValidationError("--prefix does not apply to --format tailwind: a Tailwind theme uses Tailwind's own names (--text-body).")
        case .conflict(.tailwindWithEveryCategory):
            ValidationError("--format tailwind holds one category; give one with --category, or use --format css with --category all.")
        case .unknownTrim(let text):
            ValidationError("Invalid trim '\(text)'; use one of: \(CSSTrim.allCases.map(\.rawValue).joined(separator: ", ")).")
        case .conflict(.tailwindWithTrim):
            ValidationError(
                "--trim and --fallback-for do not apply to --format tailwind: a Tailwind theme holds values, not rules; use --format css.")
        case .conflict(.everyCategoryWithLegibility):
            ValidationError("--category all carries both legibility weights (bold under [data-bold-text]); leave out --legibility.")
        }
    }
}
