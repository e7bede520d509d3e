import XCTest
@testable import Scrolling
