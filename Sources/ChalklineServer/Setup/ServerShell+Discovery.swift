import CDiscovery
import Foundation

/// Advertising the server on the LAN with DNS-SD (`_chalkline._tcp`, its name, `protocol=1`),
/// so students find it by name instead of typing an address off the projector. Avahi runs its
/// own thread (a threaded poll): nothing here ever waits on the loop thread once started.
extension ServerShell {
    func startAdvertising(port: Int) {
        guard let name = options.advertiseName else { return }
        var error = [CChar](repeating: 0, count: 256)
        advert = cl_advertise_start(name, UInt16(port), "protocol=1", &error, Int32(error.count))
        if advert == nil {
            logger.notice("not advertised on the network (no Avahi daemon: \(String(cString: error))); students need the address")
        } else {
            logger.info("advertised on the network", metadata: ["name": "\(name)", "service": "_chalkline._tcp"])
        }
    }

    func stopAdvertising() {
        if let advert { cl_advertise_stop(advert) }
        advert = nil
    }

    /// `Chalkline on laptop`: what `chalkline servers` shows when `--name` is not given.
    public static var defaultAdvertisedName: String { "Chalkline on \(hostName)" }
}
