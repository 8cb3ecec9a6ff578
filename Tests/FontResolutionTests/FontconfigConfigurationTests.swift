import DynamicType
import FontResolution
import FontdTestSupport
import Foundation
import Testing

@Suite struct FontconfigConfigurationTests {
    @Test func pathsAreEscapedAndTheSystemRulesComeAfterTheDirectories() {
        let configuration = FontconfigConfiguration(
            fontDirectories: ["/fonts/R&D", "/fonts/<new>"], cacheDirectory: "/cache", system: .rules)
        #expect(
            configuration.text == """
                <?xml version="1.0"?>
                <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
                <fontconfig>
                  <dir>/fonts/R&amp;D</dir>
                  <dir>/fonts/&lt;new&gt;</dir>
                  <cachedir>/cache</cachedir>
                  <include ignore_missing="yes">/etc/fonts/conf.d</include>
                </fontconfig>

                """)
        #expect(!FontconfigConfiguration(fontDirectories: [], cacheDirectory: "/cache", system: .none).text.contains("include"))
        #expect(
            FontconfigConfiguration(fontDirectories: [], cacheDirectory: "/cache", system: .everything).text
                .contains(#"<include ignore_missing="yes">/etc/fonts/fonts.conf</include>"#))
    }

    @Test func aWrittenConfigurationWithAnAmpersandInItsPathsLoads() throws {
        // A resolver with its own configuration makes a fontconfig call; the process's default must be pinned first.
        _ = PinnedFonts.configFile
        let directory = try TestPaths.temporaryDirectory().appendingPathComponent("R&D <fonts>")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let fonts = directory.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: PinnedFonts.fontDirectory + "/DejaVuSerif.ttf", toPath: fonts.appendingPathComponent("DejaVuSerif.ttf").path)
        let configuration = FontconfigConfiguration(
            fontDirectories: [fonts.path], cacheDirectory: directory.appendingPathComponent("cache").path, system: .none)
        let file = try configuration.write(to: directory.appendingPathComponent("conf/fonts.conf").path)

        let resolver = try FontResolver(table: Fixtures.defaultTable, fontconfigFile: file)
        let font = try resolver.resolveUncached(FontRequest(style: .body, category: .large))
        #expect(font.matchedFace.family == "DejaVu Serif")
        #expect(font.matchedFace.file == fonts.path + "/DejaVuSerif.ttf")
    }

    @Test func theInputsNameTheFilesAndDirectoriesTheConfigurationWasBuiltFrom() throws {
        _ = PinnedFonts.configFile
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fonts = directory.appendingPathComponent("fonts")
        let nested = fonts.appendingPathComponent("serif")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: PinnedFonts.fontDirectory + "/DejaVuSerif.ttf", toPath: nested.appendingPathComponent("DejaVuSerif.ttf").path)
        let cache = directory.appendingPathComponent("cache").path
        let file = try FontconfigConfiguration(fontDirectories: [fonts.path], cacheDirectory: cache, system: .rules)
            .write(to: directory.appendingPathComponent("conf/fonts.conf").path)

        let inputs = try FontResolver(table: Fixtures.defaultTable, fontconfigFile: file).fontconfigInputs
        #expect(inputs.configurationFiles.first == file)
        #expect(
            inputs.configurationFiles.contains { $0.hasPrefix("/etc/fonts/conf.d/") }, "the included rules: \(inputs.configurationFiles)")
        #expect(inputs.configurationDirectories.contains("/etc/fonts/conf.d"), "\(inputs.configurationDirectories)")
        #expect(inputs.fontDirectories == [fonts.path, nested.path], "the directory below is there too")
        #expect(inputs.cacheDirectories == [cache])
        #expect(inputs.conditionalPlaces.contains(directory.appendingPathComponent("conf").path), "the directory of fonts.conf")
        #expect(Set(inputs.allPaths).count == inputs.allPaths.count)
    }

    @Test func anUnwritablePlaceIsAnErrorThatSaysWhere() {
        let configuration = FontconfigConfiguration(fontDirectories: [], cacheDirectory: "/proc/fontd-no-such/cache", system: .none)
        let error = #expect(throws: FontResolutionError.self) { try configuration.write(to: "/proc/fontd-no-such/fonts.conf") }
        guard case .unwritableConfiguration(let file, let reason)? = error else { return }
        #expect(file == "/proc/fontd-no-such/fonts.conf")
        #expect(reason.hasPrefix("/proc/fontd-no-such: "), "\(reason)")
    }
}
