"""A hypervisor reached over qemu+ssh, its guests through an SSH jump: this machine plays the
remote host, behind a private sshd on a free port (nothing of the system's sshd is used)."""
import paramiko
import pytest

from lab import hosts, keys
from lab.cluster import provision
from lab.spec import ClusterSpec, NodeSpec
from tests.support import sshd

pytestmark = pytest.mark.vm


@pytest.fixture
def loopback_sshd(tmp_path):
    if not sshd.SSHD.exists():
        pytest.fail("no sshd: apt-get install openssh-server (scripts/install.sh does)")
    with sshd.loopback_sshd(tmp_path, keys.public_key(), "AllowTcpForwarding yes\n") as port:
        yield port


def test_guests_of_a_qemu_ssh_host_are_reached_through_the_jump(loopback_sshd, tmp_path):
    key = keys.private_key()
    inventory = tmp_path / "hosts.toml"
    # named "local": the same machine as the local lab host, so both share one lease file and
    # never hand out the same management slot (concurrent tests, xdist workers)
    inventory.write_text(f"""[[hosts]]
name = "local"
uri = "qemu+ssh://root@127.0.0.1:{loopback_sshd}/system?keyfile={key}&no_verify=1"
jump = "root@127.0.0.1:{loopback_sshd}"
jump_key = "{key}"
vcpus = 2
memory_mib = 4096
max_vms = 4
""")
    scheduler = hosts.Scheduler(hosts.load_inventory(inventory))
    spec = ClusterSpec(nodes=(NodeSpec("node1", "debian12"),))
    with provision(spec, sweep="selftest", run="remote", scheduler=scheduler) as c:
        assert c.uri.startswith("qemu+ssh://")
        node = c.node("node1")
        assert node.exec.jump is not None and node.exec.jump.port == loopback_sshd
        # the guest's SSH session rides a direct-tcpip channel of the jump connection
        assert isinstance(node.exec._transport.sock, paramiko.Channel)
        assert node.run("hostname").stdout.strip() == "node1"
        assert node.tcp_probe(22).exit_code == 0 and node.tcp_probe(9).exit_code == 1
        before = node.boot_id()
        c.reboot()
        assert node.boot_id() != before
        lease = c.lease
    assert lease.id not in {l["id"] for l in scheduler.leases(scheduler.hosts[0])}, "lease not released"
