import ArgumentParser
import Foundation
import ChalklineCore

/// The flags for the core's limits (protocol.md, "Limits and errors"), kept together so that
/// `Serve` only mentions them twice: once as an option group, once to apply them.
struct LimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Lines a second each connection may send, in bursts of twice that; 0 turns flood control off (for benchmarks).",
                               valueName: "n"))
    var rateLimit = Limits.linesPerSecond

    @Option(help: ArgumentHelp("A connection still flooding this long after its first refused line is disconnected.",
                               valueName: "seconds"))
    var floodTimeout = Double(Limits.floodTimeoutMs) / 1000

    @Option(help: ArgumentHelp("A connection outside any room that sends nothing this long is disconnected; 0 never.",
                               valueName: "seconds"))
    var idleTimeout = Double(Limits.idleTimeoutMs) / 1000

    @Option(help: ArgumentHelp("Most connections at once.", valueName: "n"))
    var maxConnections = Limits.connections

    @Option(name: .customLong("max-per-ip"), help: ArgumentHelp("Most connections from one IP address (a class behind one NAT shares one).",
                                                                valueName: "n"))
    var maxPerIP = Limits.connectionsPerIP

    @Option(help: ArgumentHelp("Most rooms open at once; past it /create gets too_many_rooms.", valueName: "n"))
    var maxRooms = Limits.rooms

    @Option(name: .customLong("max-rooms-per-ip"),
            help: ArgumentHelp("Most open rooms created from one IP address.", valueName: "n"))
    var maxRoomsPerIP = Limits.roomsPerIP

    @Option(help: ArgumentHelp("/say lines a second a room's players share (bursts of twice that; the host is not counted); 0 no limit.",
                               valueName: "n"))
    var roomChatRate = Limits.roomChatLinesPerSecond

    @Option(help: ArgumentHelp("A running game nobody is connected to ends (as if stopped) after this long.", valueName: "seconds"))
    var abandonedGameTimeout = Double(Limits.abandonedGameMs) / 1000

    @Option(help: ArgumentHelp("When set, /create needs password=PASSWORD, so only the teacher opens rooms. Visible to other users of this machine in the process list.",
                               valueName: "password"))
    var createPassword: String?

    @Option(help: ArgumentHelp("Read the create password from this file (its first line), so it is not visible in the process list. CHALKLINE_CREATE_PASSWORD in the environment works too.",
                               valueName: "path"))
    var createPasswordFile: String?

    /// The password from the flag, the file, or the environment, in that order.
    func resolvedCreatePassword() throws -> String? {
        if let createPassword { return createPassword }
        if let path = createPasswordFile {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("--create-password-file: cannot read \(path).")
            }
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--create-password-file: \(path) is empty.") }
            return line
        }
        if let env = ProcessInfo.processInfo.environment["CHALKLINE_CREATE_PASSWORD"], !env.isEmpty { return env }
        return nil
    }

    func validate() throws {
        guard rateLimit >= 0 else { throw ValidationError("--rate-limit takes 0 or more.") }
        guard floodTimeout >= 0, floodTimeout <= 86_400 else { throw ValidationError("--flood-timeout takes 0 to 86400 seconds.") }
        guard idleTimeout >= 0, idleTimeout <= 86_400 * 365 else { throw ValidationError("--idle-timeout takes 0 or more seconds.") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections takes 1 or more.") }
        guard maxPerIP >= 1 else { throw ValidationError("--max-per-ip takes 1 or more.") }
        guard maxRooms >= 1, maxRoomsPerIP >= 1 else { throw ValidationError("--max-rooms and --max-rooms-per-ip take 1 or more.") }
        guard abandonedGameTimeout >= 0.1, abandonedGameTimeout <= 86_400 else {
            throw ValidationError("--abandoned-game-timeout takes 0.1 to 86400 seconds.")
        }
        guard roomChatRate >= 0 else { throw ValidationError("--room-chat-rate takes 0 or more.") }
        guard createPassword.map({ !$0.isEmpty }) ?? true else { throw ValidationError("--create-password cannot be empty.") }
    }

    func apply(to config: inout ServerConfig) throws {
        config.linesPerSecond = rateLimit
        config.floodTimeout = Millis((floodTimeout * 1000).rounded())
        config.idleTimeout = Millis((idleTimeout * 1000).rounded())
        config.maxConnections = maxConnections
        config.maxConnectionsPerIP = maxPerIP
        config.createPassword = try resolvedCreatePassword()
        config.maxRooms = maxRooms
        config.maxRoomsPerIP = maxRoomsPerIP
        config.roomChatLinesPerSecond = roomChatRate
        config.abandonedGameTimeout = Millis((abandonedGameTimeout * 1000).rounded())
    }
}
