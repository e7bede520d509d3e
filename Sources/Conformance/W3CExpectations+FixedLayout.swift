/// The fixed-layout tests: pre-paginated spine items, their viewports,
/// synthetic spreads and page-spread sides. The `lay-pp-*` tests are the
/// EPUB 3.0 forms of the `lay-fxl-*` ones and are judged alike. Sections
/// are numbered from 0 in spine order.
extension W3CExpectations {
    private static func test(_ name: String, _ statement: String, _ expected: String,
                             _ judge: W3CExpectation.Judge) -> W3CExpectation {
        W3CExpectation(name, statement: statement, expected: expected, judge: judge)
    }

    /// The tests written twice, as `lay-fxl-*` and `lay-pp-*`.
    private static func both(_ suffix: String, _ statement: String, _ expected: String,
                             _ judge: W3CExpectation.Judge) -> [W3CExpectation] {
        [test("lay-fxl-\(suffix)", statement, expected, judge), test("lay-pp-\(suffix)", statement, expected, judge)]
    }

    static let fourInSpreads: W3CExpectation.Judge = .spreads([[0, 1], [2, 3]], portrait: [[0], [1], [2], [3]])
    static let grid = "Test passes if you only see a grid pattern on white background on this page with no solid (red) rectangle on the right and bottom"
    static let sameLook = "Test passes if the first and the second pages look exactly the same."
    static let toReflowable = "Test passes if the next page is displayed as a regular, reflowable"
    static let fixedSecond = "display properly as reflowable"

