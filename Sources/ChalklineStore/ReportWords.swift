import ChalklineCore

/// The words a report writes in its cells (a game's state, a student's status, why a student
/// needs help): scripts read them as they are in JSON and CSV, people in their language.
enum ReportWords {
    /// Each word and its catalog key, spelled out so the catalog tests find every key used.
    static let keys: [String: String] = [
        "finished": "report.word.finished",
        "stopped": "report.word.stopped",
        "unfinished": "report.word.unfinished",
        "started": "report.word.started",
        "not started": "report.word.not_started",
        "lowest": "report.word.lowest",
        "slowest": "report.word.slowest",
        "falling": "report.word.falling",
    ]
}
