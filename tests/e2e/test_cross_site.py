"""A hostile page in the same browser cannot drive ``zrf serve`` or read its answers (issue 20).

The attacker's page is served from ``evil.localhost`` (Chromium resolves every
``*.localhost`` name to the loopback address, so it is another site on this
machine).  Its script tries what a real page would: a "simple" text/plain
POST (no preflight needed), a JSON POST with a made-up token (preflighted),
a form POST, and reading the game list.  The same browser also opens the
server under a rebound name (``evil.localhost`` pointing at the server's own
port, as DNS rebinding does).  No game may be opened and nothing read.
"""

from __future__ import annotations

import http.server
import json
import threading

import pytest

from tests.live_server import live_server

pytestmark = pytest.mark.e2e

ATTACK = """<!doctype html><html><body><form id="f" method="POST" enctype="text/plain" target="sink"
 action="{target}/api/new"><input name='{{"game":"canopus","x":"' value='"}}'></form>
<iframe name="sink"></iframe><script>
async function attempt(name, run) {{
  try {{ const r = await run(); return name + ": " + (r.type === "opaque" ? "opaque" : r.status + " " + await r.text()); }}
  catch (e) {{ return name + ": failed " + e; }}
}}
(async () => {{
  const results = [];
  results.push(await attempt("simple", () => fetch("{target}/api/new", {{method: "POST", mode: "no-cors",
      headers: {{"Content-Type": "text/plain"}}, body: JSON.stringify({{game: "canopus"}})}})));
  results.push(await attempt("json", () => fetch("{target}/api/new", {{method: "POST",
      headers: {{"Content-Type": "application/json", "X-ZRF-Token": "guess"}}, body: JSON.stringify({{game: "canopus"}})}})));
  results.push(await attempt("read", () => fetch("{target}/api/games")));
  document.getElementById("f").submit();
  document.body.dataset.results = JSON.stringify(results);
}})();
</script></body></html>"""


def _serve_page(html: str):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_a_page_of_another_site_cannot_open_a_game(browser):
    with live_server() as live:
        evil = _serve_page(ATTACK.format(target=live.url))
        try:
            context = browser.new_context()
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto(f"http://evil.localhost:{evil.server_address[1]}/")
            page.wait_for_selector("body[data-results]", state="attached")
            results = json.loads(page.get_attribute("body", "data-results"))
            page.wait_for_timeout(500)  # let the form POST reach the server (nothing timed is asserted)
            context.close()
        finally:
            evil.shutdown()
            evil.server_close()
        assert results[0] == "simple: opaque"          # sent, but refused (403) and unreadable
        assert results[1].startswith("json: failed")    # the preflight was refused: never sent
        assert results[2].startswith("read: failed")    # no CORS: the list cannot be read
        assert len(live.store) == 0


def test_a_rebound_name_gets_no_page(browser):
    with live_server() as live:
        context = browser.new_context()
        page = context.new_page()
        response = page.goto(f"http://evil.localhost:{live.port}/")
        assert response.status == 403
        assert "zrf-token" not in page.content()
        context.close()
