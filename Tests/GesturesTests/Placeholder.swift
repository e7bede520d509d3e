import XCTest
@testable import Gestures
