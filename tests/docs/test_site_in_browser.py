"""Every page of the docs site, loaded in headless Chromium with no network, works: nothing in the console, heading
ids a script can select, code blocks rendered as blocks, nothing wider than a 1280 px window.

Slow-ish (one mkdocs build, one browser for all pages); skipped without Chromium except in CI, where it must run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs._browser import Browser
from tests.docs.conftest import Page, chromium

pytestmark = [pytest.mark.slow, pytest.mark.e2e]


def _listed(found: dict[str, list[str]]) -> str:
    return "\n".join(f"{path}: {item!r}" for path, items in found.items() for item in items)


def test_no_page_logs_an_error_in_the_console(pages: list[Page]) -> None:
    errors = {page.path: page.visit.errors for page in pages if page.visit.errors}
    assert errors == {}, _listed(errors)


def test_every_heading_id_is_a_valid_css_selector(pages: list[Page]) -> None:
    # Themes and readers' scripts look headings up with querySelector('#' + id): an id starting with a digit throws.
    bad = {page.path: page.found["badIds"] for page in pages if page.found["badIds"]}
    assert bad == {}, _listed(bad)


def test_no_code_block_is_rendered_inline(pages: list[Page]) -> None:
    # A fence Markdown did not recognise (inside a list, badly indented) becomes inline code with its language word
    # and line breaks in it; inline code wrapped across source lines shows those breaks too.
    inline = {page.path: page.found["inlineBlocks"] for page in pages if page.found["inlineBlocks"]}
    assert inline == {}, _listed(inline)


def test_no_page_is_wider_than_the_window(pages: list[Page]) -> None:
    wide = {page.path: page.found["width"] for page in pages if page.found["width"] > page.found["viewport"]}
    assert wide == {}


# Whether the theme's stylesheet applied: its header sticks to the top of the window.
STYLED = "(() => { const h = document.querySelector('.md-header'); return !!h && getComputedStyle(h).position === 'sticky'; })()"


def test_the_404_page_is_styled_wherever_the_site_is_served(served: str, served_elsewhere: str, tmp_path: Path) -> None:
    # Opened as itself, answered for a missing address under site_url's path (as its host does), and opened as
    # itself where the site is served at another path: every time its stylesheets and scripts load.
    urls = [served + "404.html", served + "no/such/page/", served_elsewhere + "404.html"]
    found = {}
    with Browser(chromium(), tmp_path / "profile", tmp_path / "chromium.log") as browser:
        for url in urls:
            visit, styled = browser.visit(url, STYLED)
            own = f"404 (Not Found) {url}"  # the missing address itself, which the host answered with this page
            found[url] = ([e for e in visit.errors if not e.endswith(own)], styled)
    assert found == {url: ([], True) for url in urls}, found


def test_code_in_tables_breaks_between_words(pages: list[Page]) -> None:
    # A path in a table cell goes on at a slash or a space, never in the middle of a name.
    cut = {page.path: page.found["midWord"] for page in pages if page.found["midWord"]}
    assert cut == {}, _listed(cut)


def test_plots_sit_on_a_light_panel_in_the_dark_scheme(pages: list[Page]) -> None:
    # The plots are drawn on white: without a panel of their own they are white boxes on the dark page.
    white = {page.path: page.found["whiteBoxes"] for page in pages if page.found["whiteBoxes"]}
    assert white == {}, _listed(white)


def test_no_code_block_scrolls_sideways_for_a_comment(pages: list[Page]) -> None:
    # At the 1280 px window: a trailing comment that would push its block past the edge is shortened or goes on a
    # line of its own. (Long output and long commands may scroll: shortening them would change what they are.)
    scrolling = {page.path: page.found["scrolling"] for page in pages if page.found["scrolling"]}
    assert scrolling == {}, _listed(scrolling)
