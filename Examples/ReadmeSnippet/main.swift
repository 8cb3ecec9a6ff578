// The client snippet of docs/swift-client.md, exactly: compiled with the package so it
// cannot rot, and run against a server by Tests/FontdClientTests/ReadmeSnippetTests.swift.
//
//   swift run readme-snippet          (with fontd serve running; FONTD_TOKEN when it has a token)

import FontdClient
import Foundation

let client = FontdClient(baseURL: URL(string: "http://127.0.0.1:8686")!, token: ProcessInfo.processInfo.environment["FONTD_TOKEN"])
let font = try await client.font(.body, category: .extraLarge, traits: [.bold])
print(font.matchedFace.family, font.matchedFace.pointSize, font.metrics.capHeight)

try await client.setCategory(.accessibilityMedium)
for try await event in client.preferenceChanges() {   // .snapshot first, then each change
    switch event {
    case .snapshot(let preferences): print("now", preferences.category)
    case .categoryChanged(let change): print(change.previous, "→", change.value)
    case .legibilityWeightChanged(let change): print("bold text:", change.value)
    case .fontsChanged(let change): print("fonts installed or removed:", change.fontGeneration)
    default:  // every other preference's change, and those of preferences a later fontd adds
        if let (preference, change) = event.change { print(preference.wireName, "now", change.rawValues.value) }
    }
}
