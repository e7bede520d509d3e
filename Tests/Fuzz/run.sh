#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time:
#   Tests/Fuzz/run.sh [--seconds N] [TARGET...]
# Targets: decoder encoding evdev evemu state config gutenberg aozora zip package css content image
#          pdf comic comicinfo dictionary
# (all by default). Seed corpora are made at run time from ../shared (books, touch recordings, the
# EPUBs' images), never
# committed. Inputs that once crashed live in Tests/Fuzz/regressions/TARGET
# and are replayed first. A crash stops the run with the input's path.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=30
TARGETS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_TARGET="$2"; shift 2 ;;
    -h|--help) sed -n 2,8p "$0"; exit 0 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(decoder encoding evdev evemu state config gutenberg aozora zip package css content image
                                     pdf comic comicinfo dictionary)
SHARED="$(cd .. && pwd)/shared"
WORK="${FUZZ_WORK:-.build-fuzz/work}"
mkdir -p "$WORK"

echo "== building the fuzz targets (libFuzzer + AddressSanitizer)"
swift build -c debug --product ebook-fb-fuzz --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library 2>&1 \
  | grep -v "Cannot export local symbol" | tail -n 3
FUZZER="$(swift build -c debug --scratch-path .build-fuzz --show-bin-path)/ebook-fb-fuzz"

