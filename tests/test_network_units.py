"""Network topologies without VMs: named topologies, NIC modes, appliance roles and OS
selection, the appliance adapters' commands, and what the agent is told about interfaces."""
from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

import pytest

from agents import ClusterInfo, Interface, NetworkInfo, NodeInfo
from agents._prompts import describe_cluster
from fixtures.tasks import TaskError, load_task, named_topology
from lab import appliances, identity, images, topologies
from records import ConfigurationError
from lab.spec import ClusterSpec, NetworkSpec, NicSpec, NodeSpec
from lab import probes


@pytest.mark.parametrize("name", sorted(topologies.load()))
def test_every_named_topology_is_valid_and_fits_two_cores(name):
    spec = named_topology(name, "debian12", "linux-router")
    assert 2 <= len(spec.nodes) <= 4
    for node in spec.nodes:
        assert node.vcpus == 1
        assert 256 <= node.memory_mib <= 384 if node.role == "appliance" else 384 <= node.memory_mib <= 512
        assert node.os == ("linux-router" if node.role == "appliance" else "debian12")
    # every gateway is an appliance's address on that network, or a free address that two
    # appliances there can share (a virtual IP: VRRP)
    for net in spec.networks:
        if net.gateway:
            facing = [n.name for n, _ in spec.nics_on(net.name)]
            owners = [n for n in facing if spec.nic_mode(n, net.name) == "static"
                      and str(spec.address(n, net.name).ip) == net.gateway]
            appliances = [n for n in facing if spec.node(n).role == "appliance"]
            assert (owners and set(owners) <= set(appliances)) or (not owners and len(appliances) >= 2), \
                (name, net.name)


def test_nic_modes_and_trunks():
    trunk = NetworkSpec("trunk", "10.40.0.0/24", vlan_trunk=True)
    lan = NetworkSpec("lan", "10.10.1.0/24", dhcp=True)
    spec = ClusterSpec(nodes=(NodeSpec("a", "debian12", nics=(NicSpec("trunk"), NicSpec("lan"))),
                              NodeSpec("b", "debian12", nics=(NicSpec("lan", mode="none"),))),
                       networks=(trunk, lan))
    assert spec.nic_mode("a", "trunk") == "none" and spec.nic_mode("a", "lan") == "dhcp"
    assert spec.nic_mode("b", "lan") == "none"
    with pytest.raises(ConfigurationError, match="no lab-assigned address"):
        spec.address("a", "trunk")
    with pytest.raises(ConfigurationError, match="tagged frames only"):
        ClusterSpec(nodes=(NodeSpec("a", "debian12", nics=(NicSpec("trunk", mode="static"),)),),
                    networks=(trunk,)).nic_mode("a", "trunk")
    with pytest.raises(ConfigurationError, match="mode 'bogus'"):
        NicSpec("lan", mode="bogus")
    with pytest.raises(ConfigurationError, match="gateway '10.9.9.9' is not an address"):
        NetworkSpec("lan", "10.10.1.0/24", gateway="10.9.9.9")
    with pytest.raises(ConfigurationError, match="role 'router'"):
        NodeSpec("r", "debian12", role="router")


def test_networkd_config_for_each_mode():
    nics = (identity.TaskNic("eth1", "52:54:00:00:00:01", "10.10.1.11/24", gateway="10.10.1.1"),
            identity.TaskNic("eth2", "52:54:00:00:00:02", None, dhcp=True),
            identity.TaskNic("eth3", "52:54:00:00:00:03", None, dhcp=False))
    script = identity.script("debian", hostname="h", machine_id="0" * 32, epoch=0, nics=nics,
                             configure_nics=True)
    eth1, eth2, eth3 = (next(l for l in script.splitlines() if f"20-ob-{n}.network" in l)
                        for n in ("eth1", "eth2", "eth3"))
    assert "Address=10.10.1.11/24" in eth1 and "Gateway=10.10.1.1" in eth1
    assert "DHCP=ipv4" in eth2 and "Gateway" not in eth2
    assert "DHCP=" not in eth3 and " Address=" not in eth3


def _task(tmp_path: Path, toml: str) -> Path:
    d = tmp_path / "network" / "t1"
    d.mkdir(parents=True)
    (d / "task.toml").write_text(textwrap.dedent(toml))
    (d / "instruction.md").write_text("do it\n")
    (d / "solution.sh").write_text("true\n")
    return d


BASE = '''
id = "t1"
title = "t"
category = "network"
oses = ["debian12"]
[[requirements]]
id = "req-1"
text = "x"
'''


