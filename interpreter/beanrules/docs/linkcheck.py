"""Check a built site's internal links: every relative link must reach a file, and every
``#fragment`` an element with that id on the target page.

mkdocs --strict checks the links written in Markdown, but not those in generated HTML, raw
HTML in the pages, or anchors added by a hook; this reads what a browser would follow.
"""
from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


@dataclass(frozen=True)
class BrokenLink:
    page: str    # the page holding the link, relative to the site root
    href: str    # the link as written
    reason: str  # "no such file" or "no anchor #…"


class _Page(HTMLParser):
    """Collects the ids (and old-style names) a page defines and the links it makes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if found.get(key):
                self.ids.add(found[key])
        for key in ("href", "src"):
            if found.get(key) and not (tag == "link" and found.get("rel") in ("canonical", "alternate")):
                self.links.append(found[key])


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _target(site: Path, page: Path, path: str) -> Path:
    # A root-relative link (404.html has them) starts from the site root.
    base = site if path.startswith("/") else page.parent
    target = base / unquote(path.lstrip("/"))
    if path.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target.resolve()


def check_site(site: Path) -> tuple[int, list[BrokenLink]]:
    """(number of internal links checked, the broken ones) over every HTML page under ``site``."""
    site = site.resolve()
    pages = {path.resolve(): _parse(path) for path in site.rglob("*.html")}
    checked, broken = 0, []
    for path, page in pages.items():
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue  # external: not this site's to check
            checked += 1
            target = path if not parts.path else _target(site, path, parts.path)
            where = str(path.relative_to(site))
            if not target.exists():
                broken.append(BrokenLink(where, href, "no such file"))
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(BrokenLink(where, href, f"no anchor #{parts.fragment}"))
    return checked, broken
