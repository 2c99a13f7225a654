import ChalklineCore

/// Question sets saved from the teacher page, as a starting server reads them back.
extension Reports {
    /// This server's saved sets, oldest first (a later one of the same name replaces it when
    /// they are put in the library); none from a database made before sets could be saved.
    public static func savedSets(_ db: any SQLDatabase, server: String?) throws -> [SavedSetRecord] {
        // SQLite throws for a table that is not there (a locked database from before v9).
        guard !((try? db.columns(in: "question_set")) ?? []).isEmpty else { return [] }
        return try db.rows("SELECT name, body, questions FROM question_set WHERE COALESCE(server, '') = ? ORDER BY id",
                           [.text(server ?? "")]).map { row in
            SavedSetRecord(name: row["name"], body: row["body"], questions: row["questions"])
        }
    }
}
