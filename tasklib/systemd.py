"""systemd on a node: the main process of a service, as the checks judge running services by it."""
from __future__ import annotations


def main_pid(host, unit: str) -> int:
    """The PID of `unit`'s main process, 0 when it has none (stopped, failed, unknown unit)."""
    out = host.run(f"systemctl show -p MainPID --value {unit}").stdout.strip()
    return int(out) if out.isdigit() else 0
