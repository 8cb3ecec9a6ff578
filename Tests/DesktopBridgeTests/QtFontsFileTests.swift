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

    /// The reader's files fontd adds to: none, empty, without `[Fonts]` (with and without a final
    /// newline, with CRLF), with an empty `[Fonts]` at the end (without a final newline too), with
    /// `[Fonts]` holding only `fixed`, with a `general` in another group.
    static let originals: [String?] = [
        nil, "", "[Appearance]\nstyle=Fusion\n", "[Appearance]\nstyle=Fusion", "[Appearance]\r\nstyle=Fusion\r\n",
        "[Appearance]\r\nstyle=Fusion", "[Appearance]\nstyle=Fusion\n\n", "[Appearance]\nstyle=Fusion\n\n[Fonts]\n", "[Fonts]",
        "[Fonts]\nfixed=\"Monospace,11,-1,5,50,0,0,0,0,0\"\n", "[Other]\r\ngeneral=1\r\n\r\n[Fonts]\r\n",
    ]

    @Test(arguments: originals)
    func fontsAddedAreRemovedExactly(original: String?) throws {
        var file = QtFontsFile(original.map { Array($0.utf8) })
        let hasFixed = original?.contains("fixed=") == true
        let fixedAddition = hasFixed ? nil : file.set("fixed", to: 13.5, absentValue: "\"Monospace,12,-1,5,50,0,0,0,0,0\"")
        let generalAddition = file.set("general", to: 13, absentValue: "\"Sans Serif,12,-1,5,50,0,0,0,0,0\"")
        #expect(file.points(of: "general") == .success(13))
        #expect(file.value(of: "general") == "\"Sans Serif,13,-1,5,50,0,0,0,0,0\"")
        #expect(generalAddition == nil)
        #expect(file.points(of: "fixed") == .success(hasFixed ? 11 : 13.5))
        // What a reader of the edited file sees: every line ends as the file's lines do.
        let text = String(decoding: file.bytes, as: UTF8.self)
        if original?.contains("\r\n") == true { #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(text)") }
        if !hasFixed { file.remove("fixed") }
        file.remove("general")
        if let fixedAddition { file.remove(fixedAddition) }
        #expect(String(decoding: file.bytes, as: UTF8.self) == (original ?? ""))
        #expect((fixedAddition == .file) == (original == nil))
    }

    @Test func aFontWithoutPointsIsAFailure() {
        let file = QtFontsFile(Array("[Fonts]\ngeneral=\"Sans Serif,-1,16,5,50,0,0,0,0,0\"\n".utf8))
        #expect(file.points(of: "general") == .failure(.notPoints(key: "general", value: "\"Sans Serif,-1,16,5,50,0,0,0,0,0\"")))
        #expect(file.points(of: "fixed") == nil)
    }
}
