import Foundation

extension FirefoxSession {
    /// Installs the add-on in the unpacked folder or `.xpi` at `path` (Marionette's `Addon:Install`);
    /// `temporary` as `about:debugging` loads one, which needs no signature. Returns its id.
    @discardableResult
    public func installAddon(at path: String, temporary: Bool) throws -> String? {
        try connection.perform("Addon:Install", ["path": path, "temporary": temporary]) as? String
    }

    /// Runs `script` as a function body in the browser's own window (Marionette's chrome context:
    /// `FullZoom`, `gBrowser`, `WebExtensionPolicy`) and returns what it returned; the page's context
    /// is restored after.
    public func executeInBrowserWindow(_ script: String, arguments: [Any] = []) throws -> Any? {
        _ = try connection.perform("Marionette:SetContext", ["value": "chrome"])
        defer { _ = try? connection.perform("Marionette:SetContext", ["value": "content"]) }
        return try connection.perform("WebDriver:ExecuteScript", ["script": script, "args": arguments])
    }

    /// Opens a new tab, makes it the current one, and returns its handle.
    @discardableResult
    public func openTab() throws -> String? {
        let opened = try connection.perform("WebDriver:NewWindow", ["type": "tab", "focus": true]) as? [String: Any]
        let handle = opened?["handle"] as? String
        if let handle { try switchToTab(handle) }
        return handle
    }

    /// Makes the tab `handle` the current one.
    public func switchToTab(_ handle: String) throws {
        _ = try connection.perform("WebDriver:SwitchToWindow", ["handle": handle, "focus": true])
    }

    /// The current tab's handle.
    public func currentTab() throws -> String? {
        try connection.perform("WebDriver:GetWindowHandle") as? String
    }
}
