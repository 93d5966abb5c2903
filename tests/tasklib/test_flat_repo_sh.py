"""tasklib/sh/flat-repo.sh's flat_repo run by bash on this machine: two .debs built with dpkg-deb
become a repository that apt really reads. It runs in a private mount namespace in which apt's
sources and lists are empty tmpfs, so the machine's own apt setup is neither used nor touched."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import tasklib

LIB = Path(tasklib.__file__).parent / "sh" / "flat-repo.sh"

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("apt-get"),
                                reason="needs root, unshare and apt")

SCRIPT = r"""
set -euo pipefail
mount -t tmpfs none /etc/apt/sources.list.d
mount -t tmpfs none /var/lib/apt/lists
[ ! -e /etc/apt/sources.list ] || mount --bind /dev/null /etc/apt/sources.list
. {lib}
for v in 1.0 1.1; do
  d={build}/pkg-$v; mkdir -p $d/DEBIAN
  printf 'Package: ob-flat-test\nVersion: %s\nArchitecture: all\nMaintainer: t <t@t>\nDescription: t\n' $v > $d/DEBIAN/control
  dpkg-deb --root-owner-group --build $d {repo}/ob-flat-test_${{v}}_all.deb >/dev/null
done
flat_repo {repo} ob-flat-test
cat /etc/apt/sources.list.d/ob-flat-test.list
# apt fetches as root here: the test folder is not readable by its sandbox user _apt
apt-get update -qq -o APT::Update::Error-Mode=any -o APT::Sandbox::User=root 2>&1
apt-cache madison ob-flat-test
"""


def test_debs_in_a_folder_become_a_repository_apt_reads(tmp_path):
    repo, build = tmp_path / "repo", tmp_path / "build"
    repo.mkdir(), build.mkdir()
    res = subprocess.run(["unshare", "-m", "bash", "-c", SCRIPT.format(lib=LIB, repo=repo, build=build)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert f"deb [trusted=yes] file:{repo} ./" in res.stdout
    assert (repo / "Packages.gz").exists()
    versions = [line.split("|")[1].strip() for line in res.stdout.splitlines() if line.startswith("ob-flat-test")]
    assert sorted(versions) == ["1.0", "1.1"], res.stdout
