/// One line of the command table: the one place that says what a command is called, who may
/// use it, how many words it takes, and what `/help` says of it. Dispatch checks `access`,
/// then `arity`, in that order, before the handler runs; the handler checks only what is its
/// own (a room code, a name).
struct Command: Sendable {
    /// Who may use the command; each refusal has its own error code and message.
    enum Access: Sendable {
        case anyone
        /// Not seated in a room and not watching one (`already_in_room`).
        case outsideRoom
        /// As `outsideRoom`, or the host of a class room (`/create` from there takes the class along).
        case outsideRoomOrHost
        /// Neither seated nor watching, with watching's own wording (`/watch`).
        case notAudience
        /// Seated in a room or watching it (`not_in_room`).
        case audience
        /// The room's host (`not_in_room`, then `not_host`).
        case host
    }

    /// What was typed, for the handler.
    struct Call {
        var verb: String
        /// The text after the verb as typed, for commands that take a sentence.
        var rest: String
        /// Its words (split on each use: an answer never asks).
        var args: [String] { rest.splitOnBlanks() }
        var session: Session
        var now: Millis
        /// The earliest the line can have reached the server (`ServerCore.receive`): answers are timed by it.
        var arrived: Millis
    }

    let name: String
    let access: Access
    /// Words the command takes; nil when it takes a sentence or checks its words itself.
    var arity: ClosedRange<Int>? = nil
    /// The refusal when the words do not fit: usually `bad_args` with the usage.
    var arityError: (ErrorCode, Say)? = nil
    /// Takes a secret (a token, the host key, a password) or a room code, which can be guessed:
    /// wrong ones count towards the guess limit (`GuessLimiter`).
    var takesSecret = false
    /// `/join CODE [NAME]`: typed words, the same in every language. `/help COMMAND`'s text is
    /// the catalog's `help.VERB` (its first sentence is the command's line in `/help`).
    let usage: String
    let run: @Sendable (ServerCore, Call, inout Outbox) throws(ErrorReply) -> Void
}
