import Foundation

/// The server under soak: started on a free loopback port with its log in a file,
/// measured (peak RSS) and stopped with SIGTERM, as `systemctl stop` would.
package final class SoakServer {
    private let process = Process()
    private let output = Pipe()
    package private(set) var port: UInt16 = 0

    package init(_ settings: SoakSettings) throws {
        process.executableURL = URL(fileURLWithPath: settings.server)
        process.arguments = settings.serverArguments
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: settings.log, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: settings.log)
        do { try process.run() } catch { throw ClientError("cannot start the server \(settings.server): \(error.localizedDescription)") }
        let line = Self.firstLine(output.fileHandleForReading)
        guard line.hasPrefix("listening on "), let colon = line.lastIndex(of: ":"),
              let port = UInt16(line[line.index(after: colon)...]) else {
            process.terminate()
            throw ClientError("the server did not start: \(line.isEmpty ? "no output (see \(settings.log))" : line)")
        }
        self.port = port
        // Whatever else it prints is read and dropped, so a full pipe never stalls it.
        output.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
    }

    private static func firstLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { break }
            if byte == 0x0A { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The most memory the server held at once (VmHWM), in KiB; nil when it cannot be read.
    package var peakRSSKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    package func stop() {
        output.fileHandleForReading.readabilityHandler = nil
        process.terminate()
        process.waitUntilExit()
    }
}
