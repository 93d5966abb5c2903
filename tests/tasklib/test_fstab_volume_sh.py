"""tasklib/sh/fstab-volume.sh's fstab_volume run by bash on this machine, on a loop device, in a
private mount namespace in which /etc/fstab is a copy: the volume is formatted, listed in fstab
and mounted with the options given, and a second run changes nothing."""
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

import tasklib

LIB = Path(tasklib.__file__).parent / "sh" / "fstab-volume.sh"

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not all(map(shutil.which, ("unshare", "losetup", "mkfs.ext4"))),
                                reason="needs root, unshare, losetup and mkfs.ext4")

SCRIPT = r"""
set -euo pipefail
dev=$(losetup -f --show {tmp}/vol.img)
trap 'umount {tmp}/mnt 2>/dev/null; losetup -d "$dev"' EXIT
{{ cat /etc/fstab 2>/dev/null || true; }} > {tmp}/fstab
mount --bind {tmp}/fstab /etc/fstab
systemctl() {{ :; }}  # no systemd to reload here
. {lib}
fstab_volume "$dev" {label} {tmp}/mnt defaults,noatime
echo hello > {tmp}/mnt/kept
fstab_volume "$dev" {label} {tmp}/mnt defaults,noatime
echo "FSTAB $(grep -c '^LABEL={label} ' /etc/fstab)"
grep "^LABEL={label} " /etc/fstab
grep " {tmp}/mnt " /proc/mounts
cat {tmp}/mnt/kept
"""


def test_a_volume_is_formatted_listed_and_mounted_once(tmp_path):
    label = "ob" + uuid.uuid4().hex[:8]  # a label no other device has
    subprocess.run(["truncate", "-s", "16M", str(tmp_path / "vol.img")], check=True)
    res = subprocess.run(["unshare", "-m", "bash", "-c", SCRIPT.format(lib=LIB, tmp=tmp_path, label=label)],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    out = res.stdout.splitlines()
    assert "FSTAB 1" in out
    assert f"LABEL={label} {tmp_path}/mnt ext4 defaults,noatime 0 2" in out
    mount = next(line.split() for line in out if line.startswith("/dev/loop"))
    assert mount[1:3] == [f"{tmp_path}/mnt", "ext4"] and "noatime" in mount[3].split(",")
    assert out[-1] == "hello"  # the second run neither formatted nor remounted it
