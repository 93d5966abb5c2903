"""`python -m lab doctor` and `python -m lab up`: what the lab needs on a hypervisor host, and
starting it (libvirt, virtlogd, the package cache) with or without systemd."""
from __future__ import annotations

import grp
import os
import shutil
import stat
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from lab import addressing, builder, guard, paths, virt

APT = "apt-get install -y --no-install-recommends"
MIN_FREE_GIB = 10


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str | None = None  # the command that closes the gap
    required: bool = True


def _tool(name: str, binary: str, package: str) -> Check:
    path = shutil.which(binary)
    return Check(name, bool(path), path or "missing", None if path else f"{APT} {package}")


def _port_open(port: int, host: str = "127.0.0.1") -> bool:
    try:
        socket.create_connection((host, port), timeout=1).close()
        return True
    except OSError:
        return False


KVM_DEV = Path("/dev/kvm")


def _kvm_node_gap() -> str | None:
    """/dev/kvm must be root:kvm 0660 (Debian's udev rule). Where it is root-only (seen on
    kvm_pvm hosts without udev), libvirt's qemu probe (as root) sees KVM but its validity check
    (as the qemu user) does not, so the capability cache is thrown away and qemu re-probed on
    every libvirt call: about 8 s each, 70 s per restore."""
    if not KVM_DEV.exists():
        return None
    try:
        kvm_gid = grp.getgrnam("kvm").gr_gid
    except KeyError:
        return None
    st = KVM_DEV.stat()
    if st.st_gid == kvm_gid and st.st_mode & stat.S_IRGRP and st.st_mode & stat.S_IWGRP:
        return None
    return f"{KVM_DEV} is mode {stat.S_IMODE(st.st_mode):o}, group {st.st_gid}, not root:kvm 0660"


def checks() -> list[Check]:
    found = [
        _tool("qemu", "qemu-system-x86_64", "qemu-system-x86"),
        _tool("qemu-img", "qemu-img", "qemu-utils"),
        _tool("libvirtd", "libvirtd", "libvirt-daemon-system"),
        _tool("debootstrap", "debootstrap", "debootstrap"),
        _tool("busybox (static, for the tiny initrd)", "busybox", "busybox-static"),
        _tool("genisoimage (NoCloud seeds)", "genisoimage", "genisoimage"),
        _tool("ssh-keygen", "ssh-keygen", "openssh-client"),
        _tool("apt-cacher-ng (guest package cache)", "apt-cacher-ng", "apt-cacher-ng"),
    ]
    try:
        virt.connect.cache_clear()
        conn = virt.connect("qemu:///system")
        found.append(Check("libvirt reachable", True, f"qemu:///system (libvirt {conn.getLibVersion()})"))
    except Exception as exc:  # noqa: BLE001 - report any failure as a gap
        found.append(Check("libvirt reachable", False, str(exc).split(";")[0], "python -m lab up"))
    kvm = virt.kvm_usable()
    found.append(Check("acceleration", True,
                       "KVM" if kvm else "KVM unusable here: guests run under TCG emulation (slower)",
                       required=False))
    gap = _kvm_node_gap()
    found.append(Check("/dev/kvm permissions", gap is None,
                       gap + ": libvirt re-probes qemu on every call (seconds each)" if gap else "ok",
                       "python -m lab up" if gap else None))
    home = paths.ensure(paths.home())
    free = shutil.disk_usage(home).free / (1 << 30)
    found.append(Check(f"disk space in {home}", free >= MIN_FREE_GIB, f"{free:.1f} GiB free",
                       None if free >= MIN_FREE_GIB else
                       f"free {MIN_FREE_GIB} GiB or export OPSBENCH_HOME=/a/bigger/disk"))
    cache = _port_open(addressing.APT_PROXY_PORT)
    found.append(Check("package cache", cache, f"port {addressing.APT_PROXY_PORT} " +
                       ("answering" if cache else "closed"), None if cache else "python -m lab up"))
    gap = guard.problem()
    found.append(Check("guest isolation", gap is None,
                       gap or "guests reach only DHCP, DNS and the package cache on this host",
                       "python -m lab up" if gap else None))
    return found


