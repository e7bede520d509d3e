/// What a DRM card offers, read once through libdrm and kept as plain
/// values so the choice of connector, mode and CRTC is a pure function.
public struct CardDescription: Equatable, Sendable {
    public var path: String
    public var connectors: [ConnectorDescription]
    public var encoders: [EncoderDescription]
    /// CRTC ids in the card's order: bit i of `possibleCRTCs` means crtcIDs[i].
    public var crtcIDs: [UInt32]

    public init(path: String, connectors: [ConnectorDescription], encoders: [EncoderDescription], crtcIDs: [UInt32]) {
        self.path = path
        self.connectors = connectors
        self.encoders = encoders
        self.crtcIDs = crtcIDs
    }
}

public struct ConnectorDescription: Equatable, Sendable {
    public var id: UInt32
    /// The kernel's name: type and index, e.g. HDMI-A-1, eDP-1, Virtual-1.
    public var name: String
    public var isConnected: Bool
    public var modes: [ModeDescription]
    public var currentEncoderID: UInt32?
    public var encoderIDs: [UInt32]
    /// The panel's size in millimetres as the connector reports it (from
    /// its EDID or the panel's description); 0 when unknown.
    public var widthMillimetres: Int
    public var heightMillimetres: Int

    public init(id: UInt32, name: String, isConnected: Bool, modes: [ModeDescription],
                currentEncoderID: UInt32? = nil, encoderIDs: [UInt32], widthMillimetres: Int = 0,
                heightMillimetres: Int = 0) {
        self.id = id
        self.name = name
        self.isConnected = isConnected
        self.modes = modes
        self.currentEncoderID = currentEncoderID
        self.encoderIDs = encoderIDs
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
    }

    /// The kernel's name for a connector type (DRM_MODE_CONNECTOR_*) and its index.
    public static func name(type: UInt32, index: UInt32) -> String {
        let names = ["Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
                     "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB"]
        let typeName = Int(type) < names.count ? names[Int(type)] : "Unknown"
        return "\(typeName)-\(index)"
    }
}

public struct EncoderDescription: Equatable, Sendable {
    public var id: UInt32
    public var currentCRTCID: UInt32?
    /// Bit i set: the encoder can be driven by the card's i-th CRTC.
    public var possibleCRTCs: UInt32

    public init(id: UInt32, currentCRTCID: UInt32? = nil, possibleCRTCs: UInt32) {
        self.id = id
        self.currentCRTCID = currentCRTCID
        self.possibleCRTCs = possibleCRTCs
    }
}

public struct ModeDescription: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in Hz.
    public var refresh: Int
    public var isPreferred: Bool

    public init(width: Int, height: Int, refresh: Int = 60, isPreferred: Bool = false) {
        self.width = width
        self.height = height
        self.refresh = refresh
        self.isPreferred = isPreferred
    }

    public var description: String { "\(width)x\(height)@\(refresh)" }
}
