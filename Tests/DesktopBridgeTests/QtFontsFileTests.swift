import DesktopBridge
import Testing

/// qt5ct's and qt6ct's `[Fonts]` as QSettings writes them, every other byte kept, and a font fontd
/// added removed exactly (docs/DESIGN.md §34 (The reader's own sizes)).
@Suite struct QtFontsFileTests {
    static let text =
        "[Appearance]\r\nstyle=Fusion\r\n\r\n[Fonts]\r\nfixed=\"Monospace,11,-1,5,50,0,0,0,0,0\"\r\ngeneral=\"Sans Serif,10,-1,5,50,0,0,0,0,0\"\r\n"

    @Test func aSizeIsReplacedInPlaceWithTheFileLineEnds() throws {
        var file = QtFontsFile(Array(Self.text.utf8))
        #expect(file.points(of: "general") == .success(10))
        file.set("general", to: 16.5, absentValue: "")
        #expect(String(decoding: file.bytes, as: UTF8.self) == Self.text.replacingOccurrences(of: "Serif,10,", with: "Serif,16.5,"))
    }

    @Test(arguments: [nil, "", "[Appearance]\nstyle=Fusion\n", "[Fonts]\nfixed=\"Monospace,11,-1,5,50,0,0,0,0,0\"\n"])
    func aFontAddedIsRemovedExactly(original: String?) throws {
        var file = QtFontsFile(original.map { Array($0.utf8) })
        file.set("general", to: 13, absentValue: "\"Sans Serif,12,-1,5,50,0,0,0,0,0\"")
        #expect(file.points(of: "general") == .success(13))
        #expect(file.value(of: "general") == "\"Sans Serif,13,-1,5,50,0,0,0,0,0\"")
        file.remove("general")
        #expect(String(decoding: file.bytes, as: UTF8.self) == (original ?? ""))
    }

    @Test func aFontWithoutPointsIsAFailure() {
        let file = QtFontsFile(Array("[Fonts]\ngeneral=\"Sans Serif,-1,16,5,50,0,0,0,0,0\"\n".utf8))
        #expect(file.points(of: "general") == .failure(.notPoints(key: "general", value: "\"Sans Serif,-1,16,5,50,0,0,0,0,0\"")))
        #expect(file.points(of: "fixed") == nil)
    }
}
