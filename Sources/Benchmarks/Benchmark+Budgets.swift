import BookModel
import Glibc
import LinuxSystem
import Reader
import Typesetting

/// The end of a run: the date and the machine beside the figures, and each
/// figure judged against its budget. The JSON object goes to standard
/// output; the verdicts, one a line, also to standard error for a person.
extension Benchmark {
    /// The budgets file (given, else found) and its budgets; nil when there is none.
    func loadBudgets() throws -> (path: String, budgets: [Budget])? {
        let found = budgetsPath ?? BudgetFile.defaultPath(
            executable: FileSystem.canonicalPath("/proc/self/exe") ?? "", currentFolder: FileSystem.canonicalPath(".") ?? ".",
            exists: { (try? FileSystem.status($0))?.isRegularFile ?? false })
        guard let path = found else { return nil }
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try FileDescriptor.readFile(path)
        } catch {
            throw BenchmarkError("cannot read the budgets \(path): \(error)")
        }
        do throws(BudgetFile.ParseError) {
            return (path, try BudgetFile.parse(String(decoding: bytes, as: UTF8.self)))
        } catch {
            throw BenchmarkError("budgets \(path): \(error)")
        }
    }

    func report(_ result: JSONLine, budgets: (path: String, budgets: [Budget])?, geometry: PageGeometry) throws {
        var result = result
        let figures = try ChildProcess.numbers(in: Array(result.text.utf8))
        result.add("date", UTCDate.iso8601(secondsSinceEpoch: time(nil)))
        result.add("machine", object: MachineDescription.current().json)
        guard let budgets else {
            result.addNull("budgets_file")
            print(result.text)
            StandardStreams.log("bench: no \(BudgetFile.fileName) found; the figures are not judged (--budgets PATH)")
            return
        }
        let verdicts = BudgetFile.judge(budgets.budgets, figures: figures, size: "\(geometry.width)x\(geometry.height)",
                                        quota: cpuQuota.map { "\($0.percent)%" },
                                        frameMegabytes: Double(geometry.width * geometry.height * 4) / 1_048_576)
        result.add("budgets_file", budgets.path)
        result.add("budgets", objects: verdicts.map { verdict in
            var entry = JSONLine()
            entry.add("figure", verdict.budget.figure)
            if let value = verdict.value { entry.add("value", value) } else { entry.addNull("value") }
            entry.add("budget", verdict.budget.text)
            entry.add("limit", verdict.limit)
            if let passed = verdict.passed { entry.add("pass", passed) } else { entry.addNull("pass") }
            return entry
        })
        result.add("budgets_failed", verdicts.filter { $0.passed == false }.count)
        print(result.text)
        let table = verdicts.map(\.line).joined(separator: "\n")
        try? FileDescriptor(rawValue: STDERR_FILENO, path: "standard error").writeAll(Array((table + "\n").utf8))
    }
}
