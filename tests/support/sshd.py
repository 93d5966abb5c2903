"""A private OpenSSH server on 127.0.0.1 and a free port, for tests that need a real sshd."""
from __future__ import annotations

import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from lab.exec import wait_for_banner

SSHD = Path(shutil.which("sshd") or "/usr/sbin/sshd")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def loopback_sshd(folder: Path, authorized_keys: str, settings: str = "") -> Iterator[int]:
    """sshd on 127.0.0.1:<port> (yielded) letting in the keys of `authorized_keys` (any user),
    with `settings` (sshd_config lines) added; its host key and config live in `folder`."""
    port = free_port()
    (folder / "authorized_keys").write_text(authorized_keys)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(folder / "host_key")], check=True)
    cfg = folder / "sshd_config"
    cfg.write_text(f"Port {port}\nListenAddress 127.0.0.1\nHostKey {folder / 'host_key'}\n"
                   f"PidFile {folder / 'sshd.pid'}\nAuthorizedKeysFile {folder / 'authorized_keys'}\n"
                   "PermitRootLogin prohibit-password\nPasswordAuthentication no\n"
                   f"KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\n{settings}")
    Path("/run/sshd").mkdir(exist_ok=True)  # sshd's privilege-separation directory
    proc = subprocess.Popen([str(SSHD), "-D", "-e", "-f", str(cfg)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        wait_for_banner("127.0.0.1", port, time.monotonic() + 10)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)
