import ChalklineCore

/// The teacher's classes, as a starting server reads them back (`ServerCore.restore(classes:)`).
extension Reports {
    /// This server's classes, oldest first, each with the students still on its list in the
    /// class's order; none from a database made before classes could be kept.
    public static func classes(_ db: any SQLDatabase, server: String?) throws -> [ClassRecord] {
        // SQLite throws for a table that is not there (a locked database from before v10).
        guard !((try? db.columns(in: "class")) ?? []).isEmpty else { return [] }
        let classes = try db.rows("SELECT uid, name, codes FROM class WHERE COALESCE(server, '') = ? ORDER BY id", [.text(server ?? "")])
        var students: [String: [StudentRecord]] = [:]
        for row in try db.rows("""
            SELECT s.uid, s.class_uid, s.name, s.code FROM student s JOIN class c ON c.uid = s.class_uid
            WHERE COALESCE(c.server, '') = ? AND s.removed = 0 ORDER BY s.class_uid, s.position
            """, [.text(server ?? "")]) {
            students[row["class_uid"], default: []].append(StudentRecord(uid: row["uid"], name: row["name"], code: row["code"]))
        }
        return classes.map { row in
            ClassRecord(uid: row["uid"], name: row["name"], codes: row["codes"], students: students[row["uid"] as String] ?? [])
        }
    }
}
