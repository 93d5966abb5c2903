from fixtures.checks import requirement

RECORDS = {"app.corp.internal": "10.100.0.12", "db.corp.internal": "10.100.0.40",
           "ns1.corp.internal": "10.100.0.11"}

# a minimal DNS A query over UDP: prints the answer addresses, exit 0 on NOERROR, 3 on NXDOMAIN
DNS_QUERY = r'''
import random, socket, struct, sys
name, server = sys.argv[1], sys.argv[2]
qid = random.randrange(65536)
q = struct.pack(">HHHHHH", qid, 0x0100, 1, 0, 0, 0)
q += b"".join(bytes([len(p)]) + p.encode() for p in name.split(".")) + b"\0" + struct.pack(">HH", 1, 1)
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3)
for _ in range(3):
    try:
        s.sendto(q, (server, 53)); d, _ = s.recvfrom(4096); break
    except (socket.timeout, ConnectionRefusedError):
        continue
else:
    print("timeout"); sys.exit(2)
rcode = d[3] & 15; an = struct.unpack(">H", d[6:8])[0]
i = 12
while d[i]: i += d[i] + 1
i += 5
addrs = []
for _ in range(an):
    if d[i] & 0xC0 == 0xC0: i += 2
    else:
        while d[i]: i += d[i] + 1
        i += 1
    t, c, ttl, l = struct.unpack(">HHIH", d[i:i+10]); i += 10
    if t == 1: addrs.append(socket.inet_ntoa(d[i:i+4]))
    i += l
print(" ".join(addrs)); sys.exit(0 if rcode == 0 else 3 if rcode == 3 else 4)
'''


def _q(s: str) -> str:
    return "'" + s.replace("'", "'\\''") + "'"


@requirement("req-1")
def node2_resolves(node2):
    hosts = node2.run("grep -iE 'corp\\.internal' /etc/hosts")
    assert hosts.rc != 0, "node2 lists corp.internal names in /etc/hosts"
    for name, addr in RECORDS.items():
        res = node2.run(f"getent ahostsv4 {name} | awk '{{print $1}}' | sort -u")
        got = res.stdout.split()
        assert got == [addr], f"on node2, {name} resolves to {got or 'nothing'} instead of {addr}"


@requirement("req-2")
def node1_answers_on_priv(ctx, node2):
    server = ctx.addr("node1", "priv")
    for name, addr in RECORDS.items():
        res = node2.run(f"python3 -c {_q(DNS_QUERY)} {name} {server}")
        assert res.rc == 0, f"node1's DNS server ({server}) gives no answer for {name} ({res.stdout.strip()})"
        assert res.stdout.split() == [addr], f"node1's DNS server answers {name} = {res.stdout.strip()}, expected {addr}"


@requirement("req-3")
def not_on_management(ctx):
    assert not ctx.reachable("node1", 53), "DNS (tcp/53) on node1 is reachable on its management address"


@requirement("req-4")
def unknown_names_fail(node2):
    """Names outside the table, beside the listed ones and below them (a wildcard such as
    dnsmasq's address=/app.corp.internal/ answers for every name under app.corp.internal)."""
    for name in ("nosuchhost.corp.internal", "nosuchhost.app.corp.internal", "www.db.corp.internal"):
        res = node2.run(f"getent ahosts {name}")
        assert res.rc != 0, f"{name} (not in the table) resolves on node2: {res.stdout.split()[:1]}"
    res = node2.run("getent hosts app.corp.internal")
    assert res.rc == 0, "app.corp.internal does not resolve on node2 at all"
