/// `/next`: a student doing homework goes on from a round's verdict before its pause is over.
extension ServerCore {
    func next(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (room, _) = try inRoom(call.session, "next")
        guard room.homework != nil else {
            throw ErrorReply("next", .wrongState, "/next is for homework, between one question and the next; in a room the host runs the game.")
        }
        guard room.isHomeworkPaused else {
            throw ErrorReply("next", .wrongState, "There is nothing to go on to right now: the next question comes after you answer this one.")
        }
        // The reply first, then the question (or the try's end) it brings.
        out.send(OkReply("next", text: "Next!"), to: call.session)
        room.nextHomeworkRound(now: call.now, out: &out)
    }
}
