"""node1's clock is judged against the company time server itself: node1 asks it (SNTP, from a
fixed source port, so the server's request log tells the checks' own queries from node1's time
service) how far off it is, and keeps asking for a minute, since a stale source steps a clock
set by hand away again at its next poll. Which time servers node1's time service asks is read
from the request logs of node2's two time services ("<epoch> <address> <port>"). The report job
is run through its unit; node2's inventory service logs every upload, and serves on SIGUSR1 a
certificate the company CA did not issue (SIGUSR2: its own again)."""
import time

from fixtures.checks import baseline, requirement

SERVER = "10.100.0.12"               # ntp.corp.internal (node2)
LEGACY = "10.100.0.13"               # the retired time server (node2 plays it, six years fast)
PROBE_PORT = 61123                   # the checks' own SNTP queries come from this port
TOLERANCE = 5.0                      # seconds: a synchronised clock is within milliseconds
YEAR = 365 * 86400
REQUESTS = "/var/log/timeserver/requests.log"
LEGACY_REQUESTS = "/var/log/timeserver/legacy-requests.log"
UPLOADS = "/var/lib/inventory/uploads.log"
CA_ISSUER = "Example Corp Infrastructure CA"

# SNTP client: `right CONVERGE HOLD` exits 0 when the clock comes within TOLERANCE of SERVER within
# CONVERGE seconds and stays there for HOLD more; `off WAIT` exits 0 once it is a year or more off
PROBE = r'''
import socket, struct, sys, time
NTP_EPOCH = 2208988800
server, port, tol, mode = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
def stamp(b):
    sec, frac = struct.unpack("!II", b)
    return sec - NTP_EPOCH + frac / 2**32
def offset():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(3)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("", port))
    try:
        for _ in range(3):
            t1 = time.time()
            t = t1 + NTP_EPOCH
            s.sendto(b"\x23" + b"\0" * 39 + struct.pack("!II", int(t), int((t % 1) * 2**32) & 0xFFFFFFFF), (server, 123))
            try:
                d, _ = s.recvfrom(512)
            except socket.timeout:
                continue
            t4 = time.time()
            if len(d) >= 48:
                return ((stamp(d[32:40]) - t1) + (stamp(d[40:48]) - t4)) / 2
        return None
    finally:
        s.close()
def show(off):
    return "no answer" if off is None else f"{off:+.1f} s"
start = time.time()
if mode == "off":
    wait = float(sys.argv[5])
    off = offset()
    while (off is None or abs(off) < 86400 * 365) and time.time() - start < wait:
        time.sleep(5)
        off = offset()
    print(f"offset from {server}: {show(off)}")
    sys.exit(0 if off is not None and abs(off) >= 86400 * 365 else 1)
converge, hold = float(sys.argv[5]), float(sys.argv[6])
off = offset()
while (off is None or abs(off) > tol) and time.time() - start < converge:
    time.sleep(5)
    off = offset()
if off is None:
    print(f"{server} does not answer NTP requests from node1")
    sys.exit(1)
if abs(off) > tol:
    print(f"node1's clock is {show(off)} off ntp.corp.internal ({server}), still {converge:.0f} s into the check")
    sys.exit(1)
end = time.time() + hold
while time.time() < end:
    time.sleep(5)
    off = offset()
    if off is not None and abs(off) > tol:
        print(f"node1's clock was right, then went {show(off)} off ntp.corp.internal ({server}) within {hold:.0f} s")
        sys.exit(1)
print(f"node1 is within {show(off)} of {server} for {hold:.0f} s")
'''


def _probe(host, source: str, *args) -> object:
    """PROBE on `host` against `source`, from PROBE_PORT."""
    return host.run(f"python3 - {source} {PROBE_PORT} {TOLERANCE} {' '.join(map(str, args))} <<'PY'\n{PROBE}\nPY")


def _requests(node2, log: str, client: str, since: float) -> list[str]:
    """Requests node1's time service (not the checks' probes) made to one of node2's time services."""
    out = node2.run(f"awk -v ip={client} -v p={PROBE_PORT} -v t={since:.3f} "
                    f"'$2 == ip && $3 != p && $1 + 0 >= t + 0' {log} 2>/dev/null").stdout
    return out.splitlines()


