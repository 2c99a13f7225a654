import ChalklineTesting

/// The teacher page's create form, as a teacher fills it (TeacherDeskTests, ProjectorChoicesTests).
extension BrowserPages {
    /// A room made from the form: the kind, then each option typed or chosen (a closed
    /// "More options" opened first), then Create; the new code.
    func createRoom(_ page: String, _ base: String, kind: String, _ options: [String: String]) throws -> String {
        try open(page, "\(base)/host")
        _ = try wait(page, "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        try click(page, "#kind-\(kind)")
        _ = try js(page, "const d = document.getElementById('create-more'); if (d) d.open = true; return true")
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            let isSelect = try js(page, "return document.getElementById('opt-\(name)').tagName === 'SELECT'") as? Bool == true
            if isSelect { try select(page, "#opt-\(name)", value) } else { try type(page, "#opt-\(name)", value) }
        }
        try click(page, "#create-button")
        guard let code = try wait(page, "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent", what: "the lobby") as? String else {
            throw TestFailure("no lobby")
        }
        return code
    }
}