seed() {
  local target="$1" dir="$WORK/corpus/$1"
  mkdir -p "$dir"
  python3 - "$target" "$dir" "$SHARED" <<'PY'
import glob, json, os, re, struct, sys, zipfile
target, out, shared = sys.argv[1], sys.argv[2], sys.argv[3]
def put(name, data):
    with open(os.path.join(out, name), "wb") as f: f.write(data)
books = sorted(glob.glob(os.path.join(shared, "books", "*.txt")))
events = sorted(glob.glob(os.path.join(shared, "touch", "*.events")))
if target == "decoder":
    for path in books:
        data = open(path, "rb").read()
        base = os.path.basename(path)
        put(base + ".head", data[:8192])
        middle = len(data) // 2
        put(base + ".middle", data[middle:middle + 4096])
    put("utf16", "CHAPTER I\n\nSome text.\n".encode("utf-16"))
    # Hostile shapes, small: one paragraph with no blank line, bidi isolates with and without spaces, one huge cluster.
    put("one-paragraph", ("The five boxing wizards jump quickly over a lazy dog.\n" * 150).encode())
    put("isolates", ("\u2067a\u2069 " * 1000 + "\n").encode())
    put("isolates-nospace", ("\u2067a\u2069" * 1000 + "\n").encode())
    put("marks", ("a" + "\u0301" * 2000 + "\n").encode())
elif target == "encoding":
    # The first byte picks detection (255 here) or a forced charset (its index).
    for path in sorted(glob.glob(os.path.join(shared, "books", "encodings", "*.txt"))):
        data = open(path, "rb").read()
        base = os.path.basename(path)
        put(base + ".head", bytes([255]) + data[:16384])
        put(base + ".middle", bytes([255]) + data[len(data) // 2:len(data) // 2 + 4096])
    sample = "吾輩は猫である。名前はまだ無い。\nВсе люди рождаются свободными.\n"
    for index, codec in enumerate(["shift_jis", "euc_jp", "iso2022_jp", "gb18030", "big5", "euc_kr", "cp1251",
                                   "koi8_u", "tis_620", "iso8859_16", "utf_16", "utf_32", "utf_7"]):
        put("forced-" + codec, bytes([index]) + sample.encode(codec, errors="replace"))
    put("iso2022-detected", bytes([255]) + ("名前はまだ無い。" * 40).encode("iso2022_jp"))
elif target == "gutenberg":
    for path in books:
        data = open(path, "rb").read()
        base = os.path.basename(path)
        put(base + ".head", data[:6144])
        at = data.find(b"_")
        if at >= 0: put(base + ".italics", data[max(0, at - 512):at + 1536])
        at = data.find(b"*** END OF")
        if at >= 0: put(base + ".licence", data[max(0, at - 1024):at + 2048])
    put("pairs", b"_a_ b_c_d __e__ _f\n\ng_ misch_ee_vous _x _y_\n")
    put("one-paragraph", ("The _five_ boxing wizards jump quickly over a lazy dog.\n" * 120).encode())
    put("isolates", ("\u2067_a_\u2069 " * 800 + "\n").encode())
elif target == "aozora":
    for path in books:
        data = open(path, "rb").read()
        if "\u300a".encode() not in data and "\uff3b\uff03".encode() not in data: continue
        base = os.path.basename(path)
        for index, start in enumerate(range(0, min(len(data), 65536), 8192)):
            put(f"{base}.{index}", data[start:start + 8192])
    put("nested", "｜漢［＃「漢」に傍点］字《かん《じ》》［＃ここから２字下げ］\n［＃改ページ］\n［＃「」は中見出し］".encode())
elif target in ("zip", "package", "css", "content"):
    epubs = sorted(glob.glob(os.path.join(shared, "epub", "w3c", "*.epub")))
    samples = sorted(glob.glob(os.path.join(shared, "epub", "samples", "*.epub")))
    for path in epubs + samples:
        base = os.path.basename(path)
        if target == "zip":
            if os.path.getsize(path) <= 65536: put(base, open(path, "rb").read())
            continue
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                info = z.getinfo(name)
                if info.compress_type not in (0, 8): continue
                data = z.read(name)
                key = base + "." + name.replace("/", "_")
                if target == "package" and name.endswith((".opf", ".ncx")) or target == "package" and "nav" in name:
                    put(key, data[:16384])
                elif target == "css" and name.endswith(".css"):
                    put(key, data[:8192])
                elif target == "css" and name.endswith(".xhtml"):
                    for index, style in enumerate(re.findall(rb"<style[^>]*>(.*?)</style>", data, re.S)[:2]):
                        put(f"{key}.{index}", style[:8192])
                elif target == "content" and name.endswith(".xhtml") and len(data) <= 16384:
                    put(key, data)
    # Small versions of books that once took the reader down: an entity used thousands of times, one
    # document listed again and again in the spine, one sheet linked or imported hundreds of times, an empty spine.
    entity = b'<!DOCTYPE html [<!ENTITY e "' + b"E" * 2000 + b'">]>'
    def opf(spine=b'<itemref idref="c"/>', prolog=b"", title=b"T", manifest=b""):
        return (b'<?xml version="1.0"?>' + prolog + b'<package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
                b'unique-identifier="u"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="u">h'
                b'</dc:identifier><dc:title>' + title + b'</dc:title><dc:language>en</dc:language></metadata><manifest>'
                b'<item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>' + manifest + b'</manifest><spine>'
                + spine + b'</spine></package>')
    def page(body, prolog=b"", head=b""):
        return (b'<?xml version="1.0"?>' + prolog + b'<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title>'
                + head + b'</head><body>' + body + b'</body></html>')
    def book(files):
        import io
        data = io.BytesIO()
        with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
            z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" '
                       'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="p.opf" '
                       'media-type="application/oebps-package+xml"/></rootfiles></container>')
            for name, content in files.items(): z.writestr(name, content)
        return data.getvalue()
    sheets = b'<item id="s" href="s.css" media-type="text/css"/><item id="i" href="i.css" media-type="text/css"/>'
    rules = b"".join(b"p.a%d em.b%d > span:not(.c%d) { margin-left: %dpx }\n" % (i, i, i, i % 5) for i in range(400))
    if target == "zip":
        put("hostile-entities.epub", book({"p.opf": opf(), "c.xhtml": page(b"<p>" + b"&e; " * 3000 + b"</p>", prolog=entity)}))
        put("hostile-spine-repeat.epub", book({"p.opf": opf(spine=b'<itemref idref="c"/>' * 400),
                                               "c.xhtml": page(b"<p>" + b"many words " * 20000 + b"</p>")}))
        put("hostile-css-links.epub", book({"p.opf": opf(manifest=sheets), "s.css": rules, "i.css": b'@import "s.css";\n' * 400,
                                            "c.xhtml": page(b"<p>x</p>", head=b'<link rel="stylesheet" href="s.css"/>' * 400
                                                            + b'<link rel="stylesheet" href="i.css"/>')}))
        put("hostile-empty-spine.epub", book({"p.opf": opf(spine=b""), "c.xhtml": page(b"<p>x</p>")}))
    if target == "package":
        put("hostile-entity-title.opf", opf(prolog=entity.replace(b"html", b"package"), title=b"&e;" * 3000))
        put("hostile-empty-spine.opf", opf(spine=b""))
        put("hostile-spine-repeat.opf", opf(spine=b'<itemref idref="c"/>' * 800))
    if target == "content":
        put("broken", b"<html><body><p>Unclosed <b>bold <i>and <p>more &nbsp; &unknown; <br> end")
        put("entities", b'<!DOCTYPE html [<!ENTITY a "x"><!ENTITY b "&a;&a;">]><html><body><p>&a;&b;</p></body></html>')
        put("hostile-entities", page(b"<p>" + b"&e; " * 3000 + b"</p>", prolog=entity))
        put("hostile-entity-attributes", page(b'<p title="' + b"&e;" * 3000 + b'">x</p>', prolog=entity))
    if target == "css":
        put("at-rules", b"@media screen { p { margin: 1em } } @font-face { font-family: X; src: url(a.otf) } @import 'b.css';")
        put("hostile-imports", b'@import "s.css";\n' * 400 + rules[:2048])
        put("hostile-rules", rules[:4096])
elif target == "evemu":
    for path in events + sorted(glob.glob(os.path.join(shared, "touch", "*.desc"))):
        put(os.path.basename(path), open(path, "rb").read()[:16384])
elif target == "evdev":
    for index, path in enumerate(events):
        stream = bytearray()
        for line in open(path, errors="replace"):
            parts = line.split()
            if len(parts) == 5 and parts[0] == "E:":
                seconds, micro = parts[1].split(".")
                stream += struct.pack("<qqHHi", int(seconds), int(micro), int(parts[2], 16), int(parts[3], 16), int(parts[4]))
        for kind in range(3):
            put(f"{os.path.basename(path)}.{kind}", bytes([kind]) + bytes(stream[:24 * 400]))
    put("syn-dropped", bytes([0]) + struct.pack("<qqHHi", 0, 0, 0, 3, 0) * 8)
elif target == "state":
    state = {"book": "0123456789abcdef", "offset": 1234, "path": "/books/a.txt", "version": 1}
    put("valid", json.dumps(state, sort_keys=True).encode())
    put("torn", json.dumps(state, sort_keys=True).encode()[:30])
    put("other-book", json.dumps(dict(state, book="fedcba9876543210")).encode())
elif target == "image":
    import zipfile, zlib
    epubs = sorted(glob.glob(os.path.join(shared, "epub", "w3c", "*.epub")) + glob.glob(os.path.join(shared, "epub", "samples", "*.epub")))
    for path in epubs:
        try:
            z = zipfile.ZipFile(path)
        except zipfile.BadZipFile:
            continue
        for name in z.namelist():
            if name.lower().endswith((".png", ".jpg", ".jpeg", ".gif", ".webp")) and z.getinfo(name).file_size <= 65536:
                try:
                    put(os.path.basename(path) + "-" + os.path.basename(name), z.read(name))
                except (NotImplementedError, zipfile.BadZipFile):
                    pass
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + bytes([x * 16, 128, 255 - x * 16, 200]) * 1 for x in range(16) for _ in range(1))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 16, 8, 6, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    put("made.png", png)
    put("gif", b"GIF89a\x02\x00\x02\x00\x80\x00\x00\xff\x00\x00\x00\x00\xff,\x00\x00\x00\x00\x02\x00\x02\x00\x00\x02\x02\x84\x51\x00;")
elif target == "pdf":
    # The small PDFs whole; the long novel's first 64 KB (a cut file, repaired).
    for path in sorted(glob.glob(os.path.join(shared, "pdf", "*.pdf"))):
        data = open(path, "rb").read()
        put(os.path.basename(path), data if len(data) <= 131072 else data[:65536])
elif target == "comic":
    import io, tarfile
    def png(width, height, shade):
        import zlib
        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        rows = b"".join(b"\0" + bytes([shade, 255 - shade, 128]) * width for _ in range(height))
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    info = b'<?xml version="1.0"?><ComicInfo><Title>T</Title><Manga>YesAndRightToLeft</Manga></ComicInfo>'
    pages = [("page2.png", png(6, 8, 40)), ("page10.png", png(8, 6, 200)), ("ComicInfo.xml", info)]
    for method, name in ((zipfile.ZIP_STORED, "stored.cbz"), (zipfile.ZIP_DEFLATED, "deflated.cbz")):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", method) as z:
            for member, data in pages: z.writestr(member, data)
        put(name, buffer.getvalue())
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as t:
        for member, data in pages:
            entry = tarfile.TarInfo(member); entry.size = len(data); t.addfile(entry, io.BytesIO(data))
    put("pages.cbt", buffer.getvalue())
elif target == "comicinfo":
    put("full", b'<?xml version="1.0"?><ComicInfo><Title>A &amp; B</Title><Series>S</Series><Number>2</Number>'
                b'<Writer>Ann, Bo</Writer><Penciller>Bo, Cy</Penciller><LanguageISO>ja</LanguageISO>'
                b'<Manga>YesAndRightToLeft</Manga><Pages><Page Image="3" Type="FrontCover"/></Pages></ComicInfo>')
    put("series", b"<ComicInfo><Series>Only</Series><TitleLonger>x</TitleLonger></ComicInfo>")
elif target == "dictionary":
    B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    def b64(n):
        out = ""
        while True:
            out = B64[n % 64] + out; n //= 64
            if n == 0: return out
    words = [("kiosk", b"A small stand with a screen."), ("whale", b"A large sea mammal."), ("zebra", b"Striped.")]
    text, index, idx = b"", b"", b""
    for word, body in words:
        index += f"{word}\t{b64(len(text))}\t{b64(len(body))}\n".encode()
        idx += word.encode() + b"\0" + struct.pack(">II", len(text), len(body))
        text += body
    put("dictd", index + b"\0" + text)
    put("stardict", idx + b"\0" + text)
    put("cut", index[:20] + b"\0" + text[:5])
elif target == "config":
    put("full", b"# kiosk\nbook=/srv/books/alice.txt\nfont=/usr/share/fonts/x.ttf\nfont-size=24\n"
                b"rotate=90\ntouch-matrix=0 1 0 -1 0 1\ntheme=dark\n")
    put("bad", b"font-size=300\nrotate=45\nnonsense\n=\ntheme='light'\r\n")
    put("policies", b"MENU=reading\nIDLE_RESET=10\nBLANK_AFTER=30\n")
    put("bad-policies", b"menu=Reading\nidle-reset=0\nblank_after=99999999999999999999\nIDLE_RESET=-1\n")
PY
}

