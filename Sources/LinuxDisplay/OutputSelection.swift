/// The connector, mode and CRTC to drive, as indexes into a CardDescription.
public struct OutputSelection: Equatable, Sendable {
    public var connectorIndex: Int
    public var modeIndex: Int
    public var crtcID: UInt32

    public init(connectorIndex: Int, modeIndex: Int, crtcID: UInt32) {
        self.connectorIndex = connectorIndex
        self.modeIndex = modeIndex
        self.crtcID = crtcID
    }

    /// Chooses what to drive on `card`:
    /// - the connector named `connector`, else the first connected one;
    /// - the mode of size `mode` (preferring the preferred mode, then the
    ///   highest refresh), else the preferred mode, else the first listed;
    /// - the CRTC the connector's current encoder drives, else the first
    ///   CRTC one of its encoders can use.
    public static func choose(on card: CardDescription, connector: String? = nil,
                              mode: ModeRequest? = nil) throws(DisplayError) -> OutputSelection {
        let connected = card.connectors.filter { $0.isConnected && !$0.modes.isEmpty }
        let connectorIndex: Int
        if let connector {
            guard let index = card.connectors.firstIndex(where: { $0.name.matchesIgnoringCase(connector) }) else {
                throw .connectorNotFound(path: card.path, name: connector, available: connected.map(\.name))
            }
            guard card.connectors[index].isConnected, !card.connectors[index].modes.isEmpty else {
                throw .noConnectedConnector(path: card.path, connectors: [connector + " (disconnected)"])
            }
            connectorIndex = index
        } else {
            guard let index = card.connectors.firstIndex(where: { $0.isConnected && !$0.modes.isEmpty }) else {
                throw .noConnectedConnector(path: card.path, connectors: card.connectors.map(\.name))
            }
            connectorIndex = index
        }
        let chosen = card.connectors[connectorIndex]
        let modeIndex = try chooseMode(chosen, request: mode, path: card.path)
        guard let crtcID = chooseCRTC(chosen, on: card) else {
            throw .noCRTC(path: card.path, connector: chosen.name)
        }
        return OutputSelection(connectorIndex: connectorIndex, modeIndex: modeIndex, crtcID: crtcID)
    }

    static func chooseMode(_ connector: ConnectorDescription, request: ModeRequest?, path: String) throws(DisplayError) -> Int {
        let modes = connector.modes
        guard let request else {
            return modes.firstIndex(where: \.isPreferred) ?? 0
        }
        let matching = modes.indices.filter { modes[$0].width == request.width && modes[$0].height == request.height }
        // Preferred first, then the highest refresh, then the kernel's order.
        let best = matching.min { a, b in
            if modes[a].isPreferred != modes[b].isPreferred { return modes[a].isPreferred }
            if modes[a].refresh != modes[b].refresh { return modes[a].refresh > modes[b].refresh }
            return a < b
        }
        guard let best else {
            var sizes: [String] = []
            for mode in modes where !sizes.contains("\(mode.width)x\(mode.height)") {
                sizes.append("\(mode.width)x\(mode.height)")
            }
            throw .modeNotFound(path: path, connector: connector.name, mode: request.description, available: sizes)
        }
        return best
    }

    static func chooseCRTC(_ connector: ConnectorDescription, on card: CardDescription) -> UInt32? {
        if let current = connector.currentEncoderID,
           let encoder = card.encoders.first(where: { $0.id == current }),
           let crtc = encoder.currentCRTCID, card.crtcIDs.contains(crtc) {
            return crtc
        }
        for encoderID in connector.encoderIDs {
            guard let encoder = card.encoders.first(where: { $0.id == encoderID }) else { continue }
            for (index, crtc) in card.crtcIDs.enumerated() where index < 32 && encoder.possibleCRTCs & (1 << UInt32(index)) != 0 {
                return crtc
            }
        }
        return nil
    }
}

private extension String {
    func matchesIgnoringCase(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
