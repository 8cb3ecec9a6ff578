import DynamicType
import FontdTestSupport
import Foundation
import Logging
import ScopedPreferences
import Testing

@testable import FontService

#if canImport(Glibc)
    import Glibc
#endif

/// What `FontService` asks of any `PreferenceStorage` (docs/DESIGN.md §12 (The store and the state file)), and the state
/// file behind that protocol.
@Suite struct PreferenceStorageTests {
    /// A storage whose commits fail, as a full disk would make them.
    final class FailingStorage: PreferenceStorage, @unchecked Sendable {
        struct Full: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        private(set) var attempts = 0

        func load() throws -> StoredScopes { StoredScopes() }

        func commit(_ commit: ScopeCommit) throws {
            attempts += 1
            throw Full()
        }
    }

    static func service(_ storage: any PreferenceStorage) throws -> FontService {
        try FontService(
            resolver: resolver, configuration: FontServiceConfiguration(), storage: storage, logger: Logger(label: "PreferenceStorageTests")
        )
    }

    @Test func aChangeTheStorageCannotKeepIsRefusedAndNothingChanges() throws {
        let storage = FailingStorage()
        let fontd = try Self.service(storage).client
        let refused = try fontd.put("/category", #"{"category":"xl"}"#)
        #expect(refused.status == 500)
        #expect(refused.bodyText.contains("\"internal\"") && refused.bodyText.contains("the disk is full"), "\(refused.bodyText)")
        #expect(storage.attempts == 1)
        #expect(
            try fontd.get("/preferences").bodyText
                == fontd.withFontGeneration(#"{"category":"l","legibilityWeight":"regular","textSpacing":"default","sequence":0}"#))
    }

    /// A storage that hands out what it was given, checked by nothing (as a store read without
    /// bounds would), and counts the commits it is asked for.
    final class LoadedStorage: PreferenceStorage, @unchecked Sendable {
        let stored: StoredScopes
        private(set) var commits = 0

        init(_ stored: StoredScopes) { self.stored = stored }

        func load() throws -> StoredScopes { stored }

        func commit(_ commit: ScopeCommit) throws { commits += 1 }
    }

    /// The store's sequence and position as loaded, at the bound ids stop at or far past it.
    static let exhaustedNumbers: [(sequence: Int, position: Int)] = [
        (Int.max, 0), (0, Int.max), (Int.max, Int.max),
        (StoredScopes.maximumSequence, 0), (0, StoredScopes.maximumSequence),
    ]

    @Test(arguments: exhaustedNumbers)
    func aChangePastTheLastIdOrPositionIsRefusedWithoutTrapping(sequence: Int, position: Int) throws {
        let storage = LoadedStorage(StoredScopes(sequence: sequence, position: position))
        let fontd = try Self.service(storage).client
        let refused = try fontd.put("/category", #"{"category":"xl"}"#)
        #expect(refused.status == 500)
        #expect(refused.bodyText.contains("\"internal\"") && refused.bodyText.contains("stop at"), "\(refused.bodyText)")
        #expect(storage.commits == 0)
        #expect(try fontd.get("/category").bodyText.contains(#""category":"l""#))
    }

    @Test func theStateFileIsNeverWrittenThroughALinkPlantedAtItsTemporaryFile() throws {
        let directory = try TestPaths.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        let victim = directory.appendingPathComponent("victim.txt")
        try Data("precious\n".utf8).write(to: victim)
        #expect(symlink(victim.path, state + ".tmp") == 0)
        let fontd = try Self.service(StateFileStorage(path: state)).client

        #expect(try fontd.put("/category", #"{"category":"xl"}"#).status == 200)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n", "the link's target was written")
        #expect(try String(contentsOfFile: state, encoding: .utf8).contains("\"category\":\"xl\""))
        var status = stat()
        #expect(lstat(state + ".tmp", &status) != 0, "a temporary file or link is left beside the state file")
    }

    /// The state file on a full disk gives the SQLite store's answer (docs/DESIGN.md §12 (The store and the state file)): 503
    /// `unavailable` naming the file, nothing changed, and the next change taken once there is room.
    @Test func theStateFileOnAFullDiskRefusesWith503AndTakesChangesOnceThereIsRoom() throws {
        let disk = try SmallDisk(kibibytes: 64)
        let state = disk.path + "/state.json"
        let fontd = try Self.service(StateFileStorage(path: state)).client
        #expect(try fontd.put("/category", #"{"category":"xl"}"#).status == 200)
        try disk.fill()
        let refused = try fontd.put("/category", #"{"category":"s"}"#)
        #expect(refused.status == 503, "\(refused.bodyText)")
        #expect(refused.bodyText.contains(#""error":"unavailable""#), "\(refused.bodyText)")
        #expect(refused.bodyText.contains("The disk holding \(state) is full: the change was not made."), "\(refused.bodyText)")
        #expect(try fontd.get("/category").bodyText.contains(#""category":"xl""#))
        #expect(try String(contentsOfFile: state, encoding: .utf8).contains(#""category":"xl""#))
        disk.free()
        #expect(try fontd.put("/category", #"{"category":"s"}"#).status == 200)
        #expect(try String(contentsOfFile: state, encoding: .utf8).contains(#""category":"s""#))
    }
}
