"""Judged by traffic: the worker's connections to client arrive from its tunnel address; a
capture on gateway's wan link during such a connection shows packets but never the payload
(client's listener banner) in clear; a more specific route on upstream that bypasses the tunnel
must lead nowhere; the office still reaches wan through the NAT. The keys: each end's private
key (read from its running wg0) must not be found in the other machine's files."""
from fixtures import traffic
from fixtures.checks import baseline, requirement
from tasklib import route

WORKER = "10.99.0.2"
GW_WAN = "198.51.100.2"


def _worker_to_client(ctx, port):
    client = ctx.addr("client", "lan")

    def attempt():
        with traffic.listener(ctx, "client", port) as seen:
            return traffic.tcp(ctx, "upstream", client, port), seen.peers()
    return traffic.until(attempt, lambda r: r[0].open, tries=4, wait_s=4)


@baseline
def lan_closed_to_the_worker(ctx):
    c, peers = _worker_to_client(ctx, 9600)
    assert c.blocked and not peers, "upstream already reaches client before the tunnel exists"


@requirement("req-1")
def worker_reaches_the_lan_as_itself(ctx):
    traffic.settled(ctx)
    c, peers = _worker_to_client(ctx, 9601)
    assert c.open, f"upstream → client tcp/9601: {c}"
    assert peers and set(peers) == {WORKER}, f"client saw the worker's connection from {peers}, not from {WORKER}"


@requirement("req-2")
def encrypted_on_the_wan(ctx):
    traffic.settled(ctx)
    with traffic.capture(ctx, "gateway", "eth1") as wan:
        c, _ = _worker_to_client(ctx, 9602)
    assert c.open, f"upstream → client tcp/9602 does not connect ({c}): nothing to judge"
    assert wan.packets() > 0, "nothing crossed gateway's wan link during the connection"
    assert not wan.contains("opsbench client"), "client's answer crossed the wan link in clear"


@requirement("req-3")
def lan_closed_outside_the_tunnel(ctx, upstream):
    traffic.settled(ctx)
    client = ctx.addr("client", "lan")
    with route.temporary(upstream, f"{client}/32", GW_WAN):
        with traffic.listener(ctx, "client", 9603) as seen:
            c = traffic.tcp(ctx, "upstream", client, 9603)
            peers = seen.peers()
    assert c.blocked and not peers, f"outside the tunnel, upstream still opens a connection to client ({c}, seen from {peers})"


@requirement("req-4")
def office_nat_still_works(ctx):
    traffic.settled(ctx)
    up = ctx.addr("upstream", "wan")

    def attempt():
        with traffic.listener(ctx, "upstream", 9604) as seen:
            return traffic.tcp(ctx, "client", up, 9604), seen.peers()
    c, peers = traffic.until(attempt, lambda r: r[0].open)
    assert c.open, f"client → upstream tcp/9604: {c}"
    assert set(peers) == {GW_WAN}, f"upstream saw client's connection from {peers}, not from {GW_WAN}"


# where a copied key would be kept: configuration, homes, scratch and service directories
KEY_DIRS = "/etc /root /home /tmp /var/tmp /srv /opt /usr/local /var/lib/wireguard /var/backups"


# a check's commands and output are recorded: it handles private keys by their public halves only
_PUBLIC_OF_STDIN = "while read -r k; do printf '%s\\n' \"$k\" | wg pubkey 2>/dev/null; done"


def _own_public_keys(host):
    """The public halves of the WireGuard private keys `host` uses (its running interfaces' and
    its wg-quick configs')."""
    r = host.run("{ wg show all private-keys 2>/dev/null | awk '{print $NF}'; "
                 "sed -n 's/^[[:space:]]*PrivateKey[[:space:]]*=[[:space:]]*//p' /etc/wireguard/*.conf "
                 f"2>/dev/null; }} | sort -u | {_PUBLIC_OF_STDIN}; true")
    return {w for w in r.stdout.split() if len(w) == 44 and w.endswith("=")}


def _stored_keys(host):
    """{public half: paths} of every string shaped like a WireGuard private key in the files of
    `host` under KEY_DIRS."""
    r = host.run(f"grep -rHosE '[A-Za-z0-9+/]{{42}}[AEIMQUYcgkosw480]=' {KEY_DIRS} 2>/dev/null "
                 "| sort -u | head -n 5000 | while IFS=: read -r path key; do "
                 "pub=$(printf '%s\\n' \"$key\" | wg pubkey 2>/dev/null) && "
                 "printf '%s %s\\n' \"$pub\" \"$path\"; done; true")
    found: dict[str, list[str]] = {}
    for line in r.stdout.splitlines():
        pub, _, path = line.partition(" ")
        found.setdefault(pub, []).append(path)
    return found


@requirement("req-5")
def private_keys_stay_home(hosts):
    copies = []
    for owner, other in (("upstream", "gateway"), ("gateway", "upstream")):
        keys = _own_public_keys(hosts[owner])
        assert keys, f"{owner} has no WireGuard private key (no wg interface, no /etc/wireguard/*.conf): nothing to judge"
        stored = _stored_keys(hosts[other])
        copies += [f"{owner}'s (public {pub}) on {other} in {path}"
                   for pub in sorted(keys) for path in stored.get(pub, [])]
    assert not copies, f"a private key left its machine: {'; '.join(copies)}"
