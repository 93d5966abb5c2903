"""tasklib/sh/sudoers.sh's sudoers_install run by bash with the real visudo: lines it accepts
become the file (0440), lines it rejects leave nothing behind, not even the draft."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import tasklib

LIB = Path(tasklib.__file__).parent / "sh" / "sudoers.sh"

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("visudo") is None,
                                reason="needs root and sudo's visudo")


def _install(target: Path, lines: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", f'. {LIB}\nsudoers_install "$1"', "-", target], input=lines,
                          capture_output=True, text=True)


def test_accepted_lines_become_the_file(tmp_path):
    target = tmp_path / "50-operators"
    lines = "%operators ALL=(root) NOPASSWD: /usr/bin/systemctl restart inventory\n"
    res = _install(target, lines)
    assert res.returncode == 0, res.stderr
    assert target.read_text() == lines
    assert oct(target.stat().st_mode & 0o777) == "0o440"
    assert [p.name for p in tmp_path.iterdir()] == ["50-operators"]


def test_rejected_lines_leave_nothing(tmp_path):
    target = tmp_path / "50-operators"
    res = _install(target, "%operators ALL=(root) NOPASSWD /usr/bin/systemctl\n")
    assert res.returncode != 0
    assert "visudo rejects the lines for" in res.stderr
    assert list(tmp_path.iterdir()) == []
