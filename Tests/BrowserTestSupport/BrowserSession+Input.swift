import Foundation

extension BrowserSession {
    /// One step of a mouse's movement, in CSS pixels of the viewport (WebDriver pointer actions).
    public enum PointerStep: Sendable {
        case move(x: Int, y: Int)
        case down
        case up
    }

    /// Clicks the first element matching `selector` as a reader would: WebDriver's element click
    /// scrolls it into view and clicks its centre, with trusted events.
    public func click(_ selector: String) throws {
        let found = try send("POST", "/element", body: ["using": "css selector", "value": selector]) as? [String: Any]
        guard let element = found?.values.first as? String else {
            throw BrowserError.transport(command: "POST /element", problem: "no element id for \(selector) in \(found ?? [:])")
        }
        _ = try send("POST", "/element/\(element)/click", body: [:])
    }

    /// Presses and releases each of `keys` in turn on whatever has the focus (WebDriver key
    /// actions: `"\u{E014}"` is the right arrow, `"\u{E012}"` the left, `" "` the space bar).
    public func press(_ keys: [String]) throws {
        let actions = keys.flatMap { [["type": "keyDown", "value": $0], ["type": "keyUp", "value": $0]] }
        _ = try send("POST", "/actions", body: ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// Moves, presses and releases the mouse's main button through `steps`; the button stays
    /// down between calls until a step releases it.
    public func pointer(_ steps: [PointerStep]) throws {
        let actions: [[String: Any]] = steps.map { step in
            switch step {
            case .move(let x, let y): ["type": "pointerMove", "x": x, "y": y, "origin": "viewport", "duration": 0]
            case .down: ["type": "pointerDown", "button": 0]
            case .up: ["type": "pointerUp", "button": 0]
            }
        }
        let mouse: [String: Any] = ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]
        _ = try send("POST", "/actions", body: ["actions": [mouse]])
    }

    /// Runs axe-core (vendored in `Tests/Vendor/axe-core`) on the page and returns each violation
    /// as one line: its rule, its impact and the elements it found.
    public func accessibilityViolations(timeoutSeconds: Double = 60) throws -> [String] {
        let axe = try String(contentsOf: Self.axeScript, encoding: .utf8)
        _ = try execute(axe + "\nreturn typeof axe;", timeoutSeconds: timeoutSeconds)
        let run = """
            const done = arguments[arguments.length - 1];
            axe.run(document).then(
              (results) => done(results.violations.map((violation) =>
                `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)),
              (error) => done([`axe did not run: ${error}`]));
            """
        return try executeAsync(run, timeoutSeconds: timeoutSeconds) as? [String] ?? ["axe answered nothing"]
    }

    /// axe-core's script, as its README says where it comes from.
    static let axeScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vendor/axe-core/axe.min.js")
}
