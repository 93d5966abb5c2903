"""The lab on real VMs (TCG here): one warm-started debian12 node for the whole module."""
import pytest

from lab.cluster import provision
from lab.spec import ClusterSpec, NodeSpec

pytestmark = pytest.mark.vm


@pytest.fixture(scope="module")
def cluster():
    spec = ClusterSpec(nodes=(NodeSpec("node1", "debian12"),))
    with provision(spec, sweep="selftest", run="lab-vm") as c:
        yield c


def test_exit_codes_and_streams(cluster):
    node = cluster.node("node1")
    ok = node.run("hostname")
    assert ok.exit_code == 0 and ok.stdout.strip() == "node1"
    bad = node.run("echo oops >&2; exit 3")
    assert bad.exit_code == 3 and bad.stderr == "oops\n" and bad.transport_error is None


def test_timeout_kills_and_channel_stays_usable(cluster):
    node = cluster.node("node1")
    res = node.run("sleep 60", timeout=2)
    assert res.timed_out and res.exit_code is None
    assert node.run("pgrep -x sleep").exit_code == 1, "the timed-out command is still running"
    assert node.run("echo alive").stdout == "alive\n"


def test_large_output_is_capped(cluster):
    node = cluster.node("node1")
    node.exec.output_cap = 4096
    try:
        res = node.run("head -c 100000 /dev/zero | tr '\\0' x")
    finally:
        node.exec.output_cap = 1 << 20
    assert res.truncated and len(res.stdout) == 4096 and res.exit_code == 0


def test_login_user_has_sudo(cluster):
    node = cluster.node("node1")
    assert node.run("id -un", user=node.login_user).stdout.strip() == node.login_user
    assert node.run("sudo -n true", user=node.login_user).exit_code == 0


def test_the_nodes_own_journal_records_before_any_reboot(cluster):
    """A warm-started node gets a new machine-id: journalctl must still show what the node logs
    (journald is restarted so it writes under the id journalctl reads)."""
    node = cluster.node("node1")
    node.run("logger -t obtest journal-marker-1")
    res = node.run("for i in $(seq 10); do journalctl -q --no-pager -t obtest | grep -F journal-marker-1 "
                   "&& exit 0; sleep 1; done; exit 1")
    assert res.exit_code == 0, f"the node's own journal is empty: {res.stdout}{res.stderr}"


def test_reboot_changes_boot_id(cluster):
    node = cluster.node("node1")
    before = node.boot_id()
    cluster.reboot()
    assert node.boot_id() != before
    assert node.run("hostname").stdout.strip() == "node1"


def test_node_is_a_testinfra_host_over_paramiko(cluster):
    node = cluster.node("node1")
    assert node.testinfra_url.startswith("paramiko://root@")
    host = node.testinfra_host()
    assert host.file("/etc/hostname").content_string.strip() == "node1"
    assert host.user().name == "root"


def test_apt_installs_through_the_package_cache(cluster):
    """Guests have no internet: packages come through the lab's apt-cacher-ng."""
    node = cluster.node("node1")
    proxy = node.run("apt-config dump Acquire::http::Proxy").stdout
    assert ":3142" in proxy, proxy
    res = node.run("apt-get update -q && DEBIAN_FRONTEND=noninteractive "
                   "apt-get install -y -q --no-install-recommends tree && tree --version", timeout=600)
    assert res.exit_code == 0, res.stderr[-2000:]
    assert "tree v" in res.stdout


def test_checkpoint_and_revert(cluster):
    """Back to the checkpoint: a later write and a reboot undone, same boot, clock set to now."""
    import time
    node = cluster.node("node1")
    assert cluster.can_checkpoint
    node.run("echo before > /root/checkpoint-marker")
    boot = node.boot_id()
    cluster.checkpoint("t-revert")
    node.run("echo after > /root/checkpoint-marker; touch /root/checkpoint-new")
    cluster.reboot()
    assert node.boot_id() != boot
    time.sleep(5)  # the guest clock would be this far behind after the revert
    cluster.revert("t-revert")
    assert node.run("cat /root/checkpoint-marker").stdout == "before\n"
    assert node.run("test -e /root/checkpoint-new").exit_code == 1
    assert node.boot_id() == boot
    skew = float(node.run("date +%s.%N").stdout) - time.time()
    assert abs(skew) < 2.5, f"guest clock off by {skew:.1f} s after the revert"
    cluster.revert("t-revert")  # a checkpoint can be used again
    assert node.run("cat /root/checkpoint-marker").stdout == "before\n"


def test_a_guest_reaches_no_host_service_the_lab_does_not_offer(cluster):
    """A listener on the host's 0.0.0.0 (a stray web server) is out of the guest's reach; the
    package cache is not (lab/guard.py, installed by `lab up`)."""
    import socket
    import threading
    from lab import addressing
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("0.0.0.0", 0))
    srv.listen(4)
    threading.Thread(target=lambda: [c.close() for c, _ in iter(srv.accept, None)],
                     daemon=True).start()
    port = srv.getsockname()[1]
    node = cluster.node("node1")
    probe = "timeout 5 bash -c 'exec 3<>/dev/tcp/{}/{}' && echo open || echo closed"
    try:
        assert node.run(probe.format(addressing.MGMT_GATEWAY, port)).stdout.strip() == "closed"
        assert node.run(probe.format(addressing.MGMT_GATEWAY, addressing.APT_PROXY_PORT)
                        ).stdout.strip() == "open"
    finally:
        srv.close()
