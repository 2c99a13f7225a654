/// The teacher's secret on a connection: `/teacher SECRET` opens the desk's commands (classes,
/// past games, progress, every homework) to it for as long as it stays connected.
extension ServerCore {
    /// The secret `/teacher` takes: the made one, or the create password (one secret, so a
    /// server with a password needs nothing new from the teacher).
    var teacherSecret: String? {
        if let made = config.teacherSecret, !made.isEmpty { return made }
        if let password = config.createPassword, !password.isEmpty { return password }
        return nil
    }

    /// Anyone may try, anywhere (in a room too: the host of a live room opens the desk beside
    /// it). A wrong secret is `bad_password`, which `guessing` counts as a wrong create password.
    func teacher(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let secret = teacherSecret else {
            throw ErrorReply("teacher", .badPassword, "This server has no teacher's secret, so the teacher's desk is closed.")
        }
        // Words joined again: a made secret may be typed `ABCD EFGH`; a password has no blanks.
        guard TeacherSecret.matches(call.args.joined(separator: " "), secret) else {
            throw ErrorReply("teacher", .badPassword,
                             "That is not the teacher's secret. It is printed when the server starts (the README says where it is kept).")
        }
        call.session.isTeacher = true
        out.send(OkReply("teacher", text: "You are the teacher on this connection: classes, past games, progress and every homework are open to you."),
                 to: call.session)
    }

    /// What only the teacher may do (`/class`, `class=`, `/report` with a subject, everyone's
    /// `/assignments`) asks this first.
    func requireTeacher(_ session: Session, _ cmd: String) throws(ErrorReply) {
        guard session.isTeacher else {
            throw ErrorReply(cmd, .notTeacher,
                             "This is the teacher's: send /teacher SECRET first (the secret is printed when the server starts).")
        }
    }
}
