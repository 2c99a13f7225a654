import ChalklineCore

/// What adaptive homework learns from: the stored times answers of class students.
extension Reports {
    /// Every times answer of a class student (a player with `student_uid`) on this server, in
    /// the order given, a question left unanswered included (a miss): the server replays them
    /// at start (`ServerCore.restore(practice:)`) to rebuild each student's Leitner boxes.
    public static func practiceAnswers(_ db: any SQLDatabase, server: String?) throws -> [PracticeAnswer] {
        guard try db.columns(in: "player").contains("student_uid") else { return [] }
        let detail = try Schema.detailColumn(db, table: "q")
        return try db.rows("""
            SELECT p.student_uid, \(detail) AS detail, a.correct
            FROM answer a JOIN player p ON p.id = a.player_id JOIN game g ON g.id = p.game_id
            JOIN question q ON q.id = a.question_id
            WHERE p.student_uid IS NOT NULL AND g.kind = ? AND COALESCE(\(try serverColumn(db)), '') = ?
            ORDER BY a.id
            """, [.text(TimesQuiz.name), .text(server ?? "")]).compactMap { row in
            TimesFact(detail: row["detail"]).map { PracticeAnswer(student: row["student_uid"], fact: $0, right: row["correct"]) }
        }
    }
}
