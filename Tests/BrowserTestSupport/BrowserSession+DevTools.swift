import FontdTestSupport
import Foundation

extension BrowserSession {
    /// Sends one Chrome DevTools Protocol command to the current page through chromedriver
    /// (`POST /session/{id}/goog/cdp/execute`) and returns its result.
    public func devTools(_ command: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        let answer = try send("POST", "/goog/cdp/execute", body: ["cmd": command, "params": parameters])
        return answer as? [String: Any] ?? [:]
    }

    /// `renderedFontFamilies(of:)` once it is `expected`, or as it stands after `timeoutSeconds`:
    /// a web font is drawn only once it has loaded, which begins after layout, so
    /// `document.fonts.status` can say `loaded` before the page's own font has been asked for.
    public func renderedFontFamilies(
        of selector: String, becoming expected: [String], timeoutSeconds: Double = Wait.defaultSeconds
    ) throws -> [String] {
        var families: [String] = []
        _ = try Wait.holds(seconds: timeoutSeconds) {
            families = try renderedFontFamilies(of: selector)
            return families == expected
        }
        return families
    }

    /// The families of the fonts the browser actually drew the text of the first element matching
    /// `selector` with (DevTools' `CSS.getPlatformFontsForNode`), most glyphs first: what fontconfig
    /// gave Chromium, not what the stylesheet asked for. Empty when nothing matches.
    public func renderedFontFamilies(of selector: String) throws -> [String] {
        _ = try devTools("DOM.enable")
        _ = try devTools("CSS.enable")
        let document = try devTools("DOM.getDocument", ["depth": 0])
        guard let root = (document["root"] as? [String: Any])?["nodeId"] as? Int else {
            throw BrowserError.transport(command: "DOM.getDocument", problem: "no root node in \(document)")
        }
        let found = try devTools("DOM.querySelector", ["nodeId": root, "selector": selector])
        guard let node = found["nodeId"] as? Int, node != 0 else { return [] }
        let fonts = try devTools("CSS.getPlatformFontsForNode", ["nodeId": node])["fonts"] as? [[String: Any]] ?? []
        return fonts.sorted { ($0["glyphCount"] as? Int ?? 0) > ($1["glyphCount"] as? Int ?? 0) }
            .compactMap { $0["familyName"] as? String }
    }
}
