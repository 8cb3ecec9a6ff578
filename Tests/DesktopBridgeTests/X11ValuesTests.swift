import DynamicType
import FontdTestSupport
import Testing

@testable import DesktopBridge

/// The values and file edits of the X11 target (docs/DESIGN.md §30 (KDE Plasma, X11, and
/// per-target limits)); the end-to-end tests under Xvfb are fontdTests/X11DesktopTests.
@Suite struct X11ValuesTests {
    @Test func xftDPIIsNinetySixTimesTheRatioRounded() throws {
        let ratios = try #require(TextScalingRatios(table: Fixtures.defaultTable))
        let written = ContentSizeCategory.allCases.map { XftDPI(ratio: ratios.ratio(of: $0)).dotsPerInch }
        #expect(written == [79, 85, 90, 96, 107, 119, 130, 158, 186, 226, 265, 299])
        #expect(XftDPI.xsettingsValue(base: nil, ratio: 1) == 98304)
        #expect(XftDPI(base: 192, ratio: ratios.ratio(of: .extraSmall)).dotsPerInch == 158)
        #expect(
            XftDPI.xsettingsValue(base: 196608, ratio: ratios.ratio(of: .extraLarge))
                == Int((196608 * ratios.ratio(of: .extraLarge)).rounded()))
        #expect(XftDPI(ratio: 0.5 / 96 + 1).dotsPerInch == 97)
    }

    @Test(arguments: [
        // The line replaced, its neighbours and its CRLF kept.
        ("a 1\nXft/DPI 98304\nb \"x\"\n", "a 1\nXft/DPI 161792\nb \"x\"\n"),
        ("Xft/DPI 98304\r\nb 2\r\n", "Xft/DPI 161792\r\nb 2\r\n"),
        ("  Xft/DPI\t1 # old\n", "Xft/DPI 161792\n"),
        // Absent: added at the end, after the newline the file lacked.
        ("a 1", "a 1\nXft/DPI 161792\n"),
        ("a 1\n", "a 1\nXft/DPI 161792\n"),
        ("a 1\r\n", "a 1\r\nXft/DPI 161792\r\n"),
        ("", "Xft/DPI 161792\n"),
        // Not the setting: another name that begins the same, a comment.
        ("Xft/DPIx 1\n# Xft/DPI 1\n", "Xft/DPIx 1\n# Xft/DPI 1\nXft/DPI 161792\n"),
    ])
    func theXftDPILineIsTheOnlyOneWritten(_ before: String, _ after: String) {
        #expect(XSettingsConfiguration.withDPI(161792, in: Array(before.utf8)) == Array(after.utf8))
    }

    @Test func theConfigurationIsTheCommandLinesElseHomes() {
        #expect(XSettingsDaemon.configurationPath(arguments: ["xsettingsd", "-c", "/a/b"], home: "/h", pid: 1) == "/a/b")
        #expect(XSettingsDaemon.configurationPath(arguments: ["xsettingsd", "--config=/a/c"], home: "/h", pid: 1) == "/a/c")
        #expect(XSettingsDaemon.configurationPath(arguments: ["xsettingsd", "--config", "/a/d", "-s", "0"], home: "/h", pid: 1) == "/a/d")
        #expect(XSettingsDaemon.configurationPath(arguments: ["xsettingsd", "-c/a/e"], home: "/h", pid: 1) == "/a/e")
        #expect(XSettingsDaemon.configurationPath(arguments: ["xsettingsd", "-s", "0"], home: "/h", pid: 1) == "/h/.xsettingsd")
    }

    @Test func displayNamesCompareByServer() {
        #expect(XDisplayName(":3") == XDisplayName(":3.0"))
        #expect(XDisplayName(":3") == XDisplayName("unix:3.1"))
        #expect(XDisplayName(":3") != XDisplayName(":30"))
        #expect(XDisplayName(":3") != XDisplayName("remote:3"))
    }
}
