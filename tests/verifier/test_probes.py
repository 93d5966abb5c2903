"""The snapshot probe's output, parsed (lab/probes.py); the probe itself runs in the VM tests."""
import subprocess
from pathlib import Path

import pytest

from lab import probes
from lab.probes import parse


def _probe(**sections: str) -> str:
    return "".join(f"\n@@{name}\n{body}\n" for name, body in sections.items()) + "\n@@end\n"


def test_processes_carry_their_systemd_unit_and_sockets_their_pid():
    snap = parse(_probe(
        processes_units="    1 root     init.scope       systemd /sbin/init\n"
                        "  700 app      webapp.service   python3 python3 -m http.server 8080\n"
                        "  812 root     -                kthreadd [kthreadd]",
        listening='tcp LISTEN 0 5 0.0.0.0:8080 0.0.0.0:* users:(("python3",pid=700,fd=3))',
        unit_enabled="webapp.service\nssh.service"))
    assert snap["processes"][1] == {"pid": 700, "user": "app", "comm": "python3",
                                    "args": "python3 -m http.server 8080", "unit": "webapp.service"}
    assert snap["processes"][2]["unit"] is None
    assert snap["listening"] == [{"proto": "tcp", "local": "0.0.0.0:8080", "process": "python3", "pid": 700}]
    assert snap["units"]["webapp.service"]["enabled"] == "enabled"


def test_processes_without_units_still_parse():
    snap = parse(_probe(processes="  1 root init /sbin/init"))
    assert snap["processes"] == [{"pid": 1, "user": "root", "comm": "init", "args": "/sbin/init"}]


def test_an_incomplete_probe_is_refused():
    with pytest.raises(ValueError, match="incomplete"):
        parse("\n@@boot_id\nabc\n")


def test_package_ownership_of_etc_and_unit_files_parses_per_package():
    out = parse(_probe(pkg_files="base-files|/etc/debian_version\nssh|/lib/systemd/system/ssh.service\n"
                                 "garbage-without-path\n"))
    assert out["owners"] == {"/etc/debian_version": "base-files",
                             "/lib/systemd/system/ssh.service": "ssh"}


@pytest.mark.skipif(not Path("/var/lib/dpkg/info").is_dir(), reason="needs a dpkg system")
def test_the_probes_ownership_section_reads_this_machines_dpkg_database():
    """The real section of probe.sh, run here: multiarch names lose their `:arch`."""
    script = Path(probes.__file__).with_name("probe.sh").read_text()
    block = script.split("s pkg_files\n", 1)[1].split("\nfi\n", 1)[0] + "\nfi\n"
    text = subprocess.run(["sh", "-c", "have() { command -v \"$1\" >/dev/null 2>&1; }\n" + block],
                          capture_output=True, text=True, check=True).stdout
    owners = parse(_probe(pkg_files=text))["owners"]
    assert owners.get("/etc/debian_version") == "base-files"
    assert owners and not any(":" in pkg or "|" in pkg for pkg in owners.values())
