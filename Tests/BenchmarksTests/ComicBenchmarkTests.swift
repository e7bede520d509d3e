@testable import Benchmarks
import XCTest

final class ComicBenchmarkTests: XCTestCase {
    func testTheFlickGoesToTheLastPageAndBack() {
        let places = stride(from: 0.0, through: 12, by: 1).map { ComicBenchmark.place(afterPages: $0, lastPage: 5) }
        XCTAssertEqual(places, [0, 1, 2, 3, 4, 5, 4, 3, 2, 1, 0, 1, 2])
        XCTAssertEqual(ComicBenchmark.place(afterPages: 2.5, lastPage: 5), 2.5)
        XCTAssertEqual(ComicBenchmark.place(afterPages: 7, lastPage: 0), 0)
    }
}
