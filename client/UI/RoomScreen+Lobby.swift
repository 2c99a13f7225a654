import ChalklineQR

/// The lobby. The host's shows the room code big, the join URL and, beside them, the URL as a
/// QR code in half blocks (two modules a character), so a phone in the room can join from the
/// projector; at 80x24 the code of a usual LAN URL (29 modules) takes 33 columns and 17 rows.
extension RoomScreen {
    package func lobby(_ f: inout Frame, room: Int) {
        var left = Frame()
        let qr = model.role == .host ? qrRows(room: room) : []
        let leftWidth = qr.isEmpty ? columns : columns - (qr.first?.count ?? 0) - 2
        if model.role == .host, let code = model.room {
            left.add(.bold(t("client.lobby.code")))
            big(code, &left, style: Styled.cyan, width: leftWidth)
            if let url = model.joinURL {
                for line in Wrap.lines(t("client.lobby.join_at", ["url": .text(url)]), width: leftWidth) { left.add(.bold(line)) }
            }
            for hint in (joinHint ?? "").split(separator: "\n") {
                for line in Wrap.lines(String(hint), width: leftWidth) { left.add(.plain(line)) }
            }
            left.blank()
        } else {
            left.add(.plain(t("client.lobby.waiting", ["host": .text(model.hostName.map { " (\($0))" } ?? "")])))
            left.blank()
        }
        let names = model.playing.map { $0.name + ($0.connected ? "" : t("client.who.away")) }
        left.add(.bold(model.language.text("client.lobby.players", count: names.count)))
        for line in columnsOf(names, width: 19, within: leftWidth) { left.add(.plain(line)) }
        guard !qr.isEmpty else { return f.lines += left.lines }
        for i in 0..<max(left.lines.count, qr.count) {
            var line = i < left.lines.count ? left.lines[i] : []
            let width = line.reduce(0) { $0 + $1.text.count }
            if i < qr.count {
                line.append(.plain(String(repeating: " ", count: max(0, leftWidth + 2 - width)) + qr[i]))
            }
            f.add(line)
        }
    }

    /// The join URL's QR code with a quiet zone of 2 modules (4 when there is room), or none
    /// when the terminal has no room for it beside a 40-column text.
    private func qrRows(room: Int) -> [String] {
        guard let url = model.joinURL, let matrix = QRMatrix(text: url) else { return [] }
        for quiet in [QRMatrix.quietZone, 2] {
            let rows = matrix.halfBlocks(quiet: quiet)
            if rows.count <= room, (rows.first?.count ?? 0) + 42 <= columns { return rows }
        }
        return []
    }
}
