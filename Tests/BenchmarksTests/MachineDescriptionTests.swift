import XCTest
@testable import Benchmarks

final class MachineDescriptionTests: XCTestCase {
    func testTheProcessorsModelAndCountComeFromCpuinfo() {
        let cpuinfo = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz
            flags\t\t: fpu vme

            processor\t: 1
            model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz

            """
        let machine = MachineDescription(cpuinfo: cpuinfo, kernelRelease: "6.1.0-18-amd64\n")
        XCTAssertEqual(machine, MachineDescription(cpu: "Intel(R) Xeon(R) CPU @ 2.20GHz", cores: 2, kernel: "6.1.0-18-amd64"))
        XCTAssertEqual(machine.json.text, #"{"cpu": "Intel(R) Xeon(R) CPU @ 2.20GHz", "cores": 2, "kernel": "6.1.0-18-amd64"}"#)
    }

    func testAnARMBoardNamesItsModelElsewhere() {
        let cpuinfo = "processor\t: 0\nCPU part\t: 0xd08\n\nprocessor\t: 1\n\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n"
        XCTAssertEqual(MachineDescription(cpuinfo: cpuinfo, kernelRelease: "6.6.20").cpu, "Raspberry Pi 4 Model B Rev 1.4")
        XCTAssertEqual(MachineDescription(cpuinfo: "", kernelRelease: "").cpu, "unknown")
    }

    func testDatesAreISO8601InUTC() {
        XCTAssertEqual(UTCDate.iso8601(secondsSinceEpoch: 0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(UTCDate.iso8601(secondsSinceEpoch: 951_782_400), "2000-02-29T00:00:00Z")
        XCTAssertEqual(UTCDate.iso8601(secondsSinceEpoch: 1_795_833_045), "2026-11-28T02:30:45Z")
        XCTAssertEqual(UTCDate.iso8601(secondsSinceEpoch: -1), "1969-12-31T23:59:59Z")
    }
}
