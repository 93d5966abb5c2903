"""Whole clusters on real VMs: private networks, clean warm starts, gc after a killed owner, and
the NoCloud disk-boot path that vendor cloud images take."""
import json
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from lab import addressing, images, owner as owners, virt
from lab.cluster import provision
from lab.spec import ClusterSpec, NetworkSpec, NicSpec, NodeSpec
from tests.support.lab_names import lab_names

pytestmark = pytest.mark.vm
ROOT = Path(__file__).resolve().parents[2]
PRIV = NetworkSpec("priv", "10.100.0.0/24")


def _two_nodes(os_id: str = "debian12") -> ClusterSpec:
    return ClusterSpec(nodes=tuple(NodeSpec(n, os_id, nics=(NicSpec("priv"),)) for n in ("node1", "node2")),
                       networks=(PRIV,))


def test_two_nodes_talk_on_an_isolated_network():
    with provision(_two_nodes(), sweep="selftest", run="two-nodes") as c:
        n1, n2 = c.node("node1"), c.node("node2")
        addr2 = str(c.spec.address("node2", "priv").ip)
        assert n2.run("ip -4 -o addr show eth1").stdout.split()[3].startswith(addr2)
        ping = n1.run(f"ping -c 2 -W 2 {addr2}")
        assert ping.exit_code == 0, ping.stdout + ping.stderr
        # beyond the lab: nothing (no route out of the isolated network nor of management) ...
        out = n1.run("curl -s -m 5 -o /dev/null http://1.1.1.1/; echo rc=$?").stdout
        assert "rc=0" not in out, "a guest reached the internet"
        # ... except the package cache on the lab host
        cache = n1.run(f"curl -s -m 5 -o /dev/null -w '%{{http_code}}' {addressing.APT_PROXY_URL}/")
        assert cache.stdout.strip() not in ("", "000"), "the package cache is unreachable"
        # and the management network isolates guests from each other (only the lab host talks)
        assert n1.run(f"ping -c 1 -W 2 {n2.mgmt_ip}").exit_code != 0


def test_data_disks_are_blank_ordered_survive_a_reboot_and_are_removed():
    spec = ClusterSpec(nodes=(NodeSpec("node1", "debian12", disks_mib=(256, 128)),))
    with provision(spec, sweep="selftest", run="disks") as c:
        node = c.node("node1")
        sizes = node.run("lsblk -bdno NAME,SIZE /dev/vdb /dev/vdc").stdout.split()
        assert sizes == ["vdb", str(256 << 20), "vdc", str(128 << 20)]
        assert node.run("readlink -f /dev/disk/by-id/virtio-data2").stdout.strip() == "/dev/vdc"
        assert node.run("blkid /dev/vdb").exit_code == 2, "a data disk is not blank"
        node.run("mkfs.ext4 -q /dev/vdb && mkdir -p /data && mount /dev/vdb /data && "
                 "echo kept > /data/f && umount /data")
        c.reboot()
        assert node.run("mount /dev/vdb /mnt && cat /mnt/f").stdout.strip() == "kept"
        key = c.owner.key
    assert not lab_names(virt.connect(), key), "a data disk outlived its cluster"


def test_warm_start_gives_a_clean_disk_and_fresh_identity():
    spec = ClusterSpec(nodes=(NodeSpec("node1", "debian12"),))
    with provision(spec, sweep="selftest", run="dirty") as first:
        node = first.node("node1")
        assert first.warm
        node.run("echo dirty > /root/marker && sync")
        first_id = node.run("cat /etc/machine-id").stdout.strip()
    with provision(spec, sweep="selftest", run="clean") as second:
        node = second.node("node1")
        assert node.run("test -e /root/marker").exit_code == 1, "a warm start kept a file of the last run"
        assert node.run("cat /etc/machine-id").stdout.strip() != first_id
        # the restored guest's clock was set to now (saved states carry a stale clock)
        skew = node.run("date +%s").stdout.strip()
        assert abs(int(skew) - time.time()) < 30


OWNER_SCRIPT = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from lab.cluster import provision
    from lab.spec import ClusterSpec, NetworkSpec, NicSpec, NodeSpec
    spec = ClusterSpec(nodes=(NodeSpec("node1", "debian12", nics=(NicSpec("priv"),)),),
                       networks=(NetworkSpec("priv", "10.100.0.0/24"),))
    c = provision(spec, sweep="selftest", run="killed")
    print("READY", c.owner.key, flush=True)
    time.sleep(600)
