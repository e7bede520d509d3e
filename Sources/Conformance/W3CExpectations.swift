/// The expectation of every W3C test the reader runs, each quoting the
/// test's own pass statement.
public enum W3CExpectations {
    public static let all: [W3CExpectation] = container + package + navigation + content + styles + stretch + vertical + fixedLayout
}
