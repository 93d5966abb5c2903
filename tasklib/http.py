"""HTTP asked on a node with curl, as the checks judge a service by what it answers."""
from __future__ import annotations

import json
import shlex


def get_json(host, url: str, wait_s: float = 0, headers: dict[str, str] | None = None):
    """The JSON document `url` answers with (curl on `host`, 3 s per try), retried four times a
    second for up to `wait_s` until it answers; None when it never answers or the body is not JSON.
    `headers` are sent with the request (a Host of the client's choosing, a forwarded-for chain)."""
    tries = max(1, int(wait_s * 4))
    sent = "".join(f" -H {shlex.quote(f'{name}: {value}')}" for name, value in (headers or {}).items())
    get = f"curl -sf --max-time 3{sent} {shlex.quote(url)}"
    res = host.run(f"for i in $(seq 1 {tries}); do {get} 2>/dev/null && exit 0; sleep 0.25; done; exit 1")
    if res.rc != 0:
        return None
    try:
        return json.loads(res.stdout)
    except ValueError:
        return None
