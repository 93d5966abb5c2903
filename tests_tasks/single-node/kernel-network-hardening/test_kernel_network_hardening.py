"""The kernel's effective behaviour follows from the runtime values, combined as the kernel
combines them: for IPv4 a host accepts / sends redirects if `all` OR the interface says so,
refuses source routes if `all` AND the interface do, and filters with the larger of `all` and
the interface's rp_filter. IPv6 redirects are decided per interface.

"Any interface" counts the interfaces to come too: the per-interface checks (req-2 to req-5)
create a dummy interface first (what a VPN, a bridge or a container adds later; it takes the
`default` values and whatever udev's systemd-sysctl run applies to a new interface), judge it
with the others, and remove it."""
import contextlib
import uuid

from fixtures.checks import baseline, requirement


def values(node1, pattern: str) -> dict[str, int]:
    """{path under /proc/sys/net: int} for a glob such as ipv4/conf/*/accept_redirects."""
    res = node1.run(f"cd /proc/sys/net && grep -H . {pattern}")
    out = {}
    for line in res.stdout.splitlines():
        path, _, val = line.partition(":")
        out[path] = int(val.split()[0])
    assert out, f"cannot read /proc/sys/net/{pattern}"
    return out


def ifaces(vals: dict[str, int], new: str = "") -> dict[str, int]:
    """Interfaces (not all/default) -> value, for paths ipvN/conf/<if>/<key>; the interface the
    check created (`new`) is named as such."""
    return {(f"{i} (an interface added now)" if i == new else i): v
            for i, v in ((p.split("/")[2], v) for p, v in vals.items()) if i not in ("all", "default")}


def conf(vals: dict[str, int], name: str) -> int:
    return next(v for p, v in vals.items() if p.split("/")[2] == name)


@contextlib.contextmanager
def new_interface(node1):
    name = "obnew" + uuid.uuid4().hex[:4]
    # numdummies=0: loading the module must not leave a dummy0 behind
    res = node1.run(f"{{ modprobe -q dummy numdummies=0 2>/dev/null; ip link add {name} type dummy 2>/dev/null "
                    f"|| ip link add {name} type bridge; }} && udevadm settle -t 15; "
                    f"test -d /proc/sys/net/ipv4/conf/{name}")
    if res.rc != 0:  # the check's own failure, not the agent's
        node1.run(f"ip link del {name} 2>/dev/null; true")
        raise RuntimeError(f"could not create a test interface: {res.stderr.strip()[-300:]}")
    try:
        yield name
    finally:
        node1.run(f"ip link del {name}")


@baseline
def router_leftovers_active(node1):
    assert values(node1, "ipv4/ip_forward")["ipv4/ip_forward"] == 1, "forwarding is not on after prepare"


@requirement("req-1")
def no_forwarding(node1):
    bad = {p: v for p, v in {**values(node1, "ipv4/conf/*/forwarding"),
                             **values(node1, "ipv6/conf/*/forwarding")}.items()
           if v and p.split("/")[2] != "default"}
    assert not bad, "forwarding is on: " + ", ".join(sorted(bad))


@requirement("req-2")
def no_redirects_accepted(node1):
    with new_interface(node1) as new:
        v4 = values(node1, "ipv4/conf/*/accept_redirects")
        bad = [f"ipv4 {i}" for i, v in ifaces(v4, new).items() if v or conf(v4, "all")]
        v6 = values(node1, "ipv6/conf/*/accept_redirects")
        bad += [f"ipv6 {i}" for i, v in ifaces(v6, new).items() if v]
        assert not bad, "ICMP redirects are accepted on: " + ", ".join(sorted(bad))


@requirement("req-3")
def no_redirects_sent(node1):
    with new_interface(node1) as new:
        v4 = values(node1, "ipv4/conf/*/send_redirects")
        bad = [i for i, v in ifaces(v4, new).items() if (v or conf(v4, "all")) and i != "lo"]
        assert not bad, "ICMP redirects are sent on: " + ", ".join(sorted(bad))


@requirement("req-4")
def no_source_routing(node1):
    with new_interface(node1) as new:
        v4 = values(node1, "ipv4/conf/*/accept_source_route")
        bad = [f"ipv4 {i}" for i, v in ifaces(v4, new).items() if v > 0 and conf(v4, "all") > 0]
        v6 = values(node1, "ipv6/conf/*/accept_source_route")
        bad += [f"ipv6 {i}" for i, v in ifaces(v6, new).items() if v > 0 and conf(v6, "all") > 0]
        assert not bad, "source-routed packets are accepted on: " + ", ".join(sorted(bad))


@requirement("req-5")
def strict_rp_filter(node1):
    with new_interface(node1) as new:
        v4 = values(node1, "ipv4/conf/*/rp_filter")
        eff = {i: max(v, conf(v4, "all")) for i, v in ifaces(v4, new).items() if i != "lo"}
        bad = [f"{i} ({'off' if v == 0 else 'loose'})" for i, v in eff.items() if v != 1]
        assert not bad, "reverse-path filtering is not strict on: " + ", ".join(sorted(bad))


@requirement("req-6")
def syn_cookies(node1):
    assert values(node1, "ipv4/tcp_syncookies")["ipv4/tcp_syncookies"] >= 1, "TCP SYN cookies are off"


@requirement("req-7")
def ssh_reachable(ctx):
    assert ctx.reachable("node1", 22), "SSH on node1 cannot be reached from the management network"
