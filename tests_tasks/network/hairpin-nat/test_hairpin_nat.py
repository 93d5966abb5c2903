"""Judged by HTTP fetches of the published address from each side, and by the application's
own log of client addresses (the front client must appear as itself, not as the router)."""
import uuid

from fixtures import traffic
from fixtures.checks import baseline, requirement

URL = "http://10.20.0.1/"
MARKER = "inventory application on backend1"


def _fetch(ctx, src, path="/"):
    return traffic.until(lambda: traffic.http(ctx, src, URL.rstrip("/") + path), lambda h: h.ok and MARKER in h.body)


@baseline
def published_for_the_front_only(ctx):
    assert _fetch(ctx, "client").ok, "client should reach the published address at the start"
    assert not traffic.http(ctx, "backend2", URL).ok, "backend2 already reaches the published address"


@requirement("req-1")
def backend2_uses_the_published_address(ctx):
    traffic.settled(ctx)
    h = _fetch(ctx, "backend2")
    assert h.ok and MARKER in h.body, f"{URL} from backend2: {h.status} {h.error or h.body[:100]!r}"


@requirement("req-2")
def backend1_uses_it_too(ctx):
    traffic.settled(ctx)
    h = _fetch(ctx, "backend1")
    assert h.ok and MARKER in h.body, f"{URL} from backend1: {h.status} {h.error or h.body[:100]!r}"


@requirement("req-3")
def front_clients_keep_their_address(ctx, backend1):
    traffic.settled(ctx)
    path = f"/probe-{uuid.uuid4().hex[:8]}"
    h = _fetch(ctx, "client", path)
    assert h.ok and MARKER in h.body, f"{URL} from client: {h.status} {h.error or h.body[:100]!r}"
    seen = backend1.run(f"grep -F ' {path}' /var/log/inventory/clients.log | cut -d' ' -f1 | sort -u").stdout.split()
    client = ctx.addr("client", "front")
    assert seen == [client], f"the application logged client's request as coming from {seen}, not {client}"
