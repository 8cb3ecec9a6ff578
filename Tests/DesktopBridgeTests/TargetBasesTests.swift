import FontdTestSupport
import Foundation
import Testing

@testable import DesktopBridge

/// The one record of the reader's own values (docs/DESIGN.md §34 (The reader's own sizes)): a base
/// is recorded once, never taken from fontd's own write (even the one before a crash), and the
/// reader's own change is the new base.
@Suite struct TargetBasesTests {
    @Test func theFirstValueFoundIsTheBaseAndFontdsWritesAreNot() {
        var bases = TargetBases()
        #expect(bases.observe("x11", "Xft.dpi", found: 192) == 192)
        bases.willWrite("x11", "Xft.dpi", 265)
        // Found: fontd's write. The base stays.
        #expect(bases.observe("x11", "Xft.dpi", found: 265) == 192)
        bases.willWrite("x11", "Xft.dpi", 158)
        // A crash between recording 158 and writing it leaves 265 in place: still fontd's.
        #expect(bases.observe("x11", "Xft.dpi", found: 265) == 192)
        #expect(bases.observe("x11", "Xft.dpi", found: 158) == 192)
    }

    @Test func aValueThatIsNeitherTheBaseNorFontdsIsTheReadersNewBase() {
        var bases = TargetBases()
        _ = bases.observe("x11", "Xft.dpi", found: 192)
        bases.willWrite("x11", "Xft.dpi", 211)
        #expect(bases.observe("x11", "Xft.dpi", found: 144) == 144)
        // fontd's old write is no longer known for fontd's once the reader's value replaced it.
        #expect(bases["x11", "Xft.dpi"]?.written == [])
        // None at all: the reader removed their value; the program's default applies.
        bases.willWrite("x11", "Xft.dpi", 158)
        #expect(bases.observe("x11", "Xft.dpi", found: nil) == nil)
    }

    @Test func theRecordKeepsEveryTargetsEntriesThroughTheFile() throws {
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("state/fontd/desktop-bases.json").path
        try TargetBases.update(at: path) { bases in
            _ = bases.observe("x11", "Xft.dpi", found: 192)
            bases.willWrite("x11", "Xft.dpi", 265)
        }
        try TargetBases.update(at: path) { _ = $0.observe("kitty", "font_size", found: 11) }
        let read = TargetBases.read(path)
        #expect(read["x11", "Xft.dpi"] == TargetBases.Entry(base: 192, written: [265]))
        #expect(read["kitty", "font_size"] == TargetBases.Entry(base: 11))
        try TargetBases.update(at: path) { $0["x11", "Xft.dpi"] = nil }
        #expect(TargetBases.read(path).targets.keys.sorted() == ["kitty"])
    }
}
