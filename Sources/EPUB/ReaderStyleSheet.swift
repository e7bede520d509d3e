import StyleSheets

/// The reader's own style sheet for XHTML: what HTML's elements look like
/// before a book's sheets apply (and all they look like with publisher
/// styles off). Paragraphs have no margins: the reader separates them
/// with its first-line indent, as in its text books.
enum ReaderStyleSheet {
    static let css = """
    html, body, div, section, article, aside, nav, header, footer, main, address, blockquote, figure,
    figcaption, p, h1, h2, h3, h4, h5, h6, ul, ol, dl, dt, dd, pre, hr, caption, center, hgroup,
    details, summary, fieldset, form, legend, noscript, dialog, menu, dir, listing, xmp, plaintext { display: block }
    li { display: list-item }
    table, tbody, thead, tfoot { display: table }
    tr { display: table-row }
    td, th { display: table-cell }
    head, script, style, title, template, link, meta, base, area, datalist, param, rp, noframes,
    iframe, object, embed, video, audio, canvas, input, select, textarea, button, map { display: none }
    [hidden] { display: none }
    h1 { font-size: 1.6em; font-weight: bold; margin: 1em 0 0.5em }
    h2 { font-size: 1.4em; font-weight: bold; margin: 1em 0 0.5em }
    h3 { font-size: 1.2em; font-weight: bold; margin: 1em 0 0.5em }
    h4 { font-size: 1.1em; font-weight: bold; margin: 1em 0 0.5em }
    h5 { font-weight: bold; margin: 1em 0 0.5em }
    h6 { font-size: 0.9em; font-weight: bold; margin: 1em 0 0.5em }
    blockquote { margin: 0.5em 1.5em }
    ul, ol { padding-left: 1.5em; margin: 0.5em 0 }
    ul ul, ul ol, ol ul, ol ol { margin: 0 }
    ul { list-style-type: disc }
    ol { list-style-type: decimal }
    ul ul { list-style-type: circle }
    ul ul ul { list-style-type: square }
    dl { margin: 0.5em 0 }
    dt { font-weight: bold }
    dd { margin-left: 1.5em }
    pre, listing, xmp, plaintext { white-space: pre; font-family: monospace; margin: 0.5em 0 }
    hr { margin: 0.5em 0 }
    figure { margin: 0.5em 0 }
    figcaption, caption { text-align: center }
    center { text-align: center }
    table { margin: 0.5em 0 }
    code, kbd, samp, tt { font-family: monospace }
    em, i, cite, var, dfn, address { font-style: italic }
    strong, b, th { font-weight: bold }
    sup { vertical-align: super; font-size: smaller }
    sub { vertical-align: sub; font-size: smaller }
    small { font-size: smaller }
    big { font-size: larger }
    """

    static let sheet = StyleSheet(parsing: css)
}
