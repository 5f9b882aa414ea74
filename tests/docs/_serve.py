"""A static file server for the built site that answers a missing address as hosts do: with status 404 and the
nearest ``404.html`` in a folder above the address (``python -m http.server`` sends its own error page instead).

Run as ``python -m tests.docs._serve FOLDER``: serves FOLDER on 127.0.0.1 at a free port and prints that port.
"""

from __future__ import annotations

import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit


class SiteHandler(SimpleHTTPRequestHandler):
    """Files under the served folder; a miss gets the 404 page of the nearest folder above it that has one."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = self._not_found_page() if code == 404 else None
        if page is None:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _not_found_page(self) -> Path | None:
        root = Path(self.directory).resolve()
        folder = root.joinpath(*[p for p in unquote(urlsplit(self.path).path).split("/") if p not in ("", ".", "..")])
        for candidate in (folder, *folder.parents):
            if candidate != root and root not in candidate.parents:
                return None
            if (candidate / "404.html").is_file():
                return candidate / "404.html"
        return None

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the tests read the browser's console, not the server's log."""


def main(folder: str) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(SiteHandler, directory=folder))
    print(f"serving on port {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1])