""")


def _killed_owner() -> str:
    """Provision in another process, then kill -9 it: its cluster is left behind."""
    proc = subprocess.Popen([sys.executable, "-c", OWNER_SCRIPT.format(root=str(ROOT))],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline().split()
        assert line[:1] == ["READY"], f"the owner process did not provision: {line}"
        return line[1]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


def test_gc_removes_everything_of_a_killed_owner():
    key = _killed_owner()
    conn = virt.connect("qemu:///system")
    left = lab_names(conn, key)
    # its domain (named after its template), network, overlay and serial log
    assert {"ob-tpl-", "-priv", "-node1.qcow2"} <= {k for k in ("ob-tpl-", "-priv", "-node1.qcow2")
                                                   for n in left if k in n}, left
    gc = subprocess.run([sys.executable, "-m", "lab", "gc"], cwd=ROOT, capture_output=True, text=True,
                        timeout=300)
    assert gc.returncode == 0, gc.stderr
    assert key in gc.stdout, f"gc did not report what it removed: {gc.stdout}"
    assert lab_names(conn, key) == []
    assert key not in owners.read_all()


def test_next_cluster_reclaims_the_slot_of_a_killed_owner():
    key = _killed_owner()
    conn = virt.connect("qemu:///system")
    assert lab_names(conn, key), "the killed owner left nothing to reclaim"
    with provision(ClusterSpec(nodes=(NodeSpec("node1", "debian12"),)), sweep="selftest", run="next") as c:
        assert c.node("node1").run("true").exit_code == 0
        assert not [n for n in lab_names(conn, key) if not n.endswith("-priv")]
    subprocess.run([sys.executable, "-m", "lab", "gc"], cwd=ROOT, capture_output=True, timeout=300)
    assert lab_names(conn, key) == []


@pytest.mark.skipif(images.get("debian12-cloud").missing() is not None,
                    reason="debian12-cloud is not built: python -m lab build debian12-cloud")
def test_nocloud_disk_boot_configures_user_hostname_and_network():
    spec = ClusterSpec(nodes=(NodeSpec("web1", "debian12-cloud", nics=(NicSpec("priv"),)),), networks=(PRIV,))
    with provision(spec, sweep="selftest", run="nocloud", boot_deadline_s=600) as c:
        assert not c.warm, "disk-boot images take the cloud-init path, not a warm start"
        node = c.node("web1")
        status = node.run("cloud-init status --wait", timeout=300)
        assert "done" in status.stdout, status.stdout + status.stderr
        assert node.run("hostname").stdout.strip() == "web1"
        user = node.login_user
        assert node.run("id -un", user=user).stdout.strip() == user
        assert node.run("sudo -n true", user=user).exit_code == 0
        keys = node.run(f"cat ~{user}/.ssh/authorized_keys").stdout
        assert keys.strip(), "cloud-init did not install the lab's key for the login user"
        addr = str(c.spec.address("web1", "priv").ip)
        assert f"inet {addr}/" in node.run("ip -4 addr show eth1").stdout
        boot = json.loads(node.run("cat /run/cloud-init/result.json").stdout)
        assert not boot["v1"]["errors"], boot


def test_a_guest_that_takes_its_management_link_down_is_seen_alive_on_its_console():
    """No reset and no ARP: the network is silent. The guest's getty still answers a keystroke
    on the serial console while the host's side of the link is up, so the lab knows the guest
    cut itself off (the agent's doing), where a guest that is gone stays "can't tell"."""
    with provision(ClusterSpec(nodes=(NodeSpec("node1", "debian12"),)), sweep="selftest",
                   run="link-down") as c:
        node = c.node("node1")
        node.run("nohup sh -c 'sleep 2; ip link set eth0 down' >/dev/null 2>&1 &", timeout=10)
        time.sleep(6)
        found = node.shuts_lab_out()
        assert found and "serial console" in found.why and not found.key_refused, found
        c.conn.lookupByName(node.domain).destroy()
        assert node.shuts_lab_out() is None  # gone: not the agent's to answer for
