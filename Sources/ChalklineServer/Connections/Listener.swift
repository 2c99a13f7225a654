import CLibUV

/// The listening socket. New connections are handed to the shell; a failed accept (EMFILE when
/// the process is out of descriptors) is logged and libuv keeps trying on its own, without a
/// busy loop (it parks a spare descriptor for exactly this case).
///
/// Owned by the loop thread; `data` on its handle retains it until the close callback.
final class Listener {
    let handle: UnsafeMutablePointer<uv_tcp_t>
    unowned let shell: ServerShell
    private(set) var address = SocketAddress()

    init(loop: UnsafeMutablePointer<uv_loop_t>, shell: ServerShell) {
        self.shell = shell
        handle = .allocate(capacity: 1)
        uv_tcp_init(loop, handle)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    func listen(on requested: SocketAddress, backlog: Int32 = 511) throws(UVError) {
        try check(requested.withSockaddr { uv_tcp_bind(handle, $0, 0) }, "bind \(requested.description)")
        try check(uv_listen(asStream(handle), backlog) { server, status in
            guard let server, let listener = owner(of: server.pointee.data, as: Listener.self) else { return }
            listener.shell.accept(from: listener, status: status)
        }, "listen on \(requested.description)")
        address = SocketAddress.of(handle, peer: false) ?? requested
    }

    func close() { closeOwnedHandle(handle) }
}
