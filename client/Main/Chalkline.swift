import ArgumentParser
import ChalklineClient
import ChalklineProtocol

/// The root command: every subcommand speaks protocol v1 in json mode, exactly as protocol.md
/// documents it, so whatever this client does a student's own bot can do too.
struct Chalkline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chalkline",
        abstract: "The Chalkline client: play, host a class, watch a room, run bots, measure a server.",
        discussion: """
        Each subcommand connects to a Chalkline server at HOST[:PORT] (default 127.0.0.1:7420; \
        write IPv6 addresses in brackets, e.g. [::1]:7420) and speaks the same line protocol a \
        student can type at nc. See protocol.md for the protocol itself.

        Examples:
          chalkline play 192.168.1.20 --name sam --room QXRM
          chalkline host 192.168.1.20 times table=7 rounds=10
          chalkline watch 192.168.1.20 QXRM
          chalkline bot --room QXRM --count 5 --skill 0.7
          chalkline bench --rooms 10 --players 30
        """,
        version: ChalklineVersion.current,
        subcommands: [Play.self, Host.self, Watch.self, Bot.self, Bench.self, Soak.self, Servers.self]
    )
}
