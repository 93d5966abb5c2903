"""Judged by DNS traffic: queries from client to 10.10.1.1 (local names; random names only the
provider's resolver can answer, checked against the address it derives from the name); the
provider's query log shows whether lab names leaked; a query from upstream to the gateway's
upstream address shows whether it is an open resolver."""
import hashlib
import json
import uuid

from fixtures import traffic
from fixtures.checks import baseline, requirement

DNS = "10.10.1.1"
PROVIDER_LOG = "/var/log/provider-dns/queries.log"


def provider_address(name):
    """What the provider's stand-in resolver answers for `name` (see prepare.sh)."""
    return "203.0.113.%d" % (1 + hashlib.sha256(name.lower().encode()).digest()[0] % 250)


def _ask(ctx, name, src="client", server=DNS):
    r = traffic.dns(ctx, src, server, name)
    if r.result != "answer":
        r = traffic.dns(ctx, src, server, name, timeout=5)
    return r


def _provider_saw(upstream, name):
    res = upstream.run(f"cat {PROVIDER_LOG} 2>/dev/null; true")
    names = [json.loads(line)["name"] for line in res.stdout.splitlines() if line.strip()]
    return name.lower() in names


@baseline
def provider_resolver_answers(ctx):
    name = f"baseline-{uuid.uuid4().hex[:6]}.example.com"
    r = traffic.dns(ctx, "upstream", "127.0.0.1", name)
    assert r.rcode == "NOERROR" and r.answers == (provider_address(name),), f"provider resolver: {r}"
    assert traffic.dns(ctx, "client", DNS, "upstream.lab").result != "answer", "gateway already answers DNS"


@requirement("req-1")
def local_zone_answered(ctx):
    want = {"gateway.lab": "10.10.1.1", "client.lab": ctx.addr("client", "lan"),
            "upstream.lab": ctx.addr("upstream", "wan")}
    for name, addr in want.items():
        r = _ask(ctx, name)
        assert r.result == "answer", f"{name} at {DNS}: {r.result} (no DNS answer from gateway)"
        assert r.rcode == "NOERROR" and r.answers == (addr,), f"{name} at {DNS}: {r}, expected {addr}"


@requirement("req-2")
def other_names_forwarded(ctx):
    for domain in ("example.com", "shop.example.net"):
        name = f"www-{uuid.uuid4().hex[:8]}.{domain}"
        r = _ask(ctx, name)
        assert r.result == "answer", f"{name} at {DNS}: {r.result} (no DNS answer from gateway)"
        assert r.rcode == "NOERROR" and r.answers == (provider_address(name),), \
            f"{name} at {DNS}: {r}; the provider's resolver answers {provider_address(name)}"


@requirement("req-3")
def missing_lab_names_stay_local(ctx, upstream):
    name = f"nosuch-{uuid.uuid4().hex[:8]}.lab"
    r = _ask(ctx, name)
    assert r.result == "answer", f"{name} at {DNS}: {r.result} (no DNS answer from gateway)"
    assert r.rcode == "NXDOMAIN", f"{name} at {DNS}: {r}, expected NXDOMAIN"
    assert not _provider_saw(upstream, name), f"the query for {name} was passed on to the provider's resolver"


@requirement("req-4")
def not_an_open_resolver(ctx):
    gw_wan = ctx.addr("gateway", "wan")
    for name in ("upstream.lab", f"www-{uuid.uuid4().hex[:8]}.example.com"):
        r = traffic.dns(ctx, "upstream", gw_wan, name)
        assert r.result != "answer" or r.rcode == "REFUSED", \
            f"gateway answers {name} asked at {gw_wan} from the provider's network: {r}"
