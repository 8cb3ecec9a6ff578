import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Testing

/// Whether fontconfig knows a family, the check a reading font passes before it is kept
/// (docs/DESIGN.md §33 (The reading font)), over DejaVu and Debian's OpenDyslexic.
@Suite(.ownThread) struct InstalledFamilyTests {
    var catalog: FontCatalog {
        get throws {
            try #require(ReadingFonts.isInstalled, "OpenDyslexic is missing: run scripts/install-dependencies (fonts-opendyslexic)")
            return ReadingFonts.resolver.catalog
        }
    }

    @Test func familyNamesAreTheFamiliesFcListLists() throws {
        let names = try catalog.familyNames()
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = ReadingFonts.configFile
        let listed = try CommandRunner.run(
            ["--format", "%{family}\n"], executable: URL(fileURLWithPath: "/usr/bin/fc-list"), environment: environment)
        try #require(listed.status == 0, "\(listed.standardError)")
        // fc-list writes a face's family names with commas between them.
        let expected = Set(listed.standardOutput.split(separator: "\n").flatMap { $0.split(separator: ",") }.map(String.init))
        #expect(Set(names) == expected)
        #expect(names.count == expected.count, "each once")
        #expect(names.contains("OpenDyslexic") && names.contains("OpenDyslexicAlta") && names.contains("OpenDyslexicMono"))
        #expect(names == names.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) })
    }

    @Test func anInstalledFamilyIsKnownInAnyCaseAndSpacing() throws {
        let catalog = try catalog
        for spelling in ["OpenDyslexic", "opendyslexic", "Open Dyslexic", " OPENDYSLEXIC "] {
            #expect(try catalog.installedFamily(named: spelling) == "OpenDyslexic", "\(spelling)")
        }
        #expect(try catalog.installedFamily(named: "dejavu serif") == "DejaVu Serif")
    }

    @Test func aMisspeltFamilyIsRefusedWithTheClosestInstalledOnes() throws {
        let catalog = try catalog
        let error = try #require(throws: DynamicTypeError.self) { try catalog.installedFamily(named: "OpenDislexic") }
        guard case .unknownFamily(let name, let allowed) = error else {
            Issue.record("expected unknownFamily, got \(error)")
            return
        }
        #expect(name == "OpenDislexic")
        #expect(allowed.first == "OpenDyslexic")
        // The pinned fonts have more than five families: five are named, each installed.
        #expect(allowed.count == 5)
        #expect(Set(allowed).isSubset(of: catalog.familyNames()))
        #expect(error.code == .unknownFamily)
        #expect(error.allowed == allowed)
        #expect(error.description == "Unknown family 'OpenDislexic'; did you mean: \(allowed.joined(separator: ", ")).")
    }

    @Test func aPartOfANameFindsEveryFamilyThatHasIt() throws {
        let catalog = try catalog
        let error = try #require(throws: DynamicTypeError.self) { try catalog.installedFamily(named: "dyslexic") }
        #expect(Array(error.allowed?.prefix(3) ?? []) == ["OpenDyslexic", "OpenDyslexicAlta", "OpenDyslexicMono"])
    }

    @Test(arguments: ["sans-serif", "monospace", "", "No Such Family"])
    func aNameThatIsNoInstalledFamilyIsRefused(_ name: String) throws {
        let catalog = try catalog
        #expect(throws: DynamicTypeError.self) { try catalog.installedFamily(named: name) }
    }
}
