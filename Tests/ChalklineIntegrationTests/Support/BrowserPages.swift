import Foundation

/// Named pages in one headless Chromium, driven by one of the Tests/Browser scripts over
/// `BrowserDriver`: each command is one JSON line and waits for its one event, so a test reads
/// as a teacher or a child would act ("open", "click", "type", then "wait" for what the page
/// must show, with a deadline). Every browser test's `Pages` is this with its script and its
/// folder for screenshots; the scripts answer the commands they are sent (see each one's
/// docstring).
class BrowserPages {
    let driver: BrowserDriver
    /// Where `capture` and `shot` write.
    let captures: String

    /// `script` is a path under the repository (`Tests/Browser/host.py`).
    init(script: String, captures: String) throws {
        driver = try BrowserDriver(script: BuiltProducts.repository.appendingPathComponent(script).path)
        self.captures = captures
    }

    @discardableResult
    func call(_ command: [String: Any], timeout: Double = 90) throws -> [String: Any] {
        try driver.send(command)
        return try driver.event(timeout: timeout)
    }

    func open(_ page: String, _ url: String) throws { try call(["cmd": "open", "page": page, "url": url]) }
    func click(_ page: String, _ css: String) throws { try call(["cmd": "click", "page": page, "css": css]) }
    func reload(_ page: String) throws { try call(["cmd": "reload", "page": page]) }
    func record(_ page: String) throws { try call(["cmd": "record", "page": page]) }
    func type(_ page: String, _ css: String, _ text: String, enter: Bool = false) throws {
        try call(["cmd": "type", "page": page, "css": css, "text": text, "enter": enter])
    }
    func select(_ page: String, _ css: String, _ value: String) throws { try call(["cmd": "select", "page": page, "css": css, "value": value]) }
    func js(_ page: String, _ body: String) throws -> Any? { try call(["cmd": "js", "page": page, "js": body])["value"] }
    func wait(_ page: String, _ body: String, what: String, timeout: Double = 30) throws -> Any? {
        try call(["cmd": "wait", "page": page, "js": body, "what": what, "timeout": timeout], timeout: timeout + 30)["value"]
    }
    /// As `wait`, but nil when the page never showed it (for an `#expect` to report, and the
    /// test to go on to its other checks).
    func settle(_ page: String, _ body: String, what: String, timeout: Double) throws -> Any? {
        do { return try wait(page, body, what: what, timeout: timeout) } catch let failure as TestFailure {
            print("browser: \(page) never showed \(what): \(failure)")
            return nil
        }
    }
    func capture(_ page: String, _ label: String) throws {
        try call(["cmd": "capture", "page": page, "label": label, "dir": captures])
    }
    /// One screenshot at a given window size, as `file` in `captures`.
    func shot(_ page: String, _ file: String, width: Int, height: Int) throws {
        try call(["cmd": "shot", "page": page, "path": captures + "/" + file, "width": width, "height": height])
    }
    func download(_ page: String, _ css: String, dir: String) throws -> [String: Any] {
        try call(["cmd": "download", "page": page, "css": css, "dir": dir])
    }
    func quit() { driver.quit() }
}
