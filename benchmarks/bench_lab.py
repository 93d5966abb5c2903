"""Benchmark of the lab: what provisioning and exec cost over the bare tools. Prints times and
ratios; no verdict. Run it on an idle host (other guests or builds skew every figure).

    python3 benchmarks/bench_lab.py [--os debian12] [--rounds 2] [--commands 30]

1. cold provision of one node to SSH-ready (lab, `warm=False`) ÷ raw `qemu-system-x86_64`
   direct-kernel boot of the same image to SSH-ready (a login that runs `true`), side by side,
   alternating, same accelerator and TCG cache;
2. warm provision (saved-state template) ÷ cold provision;
3. per-command cost of `node.run("true")` ÷ `ssh -o ControlMaster=auto … true` on an already
   multiplexed connection.
"""
from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab import images, keys, templates, virt  # noqa: E402
from lab.cluster import provision  # noqa: E402
from lab.exec import wait_for_banner  # noqa: E402
from lab.spec import ClusterSpec, NodeSpec  # noqa: E402

SSH_OPTS = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            "-o", "BatchMode=yes"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def raw_qemu_boot(img: images.ImageEntry, work: Path, memory_mib: int = 512) -> float:
    """Seconds from qemu's start to a working SSH login, with user-mode networking."""
    disk = work / "raw.qcow2"
    subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-F", "qcow2", "-b", str(img.disk), str(disk)],
                   check=True)
    port = _free_port()
    accel = "kvm" if virt.kvm_usable() else f"tcg,tb-size={virt.TB_CACHE_MIB}"
    cpu = "host" if virt.kvm_usable() else "qemu64"
    cmd = ["qemu-system-x86_64", "-accel", accel, "-machine", "pc", "-cpu", cpu, "-smp", "1",
           "-m", str(memory_mib), "-nodefaults", "-display", "none", "-no-user-config",
           "-kernel", str(img.kernel), "-initrd", str(img.initrd), "-append", templates.kernel_cmdline(),
           "-drive", f"file={disk},if=virtio,format=qcow2",
           "-netdev", f"user,id=n0,hostfwd=tcp:127.0.0.1:{port}-:22", "-device", "virtio-net-pci,netdev=n0",
           "-device", "virtio-rng-pci", "-serial", f"file:{work / 'raw-serial.log'}"]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = t0 + 600
        wait_for_banner("127.0.0.1", port, deadline)
        while time.monotonic() < deadline:
            login = subprocess.run(["ssh", *SSH_OPTS, "-i", str(keys.private_key()), "-p", str(port),
                                    "root@127.0.0.1", "true"], capture_output=True, timeout=60)
            if login.returncode == 0:
                return time.monotonic() - t0
            time.sleep(0.5)
        raise RuntimeError("raw qemu guest never accepted a login")
    finally:
        proc.kill()
        proc.wait()
        disk.unlink(missing_ok=True)


def lab_provision(os_id: str, warm: bool) -> float:
    t0 = time.monotonic()
    with provision(ClusterSpec(nodes=(NodeSpec("node1", os_id),)), sweep="bench", run="lab", warm=warm) as c:
        elapsed = time.monotonic() - t0  # SSH-ready: provision returns after a login that runs
        assert c.node("node1").run("true").exit_code == 0
    return elapsed


def exec_overhead(os_id: str, commands: int) -> tuple[float, float]:
    """Median seconds per `true`: node.run vs an ssh ControlMaster connection, same guest."""
    with provision(ClusterSpec(nodes=(NodeSpec("node1", os_id),)), sweep="bench", run="exec") as c:
        node = c.node("node1")
        node.run("true")
        ours = []
        for _ in range(commands):
            t = time.monotonic()
            node.run("true")
            ours.append(time.monotonic() - t)
        ctl = Path(tempfile.mkdtemp()) / "ctl"
        base = ["ssh", *SSH_OPTS, "-i", str(keys.private_key()), "-o", "ControlMaster=auto",
                "-o", f"ControlPath={ctl}", "-o", "ControlPersist=120", f"root@{node.mgmt_ip}"]
        subprocess.run(base + ["true"], check=True)  # opens the master connection
        theirs = []
        for _ in range(commands):
            t = time.monotonic()
            subprocess.run(base + ["true"], check=True)
            theirs.append(time.monotonic() - t)
        subprocess.run(base[:-1] + ["-O", "exit", f"root@{node.mgmt_ip}"], capture_output=True)
        shutil.rmtree(ctl.parent, ignore_errors=True)
    return statistics.median(ours), statistics.median(theirs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--os", default="debian12")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--commands", type=int, default=30)
    args = ap.parse_args()
    img = images.get(args.os)
    if img.boot != "kernel" or img.missing():
        sys.exit(f"{args.os}: needs a built direct-kernel image (python -m lab build {args.os})")
    print(f"host: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, "
          f"{'KVM' if virt.kvm_usable() else 'TCG'}; image {args.os}")
    lab_provision(args.os, warm=True)  # make sure the template exists: not part of any figure
    raw, cold, warm = [], [], []
    with tempfile.TemporaryDirectory() as work:
        for r in range(args.rounds):
            raw.append(raw_qemu_boot(img, Path(work)))
            cold.append(lab_provision(args.os, warm=False))
            warm.append(lab_provision(args.os, warm=True))
            print(f"round {r + 1}: raw qemu {raw[-1]:.1f} s, cold {cold[-1]:.1f} s, warm {warm[-1]:.1f} s")
    ours, theirs = exec_overhead(args.os, args.commands)
    m = statistics.median
    print(f"\ncold provision / raw qemu boot   {m(cold):6.1f} s / {m(raw):6.1f} s = {m(cold) / m(raw):.2f}  (goal <= 1.10)")
    print(f"warm provision / cold provision  {m(warm):6.1f} s / {m(cold):6.1f} s = {m(warm) / m(cold):.2f}  (goal <= 0.20)")
    print(f"node.run('true') / ssh ControlMaster  {ours * 1000:6.1f} ms / {theirs * 1000:6.1f} ms = "
          f"{ours / theirs:.2f}  (goal <= 1.20)")
    print(f"load at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
