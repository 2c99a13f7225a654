import ArgumentParser
import ChalklineCore
import ChalklineServer
import ChalklineStore
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Runs the server in the foreground until Ctrl-C (SIGINT) or SIGTERM.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve games (the default subcommand).",
        discussion: """
            Prints `listening on ADDR:PORT` as its first line to standard output once it accepts \
            connections, then where students go and the teacher's desk with its secret; logs go \
            to standard error. On SIGINT or SIGTERM every client is told, \
            output is flushed for at most 1.5 seconds, and the server exits with status 0.
            """,
        // Here too: `chalkline-server --version` reaches this default subcommand.
        version: ChalklineVersion.current
    )

    @Option(help: "Address to listen on: 0.0.0.0 for every IPv4 interface, :: for IPv6 (and IPv4), 127.0.0.1 for this machine only.")
    var bind = "0.0.0.0"

    @Option(help: "TCP port to listen on; 0 picks a free one (the chosen port is printed).")
    var port = WellKnown.port

    @Option(help: ArgumentHelp("Most players one room may hold.", valueName: "n"))
    var maxPlayers = Limits.playersPerRoom

    @Option(help: ArgumentHelp("Output the server may hold for one client that is not reading; past it that client is disconnected (the others never wait for it).", valueName: "bytes"))
    var maxQueuedBytes = Limits.queuedBytes

    @Option(name: .customLong("levels"), help: ArgumentHelp(
        "A folder of word-puzzle levels (level1.txt, level2.txt, ...), offered as a pack named after the folder. Repeat for more packs; the built-in pack is always there.",
        valueName: "dir"))
    var levelDirectories: [String] = []

    @Option(name: .customLong("sets"), help: ArgumentHelp(
        "A folder of question sets for /create quiz set=NAME (NAME.csv, NAME.tsv or NAME.txt: CSV with a question,answer header, term<TAB>definition lines, or Kahoot!'s quiz template saved as CSV). Repeat for more folders; the example sets are always there. A bad file is left out and logged; check a folder with check-sets.",
        valueName: "dir"))
    var setDirectories: [String] = []

    @Option(name: .customLong("db"), help: ArgumentHelp(
        "The results database: a SQLite file (created if missing; :memory: keeps nothing after the server stops), or PostgreSQL as postgres://USER@HOST/DB, a libpq connection URI whose password comes from PGPASSWORD or ~/.pgpass, never the command line.",
        valueName: "path|uri"))
    var databasePath = ResultsStores.defaultPath

    @Option(help: ArgumentHelp("The name stored with each game in the results, so reports of a database many servers share can tell classrooms apart (report --server NAME); default the host name.",
                               valueName: "name"))
    var serverName: String?

    @Option(help: ArgumentHelp("Results held in memory while the database cannot take them; past it the oldest answers are dropped (counted, logged and told to the host).",
                               valueName: "n"))
    var maxUnsaved = Limits.unsavedRecords

    @Option(help: ArgumentHelp("The name students see in `chalkline servers` (DNS-SD, through Avahi); default \"Chalkline on HOSTNAME\".",
                               valueName: "name"))
    var name: String?

    @Flag(help: "Do not advertise the server on the network.")
    var noAdvertise = false

    @Flag(help: "Serve no web pages and no WebSocket: the port speaks the line protocol only, and welcomes a new connection at once (with the web on, the welcome comes with the connection's first line, or after \(Limits.silentWelcomeMs / 1000) seconds of silence).")
    var noWeb = false

    @Option(help: ArgumentHelp("The address students open, shown and drawn as a QR code with each room (for a school whose network needs a name); default http://LAN-ADDRESS:PORT/ with this machine's LAN address.", valueName: "url"))
    var publicURL: String?

    @Option(help: ArgumentHelp("Where the teacher's secret (/teacher SECRET, the teacher's desk) is kept: made at the first start, mode 0600, read again at every start. Default chalkline-teacher.txt beside the SQLite database (in the working directory for PostgreSQL and :memory:). With --create-password, that password is the secret and no file is used.",
                               valueName: "path"))
    var teacherSecretFile: String?

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    @Option(help: ArgumentHelp("The language of the server's messages for a connection that has not chosen one (/lang): \(Languages.codes.joined(separator: ", ")). The pages follow each browser's languages.", valueName: "code"))
    var language = "en"

    @Option(help: ArgumentHelp("Log detail: trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535.") }
        guard maxQueuedBytes >= 1024 else { throw ValidationError("--max-queued-bytes takes 1024 or more.") }
        guard maxUnsaved >= 100 else { throw ValidationError("--max-unsaved takes 100 or more.") }
        guard maxPlayers >= 1 else { throw ValidationError("--max-players takes 1 or more.") }
        guard Languages.named(language)?.code == language.lowercased() else {
            throw ValidationError("--language: there is no language \(language). Languages: \(Languages.all.map { "\($0.code) (\($0.name))" }.joined(separator: ", ")).")
        }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level: unknown level \(logLevel).") }
        if ResultsStores.isPostgres(databasePath), ResultsStores.hasPassword(databasePath) {
            throw ValidationError("--db: put the PostgreSQL password in PGPASSWORD or ~/.pgpass, not on the command line (every user of this machine can read it there).")
        }
    }

    func run() throws {
        var config = ServerConfig()
        config.localTime = SystemLocalTime.make()
        config.maxPlayersPerRoom = maxPlayers
        config.language = Languages.named(language) ?? Languages.english
        try limits.apply(to: &config)
        // Read before the loop starts: a bad level file stops the server here, never mid-class.
        switch LevelDirectory.loadPacks(extra: levelDirectories) {
        case .success(let packs): config.levelPacks = packs
        case .failure(let problems):
            printError("chalkline-server: cannot start, the level files have problems:\n\(problems.description)")
            throw ExitCode.failure
        }
        var logger = Logger(label: "chalkline")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        if config.createPassword == nil {
            let path = teacherSecretFile ?? TeacherSecretFile.defaultPath(database: databasePath)
            do {
                config.teacherSecret = try TeacherSecretFile.readOrMake(path)
            } catch {
                // The desk still opens this run: the secret printed below works until the server stops.
                config.teacherSecret = TeacherSecret.make { UInt64.random(in: .min ... .max) }
                logger.error("TEACHER'S SECRET NOT KEPT: \(error); this run's secret is printed below and changes at the next start")
            }
        }
        // Read before the loop starts too, but a bad set file is only left out: the server starts.
        let sets = SetDirectory.library(folders: setDirectories)
        config.questionSets = sets.library
        for case .leftOut(let problem, _) in sets.loaded {
            logger.warning("question set left out: \(problem)")
        }
        var options = ServerShell.Options(bind: bind, port: port, core: config)
        options.maxQueuedBytes = maxQueuedBytes
        options.maxUnsaved = maxUnsaved
        options.advertiseName = noAdvertise ? nil : (name ?? ServerShell.defaultAdvertisedName)
        options.web = !noWeb
        options.publicURL = publicURL
        options.databasePath = databasePath
        if let serverName { options.serverName = serverName }
        let shell = ServerShell(options: options, logger: logger)
        do {
            try shell.run { line in
                // Unbuffered: scripts and tests wait for this line through a pipe.
                let bytes = Array((line + "\n").utf8)
                _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            }
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode.failure
        }
    }
}
