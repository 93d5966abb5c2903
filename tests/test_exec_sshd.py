"""lab.exec.SSHExec against a real OpenSSH server on this host (a private sshd on a free port),
here one that refuses the lab's key, as a guest does whose authorized_keys the agent emptied."""
import os
import subprocess
import time

import pytest

from lab.exec import SSHExec
from records import InfrastructureError
from tests.support.sshd import SSHD, loopback_sshd

pytestmark = pytest.mark.skipif(not (os.geteuid() == 0 and SSHD.exists()), reason="needs root and OpenSSH's sshd")


@pytest.fixture
def sshd_refusing_every_key(tmp_path):
    """sshd with an empty authorized_keys; yields (port, a key of the lab's kind)."""
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "lab")], check=True)
    with loopback_sshd(tmp_path, "", "MaxStartups 10:30:100\n") as port:
        yield port, tmp_path / "lab"


def _open_to(port: int) -> int:
    """How many connections to the port are established now (ss's view, this host)."""
    out = subprocess.run(["ss", "-Htn", "state", "established", f"( dport = :{port} )"],
                         capture_output=True, text=True, check=True).stdout
    return len(out.splitlines())


def test_a_refused_login_leaves_no_connection_open(sshd_refusing_every_key):
    """Each refused try used to stay open (sshd waits LoginGraceTime for another): the lab's
    retries on a node whose key was removed then filled sshd's MaxStartups, and it reset new
    connections before the banner, which the lab read as a broken userland."""
    port, key = sshd_refusing_every_key
    ssh = SSHExec("node1", "127.0.0.1", key, port=port)
    with pytest.raises(InfrastructureError, match="SSH login as root@127.0.0.1 failed"):
        ssh.connect(deadline_s=4)
    time.sleep(0.5)
    assert _open_to(port) == 0
    assert ssh.refuses_key() and ssh.session_fails() is None
    time.sleep(0.5)
    assert _open_to(port) == 0
