"""Build the page's Chinese web fonts: a subset of Noto Sans TC (zh-Hant) and of Noto Sans SC
(zh) holding every character the page shows in that language.

    .venv/bin/python tools/cjk_fonts.py

Run it again whenever a Chinese text changes (tests/web/test_cjk_fonts.py fails until then).
The fonts come from pinned npm packages (fetched with `npm pack` into a temporary folder, never
installed); those packages hold each weight as unicode-range slices (plus a "chinese-*" file of
the commonest characters), so the characters are gathered from the slices that have them and
merged into one font per language. Writes, under services/olympus/web/static/fonts/:
noto-sans-tc-subset.woff2, noto-sans-sc-subset.woff2, OFL.txt (the fonts' licence, from the
package) and cjk-fonts.json (what was built from what; the characters the font lacks, which
the browser draws with the next font of the stack).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "services" / "olympus" / "web" / "static"
FONTS = STATIC / "fonts"
MANIFEST = FONTS / "cjk-fonts.json"
WEIGHT = 400  # one weight: the browser draws bold from it (font-synthesis), at half the bytes
# Printable ASCII and the CJK punctuation a short translation edit may bring, beside the
# dictionaries' own characters.
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
PUNCTUATION = "，。、：；！？（）「」『』《》〈〉…—～·％＋－／"
# Tables a page's horizontal text never reads (vertical metrics, baselines, style names).
DROPPED = ["vhea", "vmtx", "VORG", "BASE", "STAT"]


@dataclass(frozen=True)
class Face:
    language: str  # the page's language code (i18n/<language>.json)
    package: str
    version: str
    family: str  # the @font-face family in style.css
    common: str  # the package's file of the commonest characters, read first
    output: str


FACES = (
    Face(
        "zh-Hant",
        "@fontsource/noto-sans-tc",
        "5.3.0",
        "Noto Sans TC",
        "chinese-traditional",
        "noto-sans-tc-subset.woff2",
    ),
    Face(
        "zh",
        "@fontsource/noto-sans-sc",
        "5.3.1",
        "Noto Sans SC",
        "chinese-simplified",
        "noto-sans-sc-subset.woff2",
    ),
)


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def menu_names() -> str:
    """The language menu's names (js/i18n.js LANGUAGES), shown whatever the page's language."""
    source = (STATIC / "js" / "i18n.js").read_text(encoding="utf-8")
    found = re.search(r"export const LANGUAGES = \{(.*?)\};", source)
    if not found:
        raise SystemExit("js/i18n.js: no LANGUAGES table")
    return "".join(re.findall(r':\s*"([^"]*)"', found.group(1)))


def page_texts(language: str) -> str:
    """Every string the page shows in `language`: its page words and card words."""
    parts = []
    for path in (
        STATIC / "i18n" / f"{language}.json",
        STATIC / "i18n" / "cards" / f"{language}.json",
    ):
        parts += strings(json.loads(path.read_text(encoding="utf-8")))
    return "".join(parts)


def wanted(language: str) -> set[int]:
    text = page_texts(language) + menu_names() + ASCII + PUNCTUATION
    return {ord(ch) for ch in text if ch.isprintable() or ch == " "}


def fetch(face: Face, into: Path) -> Path:
    """The package's files, unpacked from `npm pack` (its version checked)."""
    subprocess.run(
        ["npm", "pack", f"{face.package}@{face.version}", "--pack-destination", str(into)],
        check=True,
        capture_output=True,
    )
    [tarball] = into.glob("*.tgz")
    with tarfile.open(tarball) as archive:
        archive.extractall(into, filter="data")
    package = into / "package"
    meta = json.loads((package / "package.json").read_text())
    if (meta["name"], meta["version"]) != (face.package, face.version):
        raise SystemExit(f"npm pack gave {meta['name']}@{meta['version']}")
    return package


