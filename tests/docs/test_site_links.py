"""The built site has no broken internal link or anchor, and the checker finds the ones it should;
it shows a figure per rulebook. (Every test of the built site is in this file, so under
pytest-xdist's `--dist loadfile` one worker builds it: tests/docs/conftest.py.)"""
from __future__ import annotations

from pathlib import Path

from beanrules.docs.linkcheck import check_site


def test_every_internal_link_and_anchor_of_the_built_site_resolves(built_site: Path) -> None:
    checked, broken = check_site(built_site)
    assert checked > 1000  # the nav alone links every page from every page
    assert broken == [], "\n".join(f"{b.page}: {b.href} ({b.reason})" for b in broken[:40])


def test_checker_reports_missing_pages_and_anchors(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h2 id="here">x</h2><a name="old">y</a>', encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<a href="a/">ok</a> <a href="a/#here">ok</a> <a href="a/index.html#old">ok</a> <a href="#top">self</a>'
        '<a href="b/">gone</a> <a href="a/#nowhere">no anchor</a> <a href="/a/">root ok</a>'
        '<a href="https://example.org/x">external</a> <img src="pic.svg"> <p id="top"></p>', encoding="utf-8")
    checked, broken = check_site(tmp_path)
    assert checked == 8
    assert sorted((b.href, b.reason) for b in broken) == [
        ("a/#nowhere", "no anchor #nowhere"), ("b/", "no such file"), ("pic.svg", "no such file")]


def test_bean_blocks_are_highlighted_in_the_built_site(built_site: Path) -> None:
    language = (built_site / "language" / "index.html").read_text(encoding="utf-8")
    # the lexer's declaration, name and citation classes, as Pygments writes them
    assert '<span class="kd">rulebook</span>' in language
    assert '<span class="nc">protection</span>' in language and '<span class="nd">§</span>' in language


def test_built_site_shows_a_figure_per_rulebook(built_site: Path) -> None:
    from beanrules import list_specs

    comparison = (built_site / "comparison" / "index.html").read_text(encoding="utf-8")
    for name in list_specs():
        assert (built_site / "figures" / f"{name}.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
        assert f'src="../figures/{name}.svg"' in comparison
        page = (built_site / "rulebooks" / name / "index.html").read_text(encoding="utf-8")
        assert f"figures/{name}.svg" in page and 'id="how-games-go"' in page


def test_built_rulebook_pages_open_with_the_rules_in_brief_and_have_no_slips(built_site: Path) -> None:
    """What a reader gets: every built rulebook page has the brief first (after what changes),
    each of its lines a link, and its text, without the folded sources, has no unit or number
    slip (beanrules.docs.slips)."""
    import html
    import re

    from beanrules import list_specs
    from beanrules.docs.slips import slips

    for name in list_specs():
        page = (built_site / "rulebooks" / name / "index.html").read_text(encoding="utf-8")
        headings = re.findall(r'<h2 id="([^"]+)"', page)
        assert headings[int(headings[0].startswith("what-changes"))] == "the-rules-in-brief", (name, headings[:3])
        brief = page.split('<div class="brief">')[1].split("</div>")[0]
        items = re.findall(r"<li>(.*?)</li>", brief, flags=re.S)
        assert 0 < len(items) <= 40 and all(item.lstrip().startswith("<a href=\"#") for item in items), name
        # the article, up to the assumptions (the spec's own reasons, quoted), without the folded sources
        article = page.split("<article")[1].split('<h2 id="assumptions"')[0]
        text = re.sub(r"<details class=\"rule-sources\".*?</details>", "", article, flags=re.S)
        text = re.sub(r"“[^”]*”", "“”", html.unescape(re.sub(r"<[^>]+>", "", text)))
        assert len(text) > 5000 and not slips(text), (name, slips(text)[:3])