def doctor(out=print) -> int:
    gaps = 0
    for c in checks():
        mark = "ok " if c.ok else ("MISSING" if c.required else "note")
        out(f"{mark:8} {c.name}: {c.detail}" + (f"  → fix: {c.fix}" if c.fix and not c.ok else ""))
        gaps += (not c.ok) and c.required
    return 1 if gaps else 0


# -- up ------------------------------------------------------------------------------------

def _systemd() -> bool:
    return Path("/run/systemd/system").is_dir()


def _running(pidfile: Path) -> bool:
    try:
        os.kill(int(pidfile.read_text().split()[0]), 0)
        return True
    except (OSError, ValueError):
        return False


def _wait(what: str, ok, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not ok():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not come up within {timeout:.0f} s")
        time.sleep(0.1)


def _libvirt_ok() -> bool:
    try:
        virt.connect.cache_clear()
        virt.connect("qemu:///system")
        return True
    except Exception:  # noqa: BLE001
        return False


def acng_config() -> Path:
    """Our own apt-cacher-ng config: the package default points at mirrors that may not resolve."""
    d = paths.ensure(paths.home() / "acng")
    cache = paths.ensure(Path(os.environ.get("OPSBENCH_ACNG_CACHE", "/var/cache/opsbench/acng")))
    logs = paths.ensure(paths.home() / "acng-log")
    for p in (cache, logs):
        shutil.chown(p, "apt-cacher-ng", "apt-cacher-ng")
    (d / "backends_debian").write_text(builder.MIRROR.rstrip("/") + "/\n")
    (d / "acng.conf").write_text(f"""CacheDir: {cache}
LogDir: {logs}
SupportDir: /usr/lib/apt-cacher-ng
Port: {addressing.APT_PROXY_PORT}
Remap-debrep: file:deb_mirror*.gz /debian ; file:{d}/backends_debian
Remap-secdeb: security.debian.org deb.debian.org/debian-security /debian-security ; {builder.SECURITY_MIRROR.rstrip('/')}/
ExThreshold: 4
PassThroughPattern: .*
""")
    return d


def up(out=print) -> None:
    """Start what is not running; safe to call again."""
    if _kvm_node_gap():
        os.chown(KVM_DEV, 0, grp.getgrnam("kvm").gr_gid)
        os.chmod(KVM_DEV, 0o660)
        out(f"set {KVM_DEV} to root:kvm 0660 (as Debian's udev rule does)")
    if _systemd():
        subprocess.run(["systemctl", "start", "virtlogd", "libvirtd"], check=False)
    else:
        if not _running(Path("/run/virtlogd.pid")):
            subprocess.run(["/usr/sbin/virtlogd", "-d"], check=True)
            out("started virtlogd")
        if not _libvirt_ok():
            subprocess.run(["/usr/sbin/libvirtd", "-d"], check=True)
            out("started libvirtd")
    _wait("libvirtd", _libvirt_ok)
    conn = virt.connect("qemu:///system")
    virt.ensure_mgmt_network(conn)
    virt.ensure_pool(conn)
    if not _port_open(addressing.APT_PROXY_PORT):
        conf = acng_config()
        run_dir = paths.ensure(Path("/run/opsbench-acng"))
        shutil.chown(run_dir, "apt-cacher-ng", "apt-cacher-ng")
        subprocess.run(["/usr/sbin/apt-cacher-ng", "-c", str(conf), f"pidfile={run_dir}/pid",
                        f"SocketPath={run_dir}/socket", "Foreground=0"], check=True)
        _wait("apt-cacher-ng", lambda: _port_open(addressing.APT_PROXY_PORT))
        out(f"started apt-cacher-ng on port {addressing.APT_PROXY_PORT}")
    out(f"guest isolation rules in place ({guard.install()})")
    out("lab is up")
