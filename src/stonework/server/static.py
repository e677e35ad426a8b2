"""The browser client: files built into ``static/``, with ``index.html`` for client routes such as ``/t/{table}``."""

from __future__ import annotations

from pathlib import Path

from starlette.responses import FileResponse, HTMLResponse, Response

NOT_BUILT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>stonework</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>stonework server</h1>
<p>The server is running, but the browser client is not built into
<code>src/stonework/server/static/</code>. Build it (see the README) and reload this page.</p>
<p>The API is at <a href="/api/games"><code>/api</code></a>; its description is at
<a href="/docs"><code>/docs</code></a> and in <code>docs/server.md</code>.</p>
</body></html>
"""


def static_response(static_dir: Path, path: str) -> Response:
    """The file at ``path`` inside ``static_dir``, else ``index.html``, else a page saying how to build it."""
    root = static_dir.resolve()
    index = root / "index.html"
    if not index.is_file():
        return HTMLResponse(NOT_BUILT)
    if path:
        candidate = (root / path).resolve()
        if candidate.is_relative_to(root) and candidate.is_file():
            return FileResponse(candidate)
    return FileResponse(index, headers={"Cache-Control": "no-cache"})