def test_task_uses_a_named_topology_and_picks_appliance_os(tmp_path):
    d = _task(tmp_path, 'appliances = ["linux-router", "vyos"]\n' + BASE + '[topology]\nuse = "gateway-client"\n')
    task = load_task(d)
    assert task.has_appliance and task.appliances == ("linux-router", "vyos")
    spec = task.with_os("debian12")
    assert {n.name: n.os for n in spec.nodes} == {"gateway": "linux-router", "client": "debian12",
                                                  "upstream": "debian12"}
    assert task.with_os("debian13", "vyos").node("gateway").os == "vyos"
    (d / "solution.vyos.sh").write_text("configure\n")
    assert task.script("solution", "network", "vyos").name == "solution.vyos.sh"
    assert task.script("solution", "debian", "linux-router").name == "solution.sh"


@pytest.mark.parametrize("extra, message", [
    ('[topology]\nuse = "gateway-client"\n', "field `appliances`: expected the OS ids"),
    ('appliances = ["linux-router"]\n', "no topology node has role"),
    ('[topology]\nuse = "mesh"\n', "unknown topology 'mesh'; named topologies: private-pair, private-trio"),
    ('appliances = ["linux-router"]\n[topology]\nuse = "dual-lan"\nnodes = []\n', "alone"),
    ('[topology]\nmemory_mib = 768\n', "field `topology.memory_mib`: expected nothing here: sizes go on each"),
])
def test_bad_network_topology_is_one_clear_error(tmp_path, extra, message):
    head, _, rest = extra.partition("[topology]")
    d = _task(tmp_path, head + BASE + ("[topology]" + rest if rest else ""))
    with pytest.raises(TaskError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load_task(d)


def test_prompt_lists_each_interface_with_its_network_and_mode():
    node = NodeInfo(name="router", os="linux-router", family="debian", os_name="Linux router",
                    login_user="admin", sudo=True, mgmt_address="10.213.0.20",
                    interfaces=(Interface("eth0", "mgmt", "10.213.0.20/24", "m0"),
                                Interface("eth1", "lan1", "10.10.1.1/24", "m1"),
                                Interface("eth2", "trunk", None, "m2", "none"),
                                Interface("eth3", "guest", None, "m3", "dhcp")))
    text = describe_cluster(ClusterInfo(nodes=(node,), networks=(NetworkInfo("lan1", "10.10.1.0/24", False, False),)))
    assert "eth1 on network lan1: 10.10.1.1/24" in text
    assert "eth2 on network trunk: no address configured" in text
    assert "eth3 on network guest: DHCP client" in text


def test_catalog_appliances_have_adapters():
    cat = images.load_catalog()
    assert cat["linux-router"].role == "appliance" and cat["linux-router"].validated
    for os_id in ("vyos", "opnsense", "openwrt", "sonic"):
        entry = cat[os_id]
        assert entry.role == "appliance" and not entry.validated
        adapter = appliances.for_image(entry)
        assert adapter.name == os_id and adapter.probes() and adapter.reboot_command()
        assert {"running_config", "saved_config", "interfaces", "routes", "firewall"} <= set(adapter.probes())
    assert appliances.for_image(cat["debian12"]).probes() == {}
    assert appliances.for_image(cat["linux-router"]).probes()


def test_vendor_commands_keep_the_exit_status_and_quote_safely(tmp_path):
    # the wrappers that a POSIX shell can run here: quoting survives and the status is the command's
    for adapter in (appliances.OPNsenseAdapter(), appliances.OpenWrtAdapter()):
        cmd = adapter.command("echo \"it's\" $((1+1)); exit 3")
        res = subprocess.run(["sh", "-c", cmd.replace("/bin/sh", "sh")], capture_output=True, text=True)
        assert res.returncode == 3 and res.stdout == "it's 2\n", adapter.name
    vy = appliances.VyOSAdapter()
    assert vy.command("show interfaces").startswith("vbash -c ")
    assert "set interfaces ethernet eth1 address 10.10.1.1/24" in vy.identity_script(
        "gw", (appliances.Nic("eth1", "10.10.1.1/24"),))


def test_appliance_probe_output_round_trips():
    cmd = probes.appliance_command({"a": "echo one; echo two; false", "b": "printf 'x'", "c": "true"})
    out = subprocess.run(["sh", "-c", cmd], capture_output=True, text=True).stdout
    assert probes.parse_appliance(out) == {"a": {"output": "one\ntwo", "rc": 1},
                                           "b": {"output": "x", "rc": 0},
                                           "c": {"output": "", "rc": 0}}


def test_sizes_beside_a_named_topology_apply_to_its_hosts_not_its_appliances(tmp_path):
    d = _task(tmp_path, 'appliances = ["linux-router"]\n' + BASE + '[topology]\nuse = "dhcp-lan"\nmemory_mib = 768\n')
    task = load_task(d)
    assert task.cluster.node("client").memory_mib == 768
    assert task.cluster.node("router").memory_mib == 320
    d2 = _task(tmp_path / "b", BASE + '[topology]\nuse = "private-trio"\nmemory_mib = 1024\nvcpus = 2\n')
    assert [(n.name, n.memory_mib, n.vcpus) for n in load_task(d2).cluster.nodes] == \
        [("node1", 1024, 2), ("node2", 1024, 2), ("node3", 1024, 2)]
