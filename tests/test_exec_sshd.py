"""lab.exec.SSHExec against a real OpenSSH server on this host (a private sshd on a free port),
here one that refuses the lab's key, as a guest does whose authorized_keys the agent emptied."""
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from lab.exec import SSHExec
from records import InfrastructureError

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"
pytestmark = pytest.mark.skipif(not (os.geteuid() == 0 and Path(SSHD).exists()),
                                reason="needs root and OpenSSH's sshd")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def sshd_refusing_every_key(tmp_path):
    """sshd on 127.0.0.1:<port> whose AuthorizedKeysFile is empty; yields (port, lab key)."""
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "host")], check=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "lab")], check=True)
    (tmp_path / "authorized_keys").write_text("")
    port = _free_port()
    (tmp_path / "sshd_config").write_text(
        f"ListenAddress 127.0.0.1:{port}\nHostKey {tmp_path / 'host'}\nPidFile none\nUsePAM no\n"
        f"AuthorizedKeysFile {tmp_path / 'authorized_keys'}\nStrictModes no\n"
        "PasswordAuthentication no\nKbdInteractiveAuthentication no\nMaxStartups 10:30:100\n")
    Path("/run/sshd").mkdir(exist_ok=True)  # its privilege-separation directory
    proc = subprocess.Popen([SSHD, "-D", "-e", "-f", str(tmp_path / "sshd_config")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port, tmp_path / "lab"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


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
