"""One persistent SSH connection per node; every command is a new channel on it.

Each command carries a marker in its environment (`export OB_CMD=<id>;`, a shell builtin, so
no wrapper process and no extra cost). A command that outlives its foreground limit is killed,
with every process that inherited the marker, from a second channel; the connection stays
usable. (OpenSSH's `signal` channel request would be simpler but is not honoured by the sshd
of Debian 12 for exec sessions.) A dropped connection is re-established once; the command that saw the drop is reported
with `transport_error`, never as a command failure.
"""
from __future__ import annotations

import select
import shlex
import socket
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import paramiko

from lab.errors import DeadlineExceeded, TransportError
from records import InfrastructureError
from lab.result import CommandResult

DEFAULT_OUTPUT_CAP = 1 << 20  # bytes kept per stream
KILL_GRACE_S = 3.0
KILL_WAIT_S = 20.0  # for the kill command itself
DRAIN_AFTER_EXIT_S = 0.15  # background children may hold stdout open: don't wait for EOF


class _AcceptAny(paramiko.MissingHostKeyPolicy):
    """Lab guests are created and destroyed per test; their host keys prove nothing."""

    def missing_host_key(self, client, hostname, key) -> None:
        return None


@dataclass(frozen=True)
class Jump:
    """Reach guests through the hypervisor host (qemu+ssh:// inventories)."""
    host: str
    user: str = "root"
    port: int = 22
    key: Path | None = None


def wait_for_banner(host: str, port: int, deadline: float, sock_factory=None) -> None:
    """Ready means sshd speaks (`SSH-` banner), not just an open port."""
    last = "no attempt"
    while time.monotonic() < deadline:
        try:
            sock = sock_factory() if sock_factory else socket.create_connection((host, port), timeout=2)
            try:
                sock.settimeout(3)
                if sock.recv(4).startswith(b"SSH-"):
                    return
                last = "connected but no SSH banner"
            finally:
                sock.close()
        except (OSError, paramiko.SSHException) as exc:
            last = str(exc) or type(exc).__name__
        time.sleep(0.25)
    raise DeadlineExceeded(f"SSH banner from {host}:{port} ({last})")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


UserWrapper = Callable[[str, str], str]


def runuser_wrapper(user: str, command: str) -> str:
    return f"exec runuser -l {shlex.quote(user)} -c {shlex.quote(command)}"


