import DesktopBridge
import Testing

/// Reading and editing kdeglobals as KConfig writes it, every other byte kept (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)).
@Suite struct KConfigFileTests {
    static let text = """
        # a comment
        [$Version]
        update_info=x.upd:y

        [General]
        font = Noto Sans,10,-1,5,50,0,0,0,0,0
        font[de]=Noto Sans,11,-1,5,50,0,0,0,0,0
        fixed[$i]=Hack,9,-1,5,50,0,0,0,0,0
        Name=\\sleading

        [KDE][Action Restrictions]
        font=Nested,7,-1,5,50,0,0,0,0,0

        [WM][$i]
        activeFont=Noto Sans,10,-1,5,75,0,0,0,0,0,Bold\r
        [General]
        menuFont=Noto Sans,10,-1,5,50,0,0,0,0,0
        """

    @Test func entriesAreReadByGroupAndKeyWithoutLocales() throws {
        let file = KConfigFile(Array(Self.text.utf8))
        #expect(file.entry("font", in: ["General"])?.value == "Noto Sans,10,-1,5,50,0,0,0,0,0")
        #expect(file.entry("font", in: ["KDE", "Action Restrictions"])?.value == "Nested,7,-1,5,50,0,0,0,0,0")
        #expect(file.entry("menuFont", in: ["General"])?.value == "Noto Sans,10,-1,5,50,0,0,0,0,0")
        #expect(file.entry("update_info", in: ["$Version"])?.isImmutable == false)
        #expect(file.entry("missing", in: ["General"]) == nil)
    }

    @Test func immutableKeysAndGroupsAreMarked() throws {
        let file = KConfigFile(Array(Self.text.utf8))
        #expect(file.entry("font", in: ["General"])?.isImmutable == false)
        #expect(file.entry("fixed", in: ["General"])?.isImmutable == true)
        #expect(file.entry("activeFont", in: ["WM"])?.isImmutable == true)
        #expect(KConfigFile(Array("[$i]\n[General]\nfont=A,10\n".utf8)).entry("font", in: ["General"])?.isImmutable == true)
    }

    @Test func replacingAValueKeepsEveryOtherByte() throws {
        var file = KConfigFile(Array(Self.text.utf8))
        let font = try #require(file.entry("font", in: ["General"]))
        file.replacePointSize(of: font, with: 12.5)
        let menu = try #require(file.entry("menuFont", in: ["General"]))
        file.replacePointSize(of: menu, with: 13)
        let expected = Self.text
            .replacingOccurrences(of: "font = Noto Sans,10,", with: "font = Noto Sans,12.5,")
            .replacingOccurrences(of: "menuFont=Noto Sans,10,", with: "menuFont=Noto Sans,13,")
        #expect(file.bytes == Array(expected.utf8))
        #expect(KConfigFile(Array(expected.utf8)).entry("font", in: ["General"])?.value == "Noto Sans,12.5,-1,5,50,0,0,0,0,0")
    }

    @Test func theLastOfTwoEntriesIsTheOneRead() {
        let file = KConfigFile(Array("[General]\nfont=A,10\n[General]\nfont=A,12\n".utf8))
        #expect(file.entry("font", in: ["General"])?.value == "A,12")
    }

    @Test(arguments: [
        ("Noto Sans,10,-1,5,50,0,0,0,0,0", 10.0), ("Noto Sans,10.5,-1,5,400,0,0,0,0,0,0,0,0,0,0,1", 10.5),
        ("Noto Sans,13,-1,5,75,0,0,0,0,0,Bold\r", 13.0),
    ])
    func theSecondFieldIsThePointSize(_ value: String, _ points: Double) {
        #expect(QFontSize.points(in: value) == points)
    }

    @Test func aFontInPixelsHasNoPointSize() {
        #expect(QFontSize.points(in: "Noto Sans,-1,14,5,50,0,0,0,0,0") == nil)
        #expect(QFontSize.points(in: "Noto Sans") == nil)
    }

    @Test func sizesRoundToTheNearestHalfPointAndAreWrittenAsQtWritesThem() {
        #expect(QFontSize.roundedToHalfPoint(16.47) == 16.5)
        #expect(QFontSize.roundedToHalfPoint(13.18) == 13)
        #expect(QFontSize.roundedToHalfPoint(12.25) == 12.5)
        #expect(QFontSize.written(13) == "13")
        #expect(QFontSize.written(16.5) == "16.5")
    }

    @Test func onlyTheSizeFieldIsReplacedAndLatin1AndCRLFStay() throws {
        let latin1: [UInt8] = [0x43, 0x61, 0x66, 0xE9]
        let line = { (size: String) -> [UInt8] in Array("[General]\r\nfont=".utf8) + latin1 + Array(",\(size)\r\n".utf8) }
        var file = KConfigFile(line("10"))
        let font = try #require(file.entry("font", in: ["General"]))
        #expect(QFontSize.points(in: font.value) == 10)
        file.replacePointSize(of: font, with: 16.5)
        #expect(file.bytes == line("16.5"))
    }
}
