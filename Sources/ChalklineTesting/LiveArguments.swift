import ChalklineCore
import Foundation

/// The command line that starts the live server with a `ServerConfig`, so a scenario states its
/// limits once for both backends. Only settings that differ from the defaults are passed; one
/// the command line cannot set is refused rather than silently left out.
enum LiveArguments {
    static func from(_ config: ServerConfig) throws -> [String] {
        let base = ServerConfig()
        var args: [String] = []
        func flag<T: Equatable>(_ name: String, _ value: T, _ standard: T, _ text: (T) -> String = { "\($0)" }) {
            if value != standard { args += [name, text(value)] }
        }
        let seconds: (Millis) -> String = { "\(Double($0) / 1000)" }
        flag("--max-players", config.maxPlayersPerRoom, base.maxPlayersPerRoom)
        flag("--rate-limit", config.linesPerSecond, base.linesPerSecond)
        flag("--flood-timeout", config.floodTimeout, base.floodTimeout, seconds)
        flag("--idle-timeout", config.idleTimeout, base.idleTimeout, seconds)
        flag("--max-connections", config.maxConnections, base.maxConnections)
        flag("--max-per-ip", config.maxConnectionsPerIP, base.maxConnectionsPerIP)
        flag("--max-rooms", config.maxRooms, base.maxRooms)
        flag("--max-rooms-per-ip", config.maxRoomsPerIP, base.maxRoomsPerIP)
        flag("--room-chat-rate", config.roomChatLinesPerSecond, base.roomChatLinesPerSecond)
        flag("--abandoned-game-timeout", config.abandonedGameTimeout, base.abandonedGameTimeout, seconds)
        if let password = config.createPassword { args += ["--create-password", password] }
        // Folder sets go as the folders they came from (`withSets(from:)`); the live server
        // always has the shipped ones.
        var setFolders: [String] = []
        for entry in config.questionSets.entries where entry.source == .folder {
            if let file = entry.file, case let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path, !setFolders.contains(folder) {
                setFolders.append(folder)
            }
        }
        for folder in setFolders { args += ["--sets", folder] }
        let fixed: [(String, Bool)] = [
            ("guesses", config.guesses == base.guesses),
            ("emptyRoomTimeout", config.emptyRoomTimeout == base.emptyRoomTimeout),
            ("unjoinedRoomTimeout", config.unjoinedRoomTimeout == base.unjoinedRoomTimeout),
            ("maxLineBytes", config.maxLineBytes == base.maxLineBytes),
            // The live server always has the shipped packs, and reads others from folders.
            ("levelPacks", config.levelPacks.allSatisfy { LevelPack.shippedNames.contains($0.name) }),
            ("saved questionSets", config.questionSets.entries.allSatisfy { $0.source != .saved && ($0.source == .builtin || $0.file != nil) }),
        ]
        for (name, same) in fixed where !same {
            throw TestFailure("the live server takes no \(name) on its command line; run this scenario in-process")
        }
        return args
    }
}