class SSHExec:
    def __init__(self, node: str, host: str, key: Path, *, port: int = 22, login: str = "root",
                 jump: Jump | None = None, output_cap: int = DEFAULT_OUTPUT_CAP,
                 user_wrapper: UserWrapper = runuser_wrapper) -> None:
        self.node, self.host, self.port, self.key = node, host, port, key
        self.login, self.jump, self.output_cap = login, jump, output_cap
        self.user_wrapper = user_wrapper
        self._transport: paramiko.Transport | None = None
        self._jump_client: paramiko.SSHClient | None = None
        self._lock = threading.Lock()

    # -- connection ---------------------------------------------------------------------
    def _open_sock(self, port: int | None = None, timeout: float = 10):
        port = port or self.port
        if not self.jump:
            return socket.create_connection((self.host, port), timeout=timeout)
        if self._jump_client is None or not self._jump_client.get_transport() \
                or not self._jump_client.get_transport().is_active():
            client = paramiko.SSHClient()
            client.set_missing_host_key_policy(_AcceptAny())
            client.connect(self.jump.host, port=self.jump.port, username=self.jump.user,
                           key_filename=str(self.jump.key) if self.jump.key else None, timeout=15)
            self._jump_client = client
        return self._jump_client.get_transport().open_channel(
            "direct-tcpip", (self.host, port), ("127.0.0.1", 0), timeout=timeout)

    def tcp_probe(self, port: int, timeout: float = 3.0) -> CommandResult:
        """Open (and close) a TCP connection to the node from the lab's side, by the route SSH
        takes (direct, or through the jump host): what "reachable from other machines" means."""
        started, t0 = _now(), time.monotonic()
        try:
            self._open_sock(port, timeout).close()
            rc, err = 0, ""
        except (OSError, paramiko.SSHException) as exc:
            rc, err = 1, f"{type(exc).__name__}: {exc}"
        return CommandResult(node=self.node, command=f"tcp-connect {self.host}:{port} (from the lab host)",
                             user="lab", started_at=started,
                             duration_ms=int((time.monotonic() - t0) * 1000), exit_code=rc,
                             stdout="open\n" if rc == 0 else "", stderr=err)

    def connect(self, deadline_s: float = 60.0) -> None:
        deadline = time.monotonic() + deadline_s
        wait_for_banner(self.host, self.port, deadline, self._open_sock if self.jump else None)
        last: Exception | None = None
        while time.monotonic() < deadline:
            transport = None
            try:
                transport = paramiko.Transport(self._open_sock())
                transport.banner_timeout = 30
                transport.start_client(timeout=30)
                pkey = paramiko.Ed25519Key.from_private_key_file(str(self.key))
                transport.auth_publickey(self.login, pkey)
                transport.set_keepalive(15)
                self.close()
                self._transport = transport
                return
            except (OSError, paramiko.SSHException, EOFError) as exc:
                last = exc
                # a refused login leaves the connection open (sshd waits LoginGraceTime for
                # another try): left so, a node that refuses the key soon holds more
                # unauthenticated connections than MaxStartups and resets new ones unread
                if transport is not None:
                    transport.close()
                time.sleep(0.5)
        raise TransportError(f"{self.node}: SSH login as {self.login}@{self.host} failed: {last}")

    def refuses_key(self, timeout_s: float = 20.0) -> bool:
        """Whether the guest's sshd answers and rejects the lab's key (its authorized_keys or
        sshd settings no longer let the lab in): one login attempt, nothing else inferred."""
        try:
            transport = paramiko.Transport(self._open_sock())
        except (OSError, paramiko.SSHException, EOFError):
            return False
        try:
            transport.banner_timeout = timeout_s
            transport.start_client(timeout=timeout_s)
            transport.auth_publickey(self.login, paramiko.Ed25519Key.from_private_key_file(str(self.key)))
            return False
        except paramiko.AuthenticationException:
            return True
        except (OSError, paramiko.SSHException, EOFError):
            return False
        finally:
            transport.close()

    def session_fails(self, timeout_s: float = 20.0) -> str | None:
        """How a guest whose sshd accepts tcp/22 fails to give the lab a session — it closes the
        connection before the SSH handshake or during login, or logs the lab in but cannot run
        `true` (its sshd, shell or libraries gone: `rm -rf /`) — or None when a session works or
        the attempt only timed out (a slow guest proves nothing)."""
        def closed(exc: BaseException) -> bool:
            text = str(exc).lower()
            return isinstance(exc, EOFError) or any(w in text for w in ("reset", "closed", "eof"))
        try:
            transport = paramiko.Transport(self._open_sock())
        except (OSError, paramiko.SSHException, EOFError):
            return None
        try:
            transport.banner_timeout = timeout_s
            try:
                transport.start_client(timeout=timeout_s)
            except (OSError, paramiko.SSHException, EOFError) as exc:
                return f"accepts tcp/22 but closes before the SSH handshake ({exc})" if closed(exc) else None
            try:
                transport.auth_publickey(self.login, paramiko.Ed25519Key.from_private_key_file(str(self.key)))
            except paramiko.AuthenticationException:
                return None  # refused: refuses_key says so
            except (OSError, paramiko.SSHException, EOFError) as exc:
                return f"closes the connection during the login ({exc})" if closed(exc) else None
            try:
                chan = transport.open_session(timeout=timeout_s)
                chan.exec_command("true")
                deadline = time.monotonic() + timeout_s
                while not chan.exit_status_ready() and time.monotonic() < deadline:
                    time.sleep(0.1)
                code = chan.recv_exit_status() if chan.exit_status_ready() else None
            except (OSError, paramiko.SSHException, EOFError) as exc:
                return f"logs the lab in but cannot start a session ({exc})" if closed(exc) else None
            return f"logs the lab in but `true` exits {code}" if code not in (0, None) else None
        finally:
            transport.close()

    @property
    def connected(self) -> bool:
        return self._transport is not None and self._transport.is_active()

    def close(self) -> None:
        if self._transport is not None:
            self._transport.close()
            self._transport = None

    def close_all(self) -> None:
        self.close()
        if self._jump_client is not None:
            self._jump_client.close()
            self._jump_client = None

    # -- commands -----------------------------------------------------------------------
    def run(self, command: str, timeout: float | None = 120.0, user: str | None = None,
            stdin: bytes | None = None) -> CommandResult:
        """Run `command` with the remote login shell; `user` runs it as another account."""
        with self._lock:
            if not self.connected:
                self.connect(deadline_s=30)
            marker = uuid.uuid4().hex[:16]
            marked = f"export OB_CMD={marker}; {command}"
            wrapped = marked if not user or user == self.login else self.user_wrapper(user, marked)
            started, t0 = _now(), time.monotonic()
            try:
                code, out, err, truncated, timed_out = self._exec(wrapped, timeout, stdin, marker)
                transport_error = None
                if code is not None and code < 0:  # the channel closed with no exit status
                    code, transport_error = None, "the connection closed before the command's " \
                                                  "exit status came back"
            except (OSError, EOFError, paramiko.SSHException) as exc:
                code, out, err, truncated, timed_out = None, b"", b"", False, False
                transport_error = f"{type(exc).__name__}: {exc}".strip()
                self._reconnect_once()
            return CommandResult(
                node=self.node, command=command, user=user or self.login, started_at=started,
                duration_ms=int((time.monotonic() - t0) * 1000), exit_code=code,
                stdout=out.decode("utf-8", "replace"), stderr=err.decode("utf-8", "replace"),
                truncated=truncated, output_cap=self.output_cap, timed_out=timed_out,
                transport_error=transport_error)

    def _reconnect_once(self) -> None:
        self.close()
        try:
            self.connect(deadline_s=20)
        except InfrastructureError:  # no banner in time (DeadlineExceeded) or no login
            pass  # the next run() tries again and raises if the node is really gone

    def _exec(self, command: str, timeout: float | None, stdin: bytes | None, marker: str):
        assert self._transport is not None
        chan = self._transport.open_session(timeout=15)
        try:
            chan.exec_command(command)
            if stdin:
                chan.sendall(stdin)
            chan.shutdown_write()
            out, err = _Capped(self.output_cap), _Capped(self.output_cap)
            deadline = time.monotonic() + timeout if timeout else None
            timed_out = killed_at = exited_at = None
            while True:
                if chan.recv_ready():
                    out.add(chan.recv(65536))
                    continue
                if chan.recv_stderr_ready():
                    err.add(chan.recv_stderr(65536))
                    continue
                if chan.exit_status_ready():
                    exited_at = exited_at or time.monotonic()
                    if chan.eof_received or time.monotonic() - exited_at > DRAIN_AFTER_EXIT_S:
                        break
                if chan.closed and not chan.recv_ready():
                    break
                now = time.monotonic()
                if deadline and now > deadline and not exited_at:
                    if killed_at is None:
                        timed_out, killed_at = True, now
                        self._kill_marked(marker)
                    elif now - killed_at > KILL_GRACE_S:
                        break  # the remote ignored us; drop the channel, keep the connection
                select.select([chan], [], [], 0.05)
            code = chan.recv_exit_status() if chan.exit_status_ready() else None
            if timed_out:
                code = None
            return code, out.data, err.data, out.truncated or err.truncated, bool(timed_out)
        finally:
            chan.close()

    def _kill_marked(self, marker: str) -> None:
        assert self._transport is not None
        chan = self._transport.open_session(timeout=15)
        try:
            chan.exec_command(
                f"grep -lsxz OB_CMD={marker} /proc/[0-9]*/environ | cut -d/ -f3 | xargs -r kill -KILL")
            # bounded: on a node that cannot fork (a fork bomb) the kill itself may never run
            deadline = time.monotonic() + KILL_WAIT_S
            while not chan.exit_status_ready() and time.monotonic() < deadline:
                time.sleep(0.1)
        finally:
            chan.close()

    def upload(self, path: str, data: bytes, mode: int = 0o644, user: str | None = None) -> CommandResult:
        q = shlex.quote(path)
        return self.run(f"umask 077; cat > {q} && chmod {mode:o} {q}", timeout=60, user=user,
                        stdin=data)


class _Capped:
    def __init__(self, cap: int) -> None:
        self.cap, self.buf, self.truncated = cap, bytearray(), False

    def add(self, chunk: bytes) -> None:
        room = self.cap - len(self.buf)
        if len(chunk) > room:
            self.truncated = True
            chunk = chunk[:max(room, 0)]
        self.buf += chunk

    @property
    def data(self) -> bytes:
        return bytes(self.buf)
