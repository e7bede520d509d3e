/// An opened input device as the device registry sees it; `EvdevDevice`
/// in production, a stand-in in tests.
public protocol InputDeviceHandle: AnyObject {
    var path: String { get }
    var description: DeviceDescription { get }
    func setGrabbed(_ grabbed: Bool) throws
    func close()
}
