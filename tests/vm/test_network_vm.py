"""Routed topologies on real VMs: the linux-router appliance between two LANs, judged by the
traffic helpers (fixtures/traffic.py) the network tasks use: forwarding, the hop that rejects,
NAT as seen by the far end, shaping by measured rate, DHCP offers, DNS answers, a path; the
appliance's snapshot probes (with secrets redacted); runtime-only state gone after a reboot;
and tagged VLANs over a trunk."""
from __future__ import annotations

import json

import pytest

from fixtures import traffic
from fixtures.lifecycle import CheckContext
from fixtures.record import RunRecorder
from fixtures.tasks import named_topology
from lab import images
from lab.cluster import provision
from lab.spec import ClusterSpec, NetworkSpec, NicSpec, NodeSpec
from lab import probes

pytestmark = pytest.mark.vm


# First: the module's routed cluster below holds every vCPU of a small host until the module
# ends, so a second cluster after it would wait for itself.
def test_tagged_vlans_over_a_trunk():
    spec = ClusterSpec(nodes=tuple(NodeSpec(n, "debian12", memory_mib=384, nics=(NicSpec("trunk"),))
                                   for n in ("host1", "host2")),
                       networks=(NetworkSpec("trunk", "10.40.0.0/24", vlan_trunk=True),))
    with provision(spec, sweep="selftest", run="trunk") as c:
        h1, h2 = c.node("host1"), c.node("host2")
        assert h1.run("ip -4 -o addr show dev eth1").stdout.strip() == "", "a trunk NIC got an address"
        # host1 on VLAN 10 only; host2 on both, answering ARP only on the VLAN that holds the
        # address asked for (else Linux's weak-host ARP would bridge the VLANs itself)
        assert h1.run("ip link add link eth1 name eth1.10 type vlan id 10 && ip addr add 10.41.0.1/24 "
                      "dev eth1.10 && ip link set eth1.10 up").exit_code == 0
        assert h2.run("sysctl -qw net.ipv4.conf.all.arp_ignore=1 && "
                      "ip link add link eth1 name eth1.10 type vlan id 10 && ip addr add 10.41.0.2/24 dev eth1.10 "
                      "&& ip link set eth1.10 up && ip link add link eth1 name eth1.20 type vlan id 20 && "
                      "ip addr add 10.42.0.2/24 dev eth1.20 && ip link set eth1.20 up").exit_code == 0
        h1.run("ip addr add 10.42.0.1/24 dev eth1.10")  # the wrong VLAN for 10.42.0.0/24
        assert h1.run("ping -c 2 -W 2 10.41.0.2").exit_code == 0, "VLAN 10 does not carry traffic"
        assert h1.run("ping -c 2 -W 2 10.42.0.2").exit_code != 0, "VLAN 10 leaks into VLAN 20"


@pytest.fixture(scope="module")
def routed(tmp_path_factory):
    if images.get("linux-router").missing():
        pytest.skip("linux-router is not built: python -m lab build linux-router")
    spec = named_topology("dual-lan", "debian12", "linux-router")
    with provision(spec, sweep="selftest", run="routed") as cluster:
        record = RunRecorder(tmp_path_factory.mktemp("run"), {"run_id": "routed"})
        yield CheckContext(cluster, record, task=None)
        record.close()


def test_hosts_route_through_the_router_which_starts_unconfigured(routed):
    ctx = routed
    assert "via 10.10.1.1 dev eth1" in ctx.run("host1", "ip route show default").stdout
    assert ctx.run("router", "sysctl -n net.ipv4.ip_forward").stdout.strip() == "0"
    assert ctx.run("router", "systemctl is-active dnsmasq frr keepalived").exit_code != 0
    host2 = ctx.addr("host2", "lan2")
    with traffic.listener(ctx, "host2", 9000):
        assert traffic.tcp(ctx, "host1", host2, 9000).blocked, "the router forwards before it is told to"
        hops = traffic.path(ctx, "host1", host2)
    # a router that does not forward drops quietly: no "time exceeded" from it, nothing beyond
    assert not hops.reached and host2 not in hops.hops


def test_forwarding_rejecting_hop_nat_and_path(routed):
    ctx = routed
    host1, host2 = ctx.addr("host1", "lan1"), ctx.addr("host2", "lan2")
    ctx.run("router", "sysctl -w net.ipv4.ip_forward=1")
    with traffic.listener(ctx, "host2", 9000) as seen:
        c = traffic.tcp(ctx, "host1", host2, 9000)
        assert c.open and c.detail["banner"].strip() == "opsbench host2", c
    assert seen.peers() == [host1]
    assert traffic.path(ctx, "host1", host2).hops == ("10.10.1.1", host2)
    # a reject rule on the router: the ICMP error names the router as the hop that refused
    res = ctx.run("router", "nft add table inet t && nft add chain inet t filt '{ type filter hook forward priority 0; }' "
                            "&& nft add rule inet t filt udp dport 9001 reject")
    assert res.exit_code == 0, res.stderr
    r = traffic.udp(ctx, "host1", host2, 9001)
    assert r.result == "icmp" and r.detail["offender"] == "10.10.1.1", r
    # source NAT: the far end sees the router's address, not host1's
    ctx.run("router", "nft add table ip nat; nft add chain ip nat post '{ type nat hook postrouting priority 100; }'; "
                      "nft add rule ip nat post oifname eth2 masquerade")
    with traffic.listener(ctx, "host2", 9002) as seen:
        assert traffic.tcp(ctx, "host1", host2, 9002).open
    assert seen.peers() == ["10.10.2.1"]


