// libFuzzer target for the strict JSON document decoder (JSONDocument, JSONDocumentDecoder): what
// reads every PUT body and every style table, reachable from the network. The package's
// `fuzz-json-document`, which Fuzz/run builds with libFuzzer and every other build compiles as a replayer.
//
// Each input is read as JSON and decoded as a style table and as each PUT body, strictly and
// tolerantly. Whatever the bytes, nothing may crash, hang or trip the address sanitizer; and what
// the strict decoder accepts, the tolerant one accepts as the same value (it only skips more), and
// the parsed document decodes to what the bytes decode to.

import DynamicType
import Foundation
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    agree(StyleTable.self, bytes)
    agree(PerPreference<String?>.self, bytes)
    agree(PreferenceChange<ContentSizeCategory>.self, bytes)
    agree(PreferenceChange<ReadingFont>.self, bytes)
    agree(PreferenceChange<LegibilityWeight>.self, bytes)
    agree(PreferenceChange<CategoryBound>.self, bytes)
    agree(FontsChange.self, bytes)
    return 0
}

/// Decodes `bytes` as `Value` strictly, tolerantly, and from the parsed document, and stops the
/// fuzzer when the three disagree.
func agree<Value: Decodable & Equatable>(_ type: Value.Type, _ bytes: UnsafeBufferPointer<UInt8>) {
    let strict = try? JSONDocumentDecoder(mode: .strict).decode(Value.self, from: bytes)
    let tolerant = try? JSONDocumentDecoder(mode: .tolerant).decode(Value.self, from: bytes)
    if let strict, strict != tolerant {
        fatalError("\(Value.self): the strict decoder read \(strict), the tolerant one \(String(describing: tolerant))")
    }
    guard let document = try? JSONDocument(parsing: bytes) else {
        if strict != nil || tolerant != nil { fatalError("\(Value.self) decoded from bytes that do not parse") }
        return
    }
    let fromDocument = try? JSONDocumentDecoder(mode: .strict).decode(Value.self, from: document)
    if fromDocument != strict {
        fatalError("\(Value.self): the document decodes to \(String(describing: fromDocument)), its bytes to \(String(describing: strict))")
    }
}
