"""systemd on a node: the main process of a service and the ports it listens on, as the checks
judge running services by them."""
from __future__ import annotations


def main_pid(host, unit: str) -> int:
    """The PID of `unit`'s main process, 0 when it has none (stopped, failed, unknown unit)."""
    out = host.run(f"systemctl show -p MainPID --value {unit}").stdout.strip()
    return int(out) if out.isdigit() else 0


def main_ports(host, unit: str, wait_s: float = 10) -> list[int]:
    """The TCP ports `unit`'s main process listens on, waiting up to `wait_s` for the first
    (a service that was just started may not listen yet); [] when it listens on none."""
    ports: list[int] = []
    for _ in range(max(1, int(wait_s * 2))):
        pid = main_pid(host, unit)
        if pid:
            out = host.run(f"ss -Hltnp | grep 'pid={pid},' | awk '{{print $4}}' | sed 's/.*://' | sort -un").stdout
            ports = [int(p) for p in out.split() if p.isdigit()]
            if ports:
                break
        host.run("sleep 0.5")
    return ports


def listener_pid(host, port: int) -> int:
    """The PID of the process listening on tcp/`port` (the first, if several), 0 when none
    does: a check compares it with main_pid to see that the unit, not a stray process, serves."""
    out = host.run(f"ss -Hltnp 'sport = :{port}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2").stdout.strip()
    return int(out) if out.isdigit() else 0