def test_a_capture_sees_cleartext_crossing_a_link(routed):
    ctx = routed
    host2 = ctx.addr("host2", "lan2")
    ctx.run("router", "sysctl -w net.ipv4.ip_forward=1")
    with traffic.capture(ctx, "router", "eth2") as lan2, traffic.listener(ctx, "host2", 9005):
        assert traffic.tcp(ctx, "host1", host2, 9005).open
    assert lan2.packets() > 0 and lan2.contains("opsbench host2"), lan2.text[-500:]
    with traffic.capture(ctx, "router", "eth2", bpf="udp port 9") as quiet:
        assert traffic.tcp(ctx, "host1", host2, 22).open
    assert quiet.packets() == 0 and not quiet.contains("SSH-2.0"), quiet.text[-500:]


def test_shaping_is_measured_as_a_rate(routed):
    ctx = routed
    host2 = ctx.addr("host2", "lan2")
    ctx.run("router", "sysctl -w net.ipv4.ip_forward=1")
    ctx.run("router", "tc qdisc replace dev eth2 root tbf rate 2mbit burst 16kb latency 100ms")
    try:
        bps = traffic.rate_bps(ctx, "host1", "host2", host2, seconds=4)
        assert 1.4e6 <= bps <= 2.6e6, f"shaped to 2 Mbit/s, measured {bps / 1e6:.2f} Mbit/s"
    finally:
        ctx.run("router", "tc qdisc del dev eth2 root")


def test_dhcp_offer_and_dns_answer_from_the_router(routed):
    ctx = routed
    ctx.run("router", "dnsmasq --interface=eth1 --bind-interfaces --except-interface=lo "
                      "--dhcp-range=10.10.1.100,10.10.1.150,12h --dhcp-option=3,10.10.1.1 "
                      "--address=/app.lab/10.10.2.12 --no-resolv --pid-file=/run/t-dnsmasq.pid")
    try:
        offer = traffic.dhcp_offer(ctx, "host1", "eth1")
        assert offer.result == "offer" and offer.server == "10.10.1.1", offer
        assert offer.address.startswith("10.10.1.1") and 100 <= int(offer.address.split(".")[-1]) <= 150
        assert offer.router == ("10.10.1.1",)
        answer = traffic.dns(ctx, "host1", "10.10.1.1", "app.lab")
        assert answer.rcode == "NOERROR" and answer.answers == ("10.10.2.12",), answer
        assert traffic.dns(ctx, "host1", "10.10.1.1", "other.lab").rcode in ("NXDOMAIN", "REFUSED")
    finally:
        ctx.run("router", "kill $(cat /run/t-dnsmasq.pid)")
    assert traffic.dhcp_offer(ctx, "host1", "eth1", timeout=4).result == "timeout"


def test_appliance_probes_keep_state_and_redact_keys(routed):
    ctx = routed
    node = ctx.cluster.node("router")
    key = ctx.run("router", "wg genkey").stdout.strip()
    ctx.run("router", f"ip link add wg0 type wireguard && echo {key} > /run/k && "
                      "wg set wg0 private-key /run/k listen-port 51820 && rm /run/k")
    res = node.run(probes.appliance_command(node.adapter.probes()))
    state = probes.parse_appliance(res.stdout)
    assert {"interfaces", "routes", "firewall", "services", "wireguard", "saved_config"} <= set(state)
    assert "51820" in state["wireguard"]["output"] and key not in res.stdout
    assert "(redacted)" in state["wireguard"]["output"]
    assert any(a.get("ifname") == "eth2" for a in json.loads(state["interfaces"]["output"]))
    ctx.run("router", "ip link del wg0")


def test_runtime_only_router_state_is_gone_after_a_reboot(routed):
    ctx = routed
    host2 = ctx.addr("host2", "lan2")
    ctx.run("router", "sysctl -w net.ipv4.ip_forward=1")
    with traffic.listener(ctx, "host2", 9003):
        assert traffic.tcp(ctx, "host1", host2, 9003).open
    ctx.cluster.reboot(["router"])
    with traffic.listener(ctx, "host2", 9004):
        assert traffic.tcp(ctx, "host1", host2, 9004).blocked, "forwarding survived a reboot it was never saved for"
