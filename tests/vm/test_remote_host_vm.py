"""A hypervisor reached over qemu+ssh, its guests through an SSH jump: this machine plays the
remote host, behind a private sshd on a free port (nothing of the system's sshd is used)."""
import socket
import subprocess
import time
from pathlib import Path

import paramiko
import pytest

from lab import hosts, keys
from lab.cluster import provision
from lab.spec import ClusterSpec, NodeSpec

pytestmark = pytest.mark.vm
SSHD = Path("/usr/sbin/sshd")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def loopback_sshd(tmp_path):
    if not SSHD.exists():
        pytest.fail("no sshd: apt-get install openssh-server (scripts/install.sh does)")
    port = _free_port()
    (tmp_path / "authorized_keys").write_text(keys.public_key())
    cfg = tmp_path / "sshd_config"
    cfg.write_text(f"""Port {port}
ListenAddress 127.0.0.1
HostKey {tmp_path / 'host_key'}
PidFile {tmp_path / 'sshd.pid'}
AuthorizedKeysFile {tmp_path / 'authorized_keys'}
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
AllowTcpForwarding yes
""")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "host_key")], check=True)
    Path("/run/sshd").mkdir(exist_ok=True)  # sshd's privilege-separation directory
    proc = subprocess.Popen([str(SSHD), "-D", "-e", "-f", str(cfg)], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    yield port
    proc.terminate()
    proc.wait()


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