    static let fixedLayout: [W3CExpectation] = [
        test("fxl-page-spread-break",
             "This test passes if the following pages appear in two synthetic spreads with no breaks.",
             "two spreads of two pages in landscape, the first page on the left", .spreads([[0, 1], [2, 3]])),
        test("fxl-page-spread-center", "This test passes if this page is displayed in the center of the screen, not in a synthetic spread.",
             "the first page alone, centred, in landscape", .centred(0)),
        test("fxl-spine-overrides_behave-as-global", toReflowable, "the first section a fixed page, the second flowing text",
             .fixedSections([0], of: 2)),
        test("fxl-spine-overrides_behave-as-global-bis",
             "Test passes if this and the third page displays properly as a reflowable page, whereas the second page is displayed as a pre-paginated page.",
             "only the second section a fixed page", .fixedSections([1], of: 3)),
        test("fxl-spine-overrides_duplicate", toReflowable, "the second itemref's first override (reflowable) kept",
             .fixedSections([0], of: 2)),
        test("lay-page-layout-both", "This test passes if the following page renders as a reflowable document.",
             "sections 1, 3 and 4 fixed pages, the second flowing text on pages of its own", .fixedSections([0, 2, 3], of: 4)),
        test("lay-page-layout-both-spread",
             "This test passes if the following page renders as a reflowable document on the left side of a synthetic spread.",
             "the reflowable second section shown on the left of a spread",
             .onSide(1, left: true)),
        test("lay-rendition-flow-pre-pag",
             "This test passes if the following two pages render as fixed layout pages in their own viewport and require pagination.",
             "sections 2 and 3 fixed pages, rendition:flow ignored for them", .fixedSections([1, 2], of: 4)),
        test("lay-viewport-meta-prop",
             "This test passes if all 4 pages of this test book render with the same viewport size and scale",
             "four fixed pages of 900x600, the viewport's other instructions ignored",
             .naturalSizes([0: (900, 600), 1: (900, 600), 2: (900, 600), 3: (900, 600)])),
        test("lay-fxl-spread-both",
             "This test passes if all of the pages appear in synthetic spreads, regardless of the reading system orientation.",
             "spreads on landscape and portrait screens", .spreads([[0, 1], [2, 3]], portrait: [[0, 1], [2, 3]])),
        test("lay-fxl-orientation-default",
             "This test passes if this page appears in the default orientation of the device, or orientation of the user settings.",
             "each page fitted to the screen as it stands, landscape or portrait", fourInSpreads),
        test("lay-fxl-orientation-landscape",
             "This test passes if this page appears in landscape orientation, or informs the user that the page is intended to be viewed in landscape.",
             "on a portrait screen the pages turned to landscape, or a notice", .spreads([[0, 1], [2, 3]], portrait: [[0, 1], [2, 3]])),
        test("lay-fxl-xhtml-icb_device_sizes", "Test passes if you only see a grid pattern on white background on this page with a solid (red) rectangle",
             "the page as large as the screen, landscape and portrait", .fillsScreen),
    ]
    + both("layout-default", "This test passes if this page renders as a reflowable document.",
           "no fixed page: the document flows as text", .fixedSections([], of: 1))
    + both("layout-pre-paginated", "This test passes if the pages appear in spine order, with no breaks.",
           "four fixed pages in spine order, two spreads in landscape", fourInSpreads)
    + both("layout-pre-paginated-spreads", "This test passes if the pages appear consecutively, in spreads, with no blank pages between.",
           "two spreads of two pages in landscape", .spreads([[0, 1], [2, 3]]))
    + both("page-spread-combined", "This test passes if the following two pages are displayed as a synthetic spread.",
           "the second page on the left and the third on the right of one spread",
           .all(.onSide(1, left: true), .onSide(2, left: false), .spreads([[0], [1, 2], [3]])))
    + both("page-spread-left", "This test passes if the next page is displayed on the left side of the synthetic spread.",
           "the second page on the left of a spread", .onSide(1, left: true))
    + both("page-spread-right", "This test passes if this page is displayed on the right side of the synthetic spread.",
           "the first page on the right of a spread", .onSide(0, left: false))
    + both("spread-none", "This test passes if each spine item or page is displayed on its own, not in a synthetic spread.",
           "each page alone in landscape", .spreads([[0], [1], [2], [3]]))
    + both("svg-icb_multi", "Test passes if you only see a solid (red) rectangle on the next page",
           "the SVG pages of their viewBoxes' sizes (900x600, 1200x600), each alone",
           .all(.naturalSizes([1: (900, 600), 2: (1200, 600)]), .spreads([[0], [1], [2]])))
    + both("xhtml-icb", grid, "fixed pages of the viewport's 900x600", .naturalSizes([0: (900, 600)]))
    + both("xhtml-icb_invalid_meta", grid, "both pages 900x600 though the second's viewport has stray words",
           .naturalSizes([0: (900, 600), 1: (900, 600)]))
    + both("xhtml-icb_multi", "Test passes if you only see a grid pattern on white background on this page",
           "the pages of their own viewports (900x600, 1400x600)", .naturalSizes([0: (900, 600), 1: (1400, 600)]))
    + both("xhtml-icb_multi_declarations", sameLook, "both pages 1000x600: the second viewport meta ignored",
           .naturalSizes([0: (1000, 600), 1: (1000, 600)]))
    + both("xhtml-icb_repeated-in-meta", grid, "both pages 900x600: the repeated width and height ignored",
           .naturalSizes([0: (900, 600), 1: (900, 600)]))
    + both("xhtml-icb_units", sameLook, "both pages 1000x600: units ignored",
           .naturalSizes([0: (1000, 600), 1: (1000, 600)]))
    + [
        test("lay-fxl-spread-auto", "depending on reading system orientation or preferences.",
             "spreads in landscape, single pages in portrait", fourInSpreads),
        test("lay-fxl-spread-default", "depending on reading system orientation or preferences.",
             "spreads in landscape, single pages in portrait", fourInSpreads),
        test("lay-fxl-spread-landscape",
             "in a synthetic spread when the reading system is in landscape orientation but not when in portrait.",
             "spreads in landscape, single pages in portrait", fourInSpreads),
        test("lay-pp-spine-overrides_behave-as-global", "Test passes if the next page is displayed as a regular, reflowable document.",
             "the first section a fixed page, the second flowing text", .fixedSections([0], of: 2)),
        test("lay-pp-spine-overrides_behave-as-global-bis", fixedSecond, "only the second section a fixed page",
             .fixedSections([1], of: 3)),
        test("lay-pp-spine-overrides_image-only-pp",
             "This test passes if this page is displayed as fixed layout, and the next page is displayed as reflowable layout.",
             "the image page fixed, drawn, the next flowing", .all(.fixedSections([0], of: 2), .drawsPicture("page_1.png"))),
        test("lay-pp-spine-overrides_image-only-reflow", "This test passes if this page is displayed as pre-paginated.",
             "only the second section (an image page) fixed, drawn",
             .all(.fixedSections([1], of: 3), .drawsPicture("page_2.png"))),
        test("lay-pp-spine-overrides_image-spine-pp",
             "This test passes if this page is displayed as fixed layout, and the next page is displayed as reflowable layout.",
             "the image spine item a fixed page of the image, drawn, the next flowing",
             .all(.fixedSections([0], of: 2), .drawsPicture("page_1.png"))),
        test("lay-pp-spine-overrides_image-spine-reflow", "This test passes if this page is displayed as pre-paginated.",
             "the image spine item (second) a fixed page of the image, drawn",
             .all(.fixedSections([1], of: 3), .drawsPicture("page_2.png"))),
    ]
}
