"""LVM: the logical volume a path is mounted from."""
from __future__ import annotations

from tasklib import _hosts


def assert_mounted_lv(host, path: str, vg: str, lv: str) -> None:
    """An AssertionError unless the filesystem at `path` is mounted from the logical volume vg/lv
    and vg/lv is mounted at `path`."""
    src = host.run(f"findmnt -n -o SOURCE --target {path}").stdout.strip()
    names = host.run(f"lvs --noheadings -o vg_name,lv_name {src} 2>/dev/null").stdout.split() if src else []
    assert names == [vg, lv], f"{_hosts.name(host)}: {path} is mounted from {src or 'nothing'}, not from {vg}/{lv}"
    targets = host.run(f"findmnt -n -o TARGET --source /dev/{vg}/{lv}").stdout.split()
    assert path in targets, f"{_hosts.name(host)}: {vg}/{lv} is not mounted at {path}"
