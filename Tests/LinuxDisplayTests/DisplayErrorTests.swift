import CLinux
import LinuxDisplay
import LinuxSystem
import XCTest

final class DisplayErrorTests: XCTestCase {
    func testMessagesSayWhatToDo() {
        XCTAssertEqual("\(DisplayError.permissionDenied(path: "/dev/dri/card0", group: "video"))",
                       "open /dev/dri/card0: permission denied; the device belongs to group 'video': "
                       + "add the user to it (usermod -aG video USER) and log in again")
        XCTAssertEqual("\(DisplayError.permissionDenied(path: "/dev/dri/card1", group: nil))",
                       "open /dev/dri/card1: permission denied; run as a user that may open the device")
        XCTAssertEqual("\(DisplayError.masterHeld(path: "/dev/dri/card0", freeTerminal: 3))",
                       "/dev/dri/card0: another process (a display server or another reader) controls the screen (DRM master); "
                       + "switch to a free console (Ctrl+Alt+F3, or chvt 3) and start it there")
        XCTAssertEqual("\(DisplayError.masterHeld(path: "/dev/dri/card0", freeTerminal: nil))",
                       "/dev/dri/card0: another process (a display server or another reader) controls the screen (DRM master); "
                       + "switch to a free text console (Ctrl+Alt+F2...) and start it there")
        XCTAssertEqual("\(DisplayError.system(SystemError(operation: "drmModeAddFB2", path: "/dev/dri/card0", errno: EINVAL)))",
                       "drmModeAddFB2 /dev/dri/card0: Invalid argument (errno 22)")
        XCTAssertEqual(DisplayError.system(SystemError(operation: "x", path: "y", errno: ENOSYS)).errno, ENOSYS)
        XCTAssertNil(DisplayError.noDevice(directory: "/dev/dri").errno)
    }

    func testOpeningAMissingCardNamesIt() {
        XCTAssertThrowsError(try DRMDevice(path: "/nonexistent/card0")) { error in
            XCTAssertEqual(error as? DisplayError, .system(SystemError(operation: "open", path: "/nonexistent/card0", errno: ENOENT)))
        }
    }

    func testOwningGroupIsReadFromTheNode() {
        // /etc/passwd belongs to root's group on every Linux system.
        XCTAssertEqual(DRMDevice.owningGroup(of: "/etc/passwd"), "root")
        XCTAssertNil(DRMDevice.owningGroup(of: "/nonexistent"))
    }

    /// The request numbers the kernel defines (include/uapi/drm, linux/kd.h, linux/vt.h).
    func testRequestNumbers() {
        XCTAssertEqual(CLinux_DRM_IOCTL_MODE_CREATE_DUMB(), 0xC020_64B2)
        XCTAssertEqual(CLinux_DRM_IOCTL_MODE_MAP_DUMB(), 0xC010_64B3)
        XCTAssertEqual(CLinux_DRM_IOCTL_MODE_DESTROY_DUMB(), 0xC004_64B4)
        XCTAssertEqual(CLinux_DRM_FORMAT_XRGB8888(), 0x3432_5258)  // "XR24"
        XCTAssertEqual(CLinux_KDSETMODE(), 0x4B3A)
        XCTAssertEqual(CLinux_KDGETMODE(), 0x4B3B)
        XCTAssertEqual(CLinux_KDGKBMODE(), 0x4B44)
        XCTAssertEqual(CLinux_KDSKBMODE(), 0x4B45)
        XCTAssertEqual(CLinux_VT_GETMODE(), 0x5601)
        XCTAssertEqual(CLinux_VT_SETMODE(), 0x5602)
        XCTAssertEqual(CLinux_VT_GETSTATE(), 0x5603)
        XCTAssertEqual(CLinux_VT_RELDISP(), 0x5605)
        XCTAssertEqual(CLinux_VT_OPENQRY(), 0x5600)
        XCTAssertEqual([CLinux_KD_TEXT(), CLinux_KD_GRAPHICS(), CLinux_K_OFF()], [0, 1, 4])
        XCTAssertEqual([CLinux_VT_AUTO(), CLinux_VT_PROCESS(), CLinux_VT_ACKACQ()], [0, 1, 2])
        XCTAssertEqual(CLinux_UI_DEV_CREATE(), 0x5501)
        XCTAssertEqual(CLinux_UI_SET_ABSBIT(), 0x4004_5567)
        XCTAssertEqual(CLinux_uinputUserDevSize(), 1116)
    }

    func testSignalsArriveOnTheDescriptor() throws {
        let channel = try SignalChannel(signals: [SIGUSR1])
        defer { channel.close() }
        XCTAssertEqual(channel.receivedSignals(), [])
        raise(SIGUSR1)  // blocked, so it waits on the descriptor instead of killing us
        XCTAssertEqual(channel.receivedSignals(), [SIGUSR1])
        XCTAssertEqual(channel.receivedSignals(), [])
    }
}
