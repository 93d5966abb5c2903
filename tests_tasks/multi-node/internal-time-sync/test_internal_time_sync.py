import re
import time

from fixtures.checks import baseline, requirement

# a minimal NTP client request: exit 0 and print the stratum when a server answers
NTP_QUERY = r'''
import socket, sys
server = sys.argv[1]
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3)
if len(sys.argv) > 2:
    s.bind((sys.argv[2], 0))
for _ in range(3):
    try:
        s.sendto(b"\x23" + b"\0" * 47, (server, 123)); d, _ = s.recvfrom(512)
    except (socket.timeout, ConnectionRefusedError):
        continue
    if len(d) >= 48 and d[1] != 0:
        print("stratum", d[1]); sys.exit(0)
    print("unsynchronised/kiss-o-death reply", d[1:4]); sys.exit(3)
print("no reply"); sys.exit(2)
'''


def _q(s: str) -> str:
    return "'" + s.replace("'", "'\\''") + "'"


@baseline
def no_time_source(node2):
    assert "^*" not in node2.run("chronyc -n sources").stdout, "node2 should start without a selected source"


@requirement("req-1")
def node1_serves_priv(ctx, node2):
    server = ctx.addr("node1", "priv")
    res = node2.run(f"python3 -c {_q(NTP_QUERY)} {server}")
    assert res.rc == 0, f"node1 ({server}) gives node2 no usable NTP answer: {res.stdout.strip()}"


@requirement("req-2")
def node2_syncs_from_node1(ctx, node2):
    server = ctx.addr("node1", "priv")
    deadline, out = time.time() + 150, ""
    while time.time() < deadline:
        out = node2.run("chronyc -n sources").stdout
        if any(l.startswith("^*") and l.split()[1] == server for l in out.splitlines() if l.split()[1:]):
            return
        time.sleep(10)
    raise AssertionError(f"node1 ({server}) is not node2's selected time source:\n{out.strip()}")


@requirement("req-3")
def node2_only_node1(ctx, node2):
    server = ctx.addr("node1", "priv")
    res = node2.run("chronyc -n sources")
    assert res.rc == 0, "chronyd is not running on node2"
    srcs = [l.split()[1] for l in res.stdout.splitlines() if l[:1] in "^=#" and len(l.split()) > 1]
    assert srcs == [server], f"node2's time sources are {srcs or 'none'}, expected only node1 ({server})"
    # a configured server or pool whose name does not resolve here (Debian's default pool, a
    # public server by name) is missing from `sources` but is still a source: node2 would use
    # it as soon as the name resolves
    act = node2.run("chronyc activity")
    m = re.search(r"^(\d+) sources with unknown address", act.stdout, re.M)
    assert act.rc == 0 and m, f"chronyc activity failed on node2: {(act.stderr or act.stdout).strip()}"
    assert m.group(1) == "0", (f"node2 has {m.group(1)} more configured time source(s) whose name does not "
                               "resolve here (e.g. a pool left in chrony.conf), besides node1")


@requirement("req-4")
def refuses_outside(ctx, node1, node2):
    # a client outside 10.100.0.0/24: node1 asking itself from its management address
    mgmt = ctx.mgmt("node1")
    res = node1.run(f"python3 -c {_q(NTP_QUERY)} {mgmt} {mgmt}")
    assert res.rc != 0, f"node1 serves time to a client outside the private network ({mgmt})"
    # and it still serves the private network (not simply switched off)
    server = ctx.addr("node1", "priv")
    ok = node2.run(f"python3 -c {_q(NTP_QUERY)} {server}")
    assert ok.rc == 0, "node1 does not serve the private network either"