def source_files(package: Path, face: Face) -> list[Path]:
    """The weight's woff2 files, the commonest characters' file first, then the named subsets,
    then the numbered slices in order: a character is taken from the first file that has it."""
    files = sorted(package.glob(f"files/*-{WEIGHT}-normal.woff2"))

    def rank(path: Path) -> tuple[int, int, str]:
        middle = path.name.split("-")[3:-2]  # noto-sans-tc-<middle>-400-normal.woff2
        label = "-".join(middle)
        if label == face.common:
            return (0, 0, label)
        if label.isdigit():
            return (2, int(label), label)
        return (1, 0, label)

    return sorted(files, key=rank)


def subset_to(font_path: Path, unicodes: set[int], out: Path) -> None:
    options = subset.Options()
    options.drop_tables += DROPPED
    options.name_IDs = ["*"]  # the copyright and licence names stay with the glyphs
    options.notdef_outline = True
    options.layout_features = ["*"]
    font = subset.load_font(str(font_path), options)
    font.recalcTimestamp = False  # the same texts give the same bytes (no churn in git)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    font.flavor = None
    subset.save_font(font, str(out), options)


def build(face: Face, packages: dict[Face, Path], work: Path) -> dict[str, Any]:
    """The face's font, from its own package's files; a character its package lacks (the
    menu's 简 in Noto Sans TC) from the other package's, so the page never shows a box for it."""
    remaining = wanted(face.language)
    target = set(remaining)
    parts: list[Path] = []
    used: list[str] = []
    others = [f for f in packages if f != face]
    sources = [p for f in (face, *others) for p in source_files(packages[f], f)]
    for path in sources:
        have = set(TTFont(str(path)).getBestCmap()) & remaining
        if not have:
            continue
        part = work / f"part-{len(parts)}.ttf"
        subset_to(path, have, part)
        if not parts:
            shutil.copy(part, work / "first.ttf")
        parts.append(part)
        used.append(path.name)
        remaining -= have
    merged = work / "merged.ttf"
    if len(parts) == 1:
        parts[0].replace(merged)
    else:
        mega = Merger().merge([str(p) for p in parts])
        mega.recalcTimestamp = False
        mega.save(str(merged))
    # One more pass: the merged font's own cmap, compressed as WOFF2.
    options = subset.Options()
    options.flavor = "woff2"
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.layout_features = ["*"]
    font = subset.load_font(str(merged), options)
    font.recalcTimestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=target - remaining)
    subsetter.subset(font)
    # The merge stamps the time: the first source's dates instead, so the bytes repeat.
    first = TTFont(str(work / "first.ttf"))["head"]
    font["head"].created, font["head"].modified = first.created, first.modified
    subset.save_font(font, str(FONTS / face.output), options)
    return {
        "language": face.language,
        "family": face.family,
        "package": f"{face.package}@{face.version}",
        "weight": WEIGHT,
        "characters": len(target - remaining),
        "from": used,
        # Characters wanted that the package has in no file: the next font of the stack.
        "lacking": "".join(sorted(chr(c) for c in remaining)),
    }


def main() -> int:
    FONTS.mkdir(parents=True, exist_ok=True)
    built = []
    licences = set()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        packages = {}
        for n, face in enumerate(FACES):
            (work / f"npm{n}").mkdir()
            packages[face] = fetch(face, work / f"npm{n}")
            licences.add((packages[face] / "LICENSE").read_text(encoding="utf-8"))
        [licence] = licences  # one OFL.txt: the packages' licence texts are the same
        if "SIL Open Font License" not in licence:
            raise SystemExit("the packages' LICENSE is not the OFL")
        for n, face in enumerate(FACES):
            (work / f"build{n}").mkdir()
            built.append(build(face, packages, work / f"build{n}"))
            size = (FONTS / face.output).stat().st_size
            print(f"{face.output}: {size} bytes", file=sys.stderr)
    (FONTS / "OFL.txt").write_text(licence, encoding="utf-8")
    MANIFEST.write_text(json.dumps(built, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
