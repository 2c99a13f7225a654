import ChalklineTesting

/// The two ways the browser tests seat a student beside the page under test: over TCP in json,
/// or on the student page itself, typing the name as a child does.
extension LiveServer {
    /// A student joined to `code` over TCP, in json, as `name`.
    func seatedPupil(_ name: String, in code: String) throws -> HarnessClient {
        let pupil = try connect()
        try pupil.skipWelcome()
        _ = try pupil.command("/format json")
        let joined = try pupil.command("/join \(code) \(name)")
        guard joined.string("type") == "ok" else { throw TestFailure("\(name) could not join: \(joined)") }
        return pupil
    }
}

extension BrowserPages {
    /// The student page opened on `code`'s join link, `name` typed and Enter pressed, waited for
    /// until the lobby shows that name.
    func joinAsStudent(_ page: String, _ server: LiveServer, _ name: String, _ code: String) throws {
        try open(page, "http://127.0.0.1:\(server.port)/?room=\(code)")
        _ = try wait(page, "return document.activeElement && document.activeElement.id === 'join-name'", what: "the join form")
        try type(page, "#join-name", name, enter: true)
        _ = try wait(page, "return document.body.dataset.view === 'lobby' && document.getElementById('status-name').textContent === '\(name)'", what: "\(name) in the lobby")
    }
}
