import FontdClient
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Every call of the client against the built `fontd serve`: each answer is the server's own
/// JSON, decoded into the shared model types.
@Suite struct ClientCallTests {
    static let token = "client-test-token"
    static let server = Result { try ServerProcess(["--token", token]) }

    private func client(token: String? = Self.token) throws -> (FontdClient, ServerProcess) {
        let server = try Self.server.get()
        return (FontdClient(baseURL: server.url, token: token), server)
    }

    /// The server's raw answer to `target`, decoded the way the test expects it.
    private func raw<Value: Decodable>(_ target: String, as type: Value.Type, from server: ServerProcess) throws -> Value {
        let answer = try server.client.get(target)
        try #require(answer.status == 200, "\(target): \(answer.bodyText)")
        return try JSONDecoder().decode(Value.self, from: Data(answer.body))
    }

    @Test func fontAnswersWhatTheServerResolvesWithEveryOption() async throws {
        let (client, server) = try client()
        let font = try await client.font(
            .body, category: .extraLarge, traits: [.bold, .italic], families: ["DejaVu Serif", "DejaVu Sans"],
            weight: FontWeight(650), legibility: .regular, maximumPointSize: 18.5)
        let expected = try raw(
            "/font?style=body&category=xl&traits=italic,bold&family=DejaVu%20Serif,DejaVu%20Sans&weight=650&legibility=regular&maximumPointSize=18.5",
            as: ResolvedFont.self, from: server)
        #expect(font == expected)
        #expect(font.matchedFace.family == "DejaVu Serif")
        #expect(font.matchedFace.pointSize == 18.5)
        #expect(font.matchedFace.traits == [.bold, .italic])
    }

    @Test func variableFaceArrivesWithItsCoordinatesAndAxes() async throws {
        let server = try ServerProcess(["--threads", "1"], environment: VariableFonts.environment)
        defer { server.stop() }
        let client = FontdClient(baseURL: server.url)
        let font = try await client.font(.body, category: .accessibilityExtraExtraExtraLarge, families: ["Roboto Flex"])
        #expect(font == (try raw("/font?style=body&category=ax5&family=Roboto%20Flex", as: ResolvedFont.self, from: server)))
        #expect(font.variations?["opsz"] == 53)
        let faces = try await client.faces(family: "Roboto Flex")
        #expect(faces == (try raw("/faces?family=Roboto%20Flex", as: [InstalledFace].self, from: server)))
        #expect(faces.allSatisfy { $0.axes?.contains { $0.tag == "opsz" && $0.minimum == 8 && $0.maximum == 144 } == true })
    }

