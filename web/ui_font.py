#!/usr/bin/python3
"""Cuts the UI font down to the glyphs the game can show, and checks the cut.

Kept: Latin-1 and Latin Extended-A (the letters of names and seeds players type in European
languages, the engine's texts), general punctuation, and every character of every catalogue
(assets/i18n/*.json). Then every catalogue character must have a glyph in the result: a language
written in a script the font lacks fails here, naming its characters and where they are.

With --ranges, also writes the code points the cut font has, as ranges ("first last" in hex, one per
line), which web/main.cpp hands to ImGui: the game then builds its atlas from exactly these glyphs
without reading every catalogue at start-up.

    ui_font.py --font DejaVuSans.ttf --catalogues assets/i18n --out build/wasm/fonts/ui.ttf \
               [--ranges build/wasm/fonts/ui.ranges]
"""
import argparse
import json
import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

LATIN_AND_PUNCTUATION = [(0x0020, 0x017F), (0x2010, 0x205E)]


def texts(node, key=''):
    """(key, text) for every text of a catalogue's nested groups."""
    if isinstance(node, str):
        yield key, node
    elif isinstance(node, dict):
        for name, value in node.items():
            yield from texts(value, f'{key}.{name}' if key else name)


def catalogue_characters(folder):
    """Each character of the catalogues -> the first place it appears ("de.json: play.rules")."""
    where = {}
    for path in sorted(pathlib.Path(folder).glob('*.json')):
        for key, text in texts(json.loads(path.read_text(encoding='utf-8'))):
            for char in text:
                if ord(char) >= 0x20:
                    where.setdefault(char, f'{path.name}: {key}')
    return where


def ranges_of(code_points):
    """Sorted code points -> [(first, last)] runs."""
    runs = []
    for point in code_points:
        if runs and runs[-1][1] == point - 1:
            runs[-1][1] = point
        else:
            runs.append([point, point])
    return [tuple(run) for run in runs]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--font', required=True)
    parser.add_argument('--catalogues', required=True)
    parser.add_argument('--out', required=True)
    parser.add_argument('--ranges', help='also write the cut font\'s code points as ranges here')
    args = parser.parse_args()

    needed = catalogue_characters(args.catalogues)
    unicodes = {ord(c) for c in needed}
    for first, last in LATIN_AND_PUNCTUATION:
        unicodes.update(range(first, last + 1))

    options = subset.Options()
    font = subset.load_font(args.font, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(unicodes))
    subsetter.subset(font)
    pathlib.Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, args.out, options)

    cmap = TTFont(args.out).getBestCmap()
    missing = [c for c in needed if ord(c) not in cmap]
    for char in missing:
        print(f'ui_font.py: no glyph for {char!r} (U+{ord(char):04X}, {needed[char]}) in {args.font}', file=sys.stderr)
    if missing:
        return 1
    if args.ranges:
        # ImGui 1.86 takes 16-bit code points; the cut keeps none above U+FFFF.
        lines = [f'{first:04X} {last:04X}\n' for first, last in ranges_of(sorted(p for p in cmap if p <= 0xFFFF))]
        pathlib.Path(args.ranges).write_text(''.join(lines), encoding='ascii')
    print(f'ui_font.py: {args.out}: {len(cmap)} glyphs, every character of {len(needed)} in the catalogues')
    return 0


if __name__ == '__main__':
    sys.exit(main())
