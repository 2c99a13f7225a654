import ArgumentParser
import ChalklineClient

/// `chalkline servers`: the Chalkline servers on this network.
struct Servers: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the Chalkline servers on this network.",
        discussion: """
        Looks for servers with DNS-SD (_chalkline._tcp, through the Avahi daemon, as printers \
        are found) for --wait seconds and prints each: its name, its .local host name, address \
        and port. A server started with --no-advertise, or on another network, is not listed: \
        give its address instead. `chalkline play --room CODE` with no address finds the one \
        that has the room.
        """
    )

    @Option(help: "Seconds to listen for servers.")
    var wait: Double = 1.5

    func run() throws {
        switch Discovery.browse(seconds: wait) {
        case .failure(let error):
            print("chalkline: \(error)")
            throw ExitCode.failure
        case .success(let servers) where servers.isEmpty:
            print("No Chalkline server found on this network.")
        case .success(let servers):
            for s in servers {
                print(s.line)
            }
        }
    }
}
