import XCTest
@testable import LinuxInput
