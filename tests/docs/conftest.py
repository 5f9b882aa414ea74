"""The docs site as a reader gets it: built by mkdocs in strict mode, served on loopback at the path of its
``site_url``, and every page loaded once in one headless Chromium."""

from __future__ import annotations

import contextlib
import os
import re
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from tests.docs._browser import Browser, Visit

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60.0
ELSEWHERE = "/mirror/docs/"
"""Another path the same build is served at, as a reader serving it anywhere but site_url's path would."""

# Run in every page once it has settled: what a reader's browser would trip over that the console does not report.
INSPECT = """(() => {
  const badIds = [];
  for (const heading of document.querySelectorAll('h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]')) {
    try { document.querySelector('#' + heading.id); } catch (error) { badIds.push(heading.id); }
  }
  const inlineBlocks = [];
  for (const code of document.querySelectorAll('code')) {
    if (!code.closest('pre') && /\\n/.test(code.textContent)) inlineBlocks.push(code.textContent.slice(0, 80));
  }
  for (const block of document.querySelectorAll('.md-content p, .md-content li')) {
    for (const node of block.childNodes) {
      if (node.nodeType === Node.TEXT_NODE && node.textContent.includes('```')) {
        inlineBlocks.push(node.textContent.trim().slice(0, 80));
      }
    }
  }
  // A block that scrolls sideways only because of its comments: without them it would fit.
  const scrolling = [];
  for (const code of document.querySelectorAll('.md-content pre > code')) {
    if (code.scrollWidth <= code.clientWidth) continue;
    const probe = code.cloneNode(false);
    let bare = code.textContent.replace(/(\\S)[ \\t]+(#|\\/\\/) [^\\n]*/g, '$1');
    if (!code.closest('.language-text, .language-console')) {  // there a line starting with # is output
      bare = bare.replace(/^[ \\t]*(#|\\/\\/) [^\\n]*/gm, '');
    }
    probe.textContent = bare;
    code.parentNode.appendChild(probe);
    const fits = probe.scrollWidth <= probe.clientWidth;
    probe.remove();
    if (fits) {
      const longest = code.textContent.split('\\n').reduce((a, b) => (b.length > a.length ? b : a), '');
      scrolling.push(longest.trim());
    }
  }
  const midWord = [];
  for (const code of document.querySelectorAll('.md-content table code')) {
    const text = code.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE || code.getClientRects().length < 2) continue;
    const range = document.createRange();
    let top = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const rect = range.getBoundingClientRect();
      if (top !== null && rect.top > top + 1 && /\\w/.test(text.data[i - 1]) && /\\w/.test(text.data[i])) {
        midWord.push(`${text.data.slice(0, i)} | ${text.data.slice(i)}`);
      }
      top = rect.top;
    }
  }
  document.body.setAttribute('data-md-color-scheme', 'slate');
  const whiteBoxes = [...document.querySelectorAll('.md-content img[src*="img/"]')]
    .filter(img => getComputedStyle(img).backgroundColor === 'rgba(0, 0, 0, 0)')
    .map(img => img.getAttribute('src'));
  return {badIds, inlineBlocks, scrolling, midWord, whiteBoxes, width: document.documentElement.scrollWidth,
          viewport: window.innerWidth};
})()"""


@dataclass
class Page:
    """One built page, loaded."""

    path: str
    visit: Visit
    found: dict[str, Any]


def chromium() -> str:
    """Debian's ``chromium`` (CI installs it); skipped outside CI when it is missing, failed in CI."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not on PATH: .ci/run must install it (apt-get install -y chromium)")
        pytest.skip("chromium is not on PATH (apt-get install chromium to load the docs in a browser)")
    return binary


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The strict build, placed under a folder at the path of ``site_url``; returns (that folder's root, the path)."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    prefix = urlsplit(config["site_url"]).path
    root = tmp_path_factory.mktemp("served")
    built = root / prefix.strip("/")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(built)],
        cwd=ROOT,
        env=os.environ | {"NO_MKDOCS_2_WARNING": "1"},  # the theme's end-of-life banner, printed on every build
        check=True,
        timeout=300,
    )
    return root, prefix


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1, a miss answered with the 404 page as hosts do; yields the server's origin."""
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "tests.docs._serve", str(folder)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        ready, _, _ = select.select([server.stdout], [], [], TIMEOUT)
        line = server.stdout.readline() if ready else ""
        port = re.search(r"port (\d+)", line)
        assert port, f"the server did not say where it listens within {TIMEOUT:.0f} s: {line!r}"
        yield f"http://127.0.0.1:{port.group(1)}"
    finally:
        server.terminate()
        server.wait(timeout=TIMEOUT)
        server.stdout.close()


@pytest.fixture(scope="session")
def served(site: tuple[Path, str]) -> Iterator[str]:
    """The build served at the path of ``site_url``; yields the site's base URL."""
    root, prefix = site
    with serving(root) as origin:
        yield origin + prefix


@pytest.fixture(scope="session")
def served_elsewhere(site: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same build served by another server at another path, where nothing is at ``site_url``'s path."""
    root, prefix = site
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / ELSEWHERE.strip("/")).parent.mkdir(parents=True)
    (elsewhere / ELSEWHERE.strip("/")).symlink_to(root / prefix.strip("/"), target_is_directory=True)
    with serving(elsewhere) as origin:
        yield origin + ELSEWHERE


@pytest.fixture(scope="session")
def pages(site: tuple[Path, str], served: str, tmp_path_factory: pytest.TempPathFactory) -> list[Page]:
    """Every HTML page of the build (the 404 page included), loaded once in one browser and inspected."""
    binary = chromium()
    root, prefix = site
    built = root / prefix.strip("/")
    paths = sorted(str(p.relative_to(built)) for p in built.rglob("*.html"))
    work = tmp_path_factory.mktemp("chromium")
    loaded = []
    started = time.monotonic()
    with Browser(binary, work / "profile", work / "chromium.log") as browser:
        for path in paths:
            url = served + path.removesuffix("index.html")
            visit, found = browser.visit(url, INSPECT)
            loaded.append(Page(path, visit, found))
    assert loaded, f"no pages built under {built}"
    print(f"{len(loaded)} pages loaded in {time.monotonic() - started:.1f} s")
    return loaded
