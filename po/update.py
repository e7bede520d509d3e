#!/usr/bin/env python3
"""Collects the interface's messages from Sources/ into po/ebook-fb.pot and
merges them into every po/CODE.po (msgmerge, no fuzzy guesses: a new
message arrives untranslated, and the catalog tests name it).

The calls collected, with their English text as a literal:
  localized("Text", ...)    localized(context: "what", "Text", ...)
  localizedPlural("One %d", "Many %d", count: n)
"""
import os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STRING = r'"((?:[^"\\]|\\.)*)"'
CALL = re.compile(r'\blocalized(Plural)?\(\s*(?:context:\s*' + STRING + r',\s*)?' + STRING + r'(?:,\s*' + STRING + r')?')


def unescape(text):
    return text.replace('\\"', '"').replace('\\\\', '\\')


def po_quote(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'


def messages():
    found = {}
    for folder, _, files in sorted(os.walk(os.path.join(ROOT, 'Sources'))):
        for name in sorted(files):
            if not name.endswith('.swift'):
                continue
            path = os.path.join(folder, name)
            text = open(path, encoding='utf-8').read()
            for match in CALL.finditer(text):
                plural, context, singular, other = match.groups()
                key = (unescape(context) if context else None, unescape(singular))
                line = text.count('\n', 0, match.start()) + 1
                where = os.path.relpath(path, ROOT) + ':' + str(line)
                entry = found.setdefault(key, {'plural': None, 'where': []})
                if plural and other is not None:
                    entry['plural'] = unescape(other)
                entry['where'].append(where)
    return found


def template(found):
    out = ['msgid ""', 'msgstr ""', '"Project-Id-Version: ebook-fb\\n"', '"MIME-Version: 1.0\\n"',
           '"Content-Type: text/plain; charset=UTF-8\\n"', '"Content-Transfer-Encoding: 8bit\\n"',
           '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', '']
    for (context, singular), entry in sorted(found.items(), key=lambda item: item[1]['where'][0]):
        out.append('#: ' + ' '.join(entry['where']))
        if '%' in singular:
            out.append('#, c-format')
        if context is not None:
            out.append('msgctxt ' + po_quote(context))
        out.append('msgid ' + po_quote(singular))
        if entry['plural'] is not None:
            out += ['msgid_plural ' + po_quote(entry['plural']), 'msgstr[0] ""', 'msgstr[1] ""']
        else:
            out.append('msgstr ""')
        out.append('')
    return '\n'.join(out)


def main():
    pot = os.path.join(HERE, 'ebook-fb.pot')
    with open(pot, 'w', encoding='utf-8') as file:
        file.write(template(messages()))
    for name in sorted(os.listdir(HERE)):
        if name.endswith('.po'):
            subprocess.run(['msgmerge', '--quiet', '--update', '--backup=none', '--no-fuzzy-matching',
                            '--no-wrap', os.path.join(HERE, name), pot], check=True)
    print('po/ebook-fb.pot:', len(messages()), 'messages')


if __name__ == '__main__':
    sys.exit(main())
