import ArgumentParser
import ChalklineCore

/// `chalkline-server`: serving is the default, so `chalkline-server --port 7500` just works;
/// the other subcommands are tools a teacher runs before or after class.
@main
struct ChalklineServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chalkline-server",
        abstract: "The Chalkline classroom game server.",
        discussion: """
            Students connect with `nc HOST \(WellKnown.port)`, `telnet HOST \(WellKnown.port)` or the bundled `chalkline` \
            client; bots use the same line protocol (see protocol.md).
            """,
        version: ChalklineVersion.current,
        subcommands: [Serve.self, CheckLevels.self, CheckSets.self, ReportCommand.self],
        defaultSubcommand: Serve.self
    )
}
