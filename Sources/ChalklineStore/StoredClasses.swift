import ChalklineCore

/// The teacher's classes, as a starting server reads them back (`ServerCore.restore(classes:)`).
extension Reports {
    /// This server's classes, oldest first, each with the students still on its list in the
    /// class's order, and those taken off it (the first added first), so one added again keeps their
    /// uid; none from a database made before classes could be kept.
    public static func classes(_ db: any SQLDatabase, server: String?) throws -> [ClassRecord] {
        // SQLite throws for a table that is not there (a locked database from before v10).
        guard !((try? db.columns(in: "class")) ?? []).isEmpty else { return [] }
        let classes = try db.rows("SELECT uid, name, codes FROM class WHERE COALESCE(server, '') = ? ORDER BY id", [.text(server ?? "")])
        var students: [String: [StudentRecord]] = [:], removed: [String: [StudentRecord]] = [:]
        for row in try db.rows("""
            SELECT s.uid, s.class_uid, s.name, s.code, s.removed FROM student s JOIN class c ON c.uid = s.class_uid
            WHERE COALESCE(c.server, '') = ? ORDER BY s.class_uid, s.removed, CASE WHEN s.removed = 0 THEN s.position ELSE s.id END
            """, [.text(server ?? "")]) {
            let student = StudentRecord(uid: row["uid"], name: row["name"], code: row["code"])
            if row["removed"] as Int == 0 {
                students[row["class_uid"], default: []].append(student)
            } else {
                removed[row["class_uid"], default: []].append(student)
            }
        }
        return classes.map { row in
            let uid: String = row["uid"]
            return ClassRecord(uid: uid, name: row["name"], codes: row["codes"], students: students[uid] ?? [], removed: removed[uid] ?? [])
        }
    }
}
