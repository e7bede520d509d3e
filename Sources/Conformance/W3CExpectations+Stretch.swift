/// The stretch tests: SVG, MathML, AVIF, JPEG XL and centred reflowable pages
/// (vertical writing is in `W3CExpectations+Vertical`).
extension W3CExpectations {
    static let stretch: [W3CExpectation] = [
        W3CExpectation(
            "cnt-mathml-support",
            statement: "Test passes if a math equation appears below, including superscript (not plain text).",
            expected: "the MathML equation set as mathematics, the exponent raised",
            judge: .program { context in
                let book = context.book()
                let raised = (book.book?.document?.blocks ?? []).contains { block in
                    block.markup.runs.contains { $0.style.verticalPosition == .superscript }
                }
                return Verdict(raised, raised ? "a raised run on the page" : "the equation is read as plain text: \(book.text.suffix(40))")
            }),
        W3CExpectation("cnt-svg-css", statement: "Test passes if the image appears filled with a repeated star-shaped pattern.",
                       expected: "the SVG content document drawn with its CSS",
                       judge: .drawsImage(showing: "star-shaped pattern")),
        W3CExpectation("cnt-svg-css-inclusion", statement: "Test passes if the image appears filled with a repeated star-shaped pattern.",
                       expected: "the inline SVG drawn with the page's CSS", judge: .drawsImage(showing: "star-shaped pattern")),
        W3CExpectation("cnt-svg-css-reference", statement: "Test passes if the image appears in solid (green) color.",
                       expected: "the referenced SVG image drawn without the page's CSS",
                       judge: .drawsImage(showing: "solid (green) color")),
        W3CExpectation("cnt-svg-embedded", statement: "Test passes if you can see an image.",
                       expected: "the inline SVG drawn", judge: .drawsImage(showing: "Test passes if you can see an image.")),
        W3CExpectation("cnt-svg-support", statement: "Test passes if you see this text on top an image.",
                       expected: "the SVG content document drawn, its text on the image",
                       judge: .drawsImage(showing: "Test passes if you see this text on top an image.")),
        W3CExpectation("lay-reflow-align-x-center", statement: "This test passes if the following page appears centered in the viewport.",
                       expected: "the reflowable page centred in the viewport",
                       judge: .notJudgeable("the reader does not centre a reflowable page in the viewport; it must be looked at")),
        W3CExpectation("pkg-spine-order-svg", statement: "Test passes if you can move through the pages all the way to page 4",
                       expected: "the four SVG spine documents shown in order",
                       judge: .showsInOrder(["Page 1", "Page 2", "Page 3", "Page 4"])),
        imageFormat("pub-cmt-avif", "AVIF"), imageFormat("pub-cmt-jxl", "JPEG XL"),
        W3CExpectation("pub-cmt-svg", statement: "Test passes if you can see an image below.",
                       expected: "the SVG image drawn", judge: .drawsImage(showing: "Test passes if you can see an image below.")),
    ]
}