def _uploads(node2, client: str) -> int:
    out = node2.check_output(f"awk -v ip={client} '$2 == ip' {UPLOADS} 2>/dev/null | wc -l")
    return int(out.strip() or 0)


def _run_report(node1):
    res = node1.run("systemctl start inventory-report.service")
    why = node1.run("journalctl -u inventory-report.service -n 4 --no-pager -o cat").stdout.strip()
    return res, why[-400:]


@baseline
def clock_pulled_off(node1):
    # after a checkpoint revert the harness sets node1's clock to now, and chrony pulls it off
    # again at its next poll; a restart (what a boot does) gets there sooner
    res = _probe(node1, SERVER, "off", 60)
    if res.rc != 0:
        node1.run("systemctl restart chrony.service")
        res = _probe(node1, SERVER, "off", 150)
    assert res.rc == 0, f"node1's clock is not years off: {res.stdout.strip()}"
    res, _ = _run_report(node1)
    assert res.rc != 0, "the report job already gets through"


@requirement("req-1")
def clock_right(node1):
    res = _probe(node1, SERVER, "right", 150, 60)
    assert res.rc == 0, res.stdout.strip() or f"the clock check did not run: {res.stderr.strip()[-300:]}"


@requirement("req-2")
def synchronised_from_server_only(ctx, node1, node2):
    me = ctx.addr("node1", "priv")
    uptime = float(node1.check_output("cut -d' ' -f1 /proc/uptime"))
    now = float(node2.check_output("date +%s.%N"))
    booted = now - uptime
    asked = _requests(node2, REQUESTS, me, booted)
    assert asked, f"node1 has not asked ntp.corp.internal ({SERVER}) for the time since it booted"
    time.sleep(40)  # the stale source was polled every 8-16 s
    other = _requests(node2, LEGACY_REQUESTS, me, now - 20)
    assert not other, (f"node1 still takes time from another server: it asked {LEGACY} (the retired "
                       f"time server) {len(other)} times in the last minute")


@requirement("req-3")
def report_delivered(ctx, node1, node2):
    me = ctx.addr("node1", "priv")
    before = _uploads(node2, me)
    res, why = _run_report(node1)
    assert res.rc == 0, f"inventory-report.service failed: {why}"
    assert _uploads(node2, me) > before, \
        "inventory-report.service succeeded, but no report from node1 reached the inventory service"


@requirement("req-4")
def certificate_still_verified(ctx, node1, node2):
    me = ctx.addr("node1", "priv")
    before = _uploads(node2, me)
    node2.check_output("systemctl kill -s SIGUSR1 inventory.service")
    try:
        served = ""
        for _ in range(10):
            time.sleep(0.5)
            served = node2.run("openssl s_client -connect 127.0.0.1:8443 -servername inventory.corp.internal "
                               "</dev/null 2>/dev/null | openssl x509 -noout -issuer").stdout
            if served.strip() and CA_ISSUER not in served:
                break
        else:
            raise RuntimeError(f"node2's inventory service did not switch to its impostor certificate: {served.strip()}")
        res, _ = _run_report(node1)
        sent = _uploads(node2, me) - before
    finally:
        node2.run("systemctl kill -s SIGUSR2 inventory.service")
    assert sent == 0 and res.rc != 0, \
        "the report job sent node1's report to a server whose certificate the company CA did not issue"


@requirement("req-5")
def node2_unchanged(node2):
    for unit in ("timeserver.service", "timeserver-legacy.service", "inventory.service"):
        assert node2.service(unit).is_running, f"{unit} no longer runs on node2"
    res = _probe(node2, SERVER, "right", 0, 0)
    assert res.rc == 0, f"node2's time server ntp.corp.internal does not serve node2's time: {res.stdout.strip()}"
    res = _probe(node2, LEGACY, "off", 0)
    assert res.rc == 0, f"node2's retired time server was changed: {res.stdout.strip()}"
    res = node2.run("openssl s_client -connect 127.0.0.1:8443 -servername inventory.corp.internal "
                    "</dev/null 2>/dev/null | openssl x509 -noout -issuer")
    assert CA_ISSUER in res.stdout, f"node2's inventory service serves another certificate: {res.stdout.strip()}"
