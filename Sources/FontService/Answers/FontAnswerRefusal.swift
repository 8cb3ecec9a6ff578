import DynamicType

/// Why `FontService.fontAnswer` resolved nothing: the code of docs/DESIGN.md §8 (Errors) and the sentence.
public struct FontAnswerRefusal: Error, Hashable, Sendable {
    public var code: ErrorCode
    public var message: String
}