status=0
for target in "${TARGETS[@]}"; do
  seed "$target"
  regressions="Tests/Fuzz/regressions/$target"
  if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
    EBOOK_FB_FUZZ_TARGET="$target" "$FUZZER" -runs=0 "$regressions"/* > "$WORK/$target-regressions.log" 2>&1 \
      || { echo "FAIL $target: a regression input crashes again (see $WORK/$target-regressions.log)"; status=1; continue; }
  fi
  mkdir -p "$WORK/artifacts/$target"
  max_len=4096
  case "$target" in decoder|encoding|zip|content|package|image|pdf|comic) max_len=65536 ;; esac
  if EBOOK_FB_FUZZ_TARGET="$target" "$FUZZER" "$WORK/corpus/$target" -max_total_time="$SECONDS_PER_TARGET" \
       -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$WORK/artifacts/$target/" > "$WORK/$target.log" 2>&1; then
    runs="$(grep -m1 'stat::number_of_executed_units' "$WORK/$target.log" | awk '{print $2}')"
    echo "ok   $target: ${runs:-?} inputs in ${SECONDS_PER_TARGET}s, no crash"
  else
    echo "FAIL $target: crash; input saved in $WORK/artifacts/$target/ (log: $WORK/$target.log)"
    tail -n 20 "$WORK/$target.log"
    status=1
  fi
done
exit $status
