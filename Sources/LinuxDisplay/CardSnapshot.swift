import CDRM

/// A card's connectors, encoders and CRTCs read through libdrm, as plain
/// values (for the choice) plus the kernel's mode structs (for the modeset).
struct CardSnapshot {
    var description: CardDescription
    /// The raw modes of every connector, parallel to description.connectors[i].modes.
    var rawModes: [[drmModeModeInfo]]

    init(device: DRMDevice) throws(DisplayError) {
        let resources = try device.resources()
        defer { drmModeFreeResources(resources) }
        let crtcIDs = Self.ids(resources.pointee.crtcs, resources.pointee.count_crtcs)
        var encoders: [EncoderDescription] = []
        for id in Self.ids(resources.pointee.encoders, resources.pointee.count_encoders) {
            guard let encoder = device.encoder(id) else { continue }
            encoders.append(EncoderDescription(id: id, currentCRTCID: encoder.pointee.crtc_id == 0 ? nil : encoder.pointee.crtc_id,
                                               possibleCRTCs: encoder.pointee.possible_crtcs))
            drmModeFreeEncoder(encoder)
        }
        var connectors: [ConnectorDescription] = []
        var rawModes: [[drmModeModeInfo]] = []
        for id in Self.ids(resources.pointee.connectors, resources.pointee.count_connectors) {
            let connector = try device.connector(id)
            defer { drmModeFreeConnector(connector) }
            let value = connector.pointee
            let modes = (0..<Int(value.count_modes)).compactMap { value.modes?[$0] }
            connectors.append(ConnectorDescription(
                id: id,
                name: ConnectorDescription.name(type: value.connector_type, index: value.connector_type_id),
                isConnected: value.connection == DRM_MODE_CONNECTED,
                modes: modes.map(Self.describe),
                currentEncoderID: value.encoder_id == 0 ? nil : value.encoder_id,
                encoderIDs: Self.ids(value.encoders, value.count_encoders),
                widthMillimetres: Int(value.mmWidth), heightMillimetres: Int(value.mmHeight)))
            rawModes.append(modes)
        }
        description = CardDescription(path: device.path, connectors: connectors, encoders: encoders, crtcIDs: crtcIDs)
        self.rawModes = rawModes
    }

    static func describe(_ mode: drmModeModeInfo) -> ModeDescription {
        ModeDescription(width: Int(mode.hdisplay), height: Int(mode.vdisplay), refresh: Int(mode.vrefresh),
                        isPreferred: mode.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
    }

    private static func ids(_ pointer: UnsafeMutablePointer<UInt32>?, _ count: Int32) -> [UInt32] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
    }
}