    @Test func aCategoryRangeClampsFontFontsAndScale() async throws {
        let (client, server) = try client()
        let range = try CategoryRange(minimum: .medium, maximum: .extraExtraExtraLarge)
        let font = try await client.font(.body, category: .accessibilityLarge, range: range)
        #expect(
            font == (try raw("/font?style=body&category=ax2&minimumCategory=m&maximumCategory=xxxl", as: ResolvedFont.self, from: server)))
        #expect(font.category == .extraExtraExtraLarge)
        #expect(font.requestedCategory == .accessibilityLarge)
        let fonts = try await client.fonts(category: .extraSmall, range: range)
        #expect(fonts.category == .medium)
        #expect(fonts.requestedCategory == .extraSmall)
        #expect(fonts.fonts.allSatisfy { $0.category == .medium && $0.requestedCategory == .extraSmall })
        let scaled = try await client.scale(8, for: .body, category: .accessibilityExtraExtraExtraLarge, range: range)
        #expect(scaled == (try await client.scale(8, for: .body, category: .extraExtraExtraLarge)))
        #expect(try await client.font(.body, category: .extraSmall).requestedCategory == nil)
    }

    @Test func fontWithoutOptionsFollowsTheReadersPreferences() async throws {
        let (client, server) = try client()
        let font = try await client.font(.headline)
        let preferences = try await client.preferences()
        #expect(font.category == preferences.category)
        #expect(font == (try raw("/font?style=headline", as: ResolvedFont.self, from: server)))
    }

    @Test func familyNamesWithReservedCharactersArriveIntact() async throws {
        let (client, _) = try client()
        // '+' would be a space and '&' a new parameter if they were not escaped.
        let font = try await client.font(.body, category: .large, families: ["No+Such&Font=1%"])
        #expect(font.matchedFace.fallback)
        #expect(font.matchedFace.family == "DejaVu Sans")
    }

    @Test func fontsComeInTheTablesOrder() async throws {
        let (client, server) = try client()
        let collection = try await client.fonts(category: .accessibilityMedium, traits: [.bold])
        let table = try await client.styles()
        #expect(collection.category == .accessibilityMedium)
        #expect(collection.fonts.map(\.style) == table.styles.map(\.style))
        #expect(collection.fonts.allSatisfy { $0.matchedFace.traits == [.bold] && $0.category == .accessibilityMedium })
        let expected = try FontCollection(json: try server.client.get("/fonts?category=ax1&traits=bold").body)
        #expect(collection == expected)
    }

    @Test func scaleIsTheServersFactor() async throws {
        let (client, server) = try client()
        let scaled = try await client.scale(8, for: .body, category: .extraLarge)
        #expect(scaled == (try raw("/scale?style=body&category=xl&value=8", as: ScaledValue.self, from: server)))
        // As the server writes them (docs/DESIGN.md §6 (Answer documents)): within a thousandth.
        #expect(scaled.factor == RoundedNumber(24.0 / 22.0).value)
        #expect(scaled.scaled == RoundedNumber(8 * 24.0 / 22.0).value)
        let negative = try await client.scale(-0.25, for: .caption2, category: .extraSmall)
        #expect(negative.value == -0.25)
    }

    @Test func stylesAreTheLoadedTable() async throws {
        let (client, _) = try client()
        let table = try await client.styles()
        let local = try StyleTable(json: Array(try Data(contentsOf: TestPaths.defaultStyles)), source: "default.json")
        #expect(table.styles.map(\.style) == local.styles.map(\.style))
        #expect(table.styles.map(\.sizes) == local.styles.map(\.sizes))
    }

    @Test func categoriesAreTheTwelveInOrder() async throws {
        let (client, _) = try client()
        #expect(try await client.categories() == ContentSizeCategory.listing)
    }

    @Test func facesListTheServersFonts() async throws {
        let (client, server) = try client()
        let all = try await client.faces()
        #expect(all == (try raw("/faces", as: [InstalledFace].self, from: server)))
        let serif = try await client.faces(family: "DejaVu Serif")
        #expect(!serif.isEmpty)
        #expect(serif.allSatisfy { $0.family == "DejaVu Serif" })
        #expect(serif.count < all.count)
    }

    @Test func healthAnswersOK() async throws {
        let (client, _) = try client()
        #expect(try await client.health() == HealthStatus(status: "ok"))
    }

    @Test func preferencesAndCategoryChangeThroughTheClient() async throws {
        // A server of its own: the other tests read the shared server's preferences.
        let server = try ServerProcess(["--token", Self.token])
        let client = FontdClient(baseURL: server.url, token: Self.token)
        let generation = try server.client.fontGeneration()
        #expect(
            try await client.preferences()
                == Preferences(category: .large, legibilityWeight: .regular, sequence: 0, fontGeneration: generation))
        #expect(try await client.category() == CategoryPreference(category: .large, sequence: 0))

        #expect(
            try await client.setCategory(.accessibilityLarge)
                == PreferenceChange(value: .accessibilityLarge, previous: .large, sequence: 1))
        #expect(try await client.category() == CategoryPreference(category: .accessibilityLarge, sequence: 1))

        let both = try await client.setPreferences(category: .small, legibilityWeight: .bold)
        #expect(both == Preferences(category: .small, legibilityWeight: .bold, sequence: 3))
        let weightOnly = try await client.setPreferences(legibilityWeight: .regular)
        #expect(weightOnly == Preferences(category: .small, legibilityWeight: .regular, sequence: 4))
        // Setting what is current changes nothing.
        #expect(try await client.setCategory(.small) == PreferenceChange(value: .small, previous: .small, sequence: 4))
        #expect(
            try await client.preferences()
                == Preferences(category: .small, legibilityWeight: .regular, sequence: 4, fontGeneration: generation))
        // Answers that follow the preferences follow the change.
        #expect(try await client.font(.body).category == .small)
    }

    @Test func aBaseURLWithAPathPrefixAndTrailingSlashStillReachesTheAPI() async throws {
        let (_, server) = try client()
        let client = FontdClient(baseURL: URL(string: "http://127.0.0.1:\(server.port)/")!)
        #expect(try await client.health().status == "ok")
    }
}
