"""tasklib/sh/vyos.sh run by bash: vyos_rule's set lines, and vyos_configure's session around the
lines it is given (with a stand-in vbash that prints what it reads)."""
import subprocess
from pathlib import Path

import tasklib

LIB = Path(tasklib.__file__).parent / "sh" / "vyos.sh"


def _bash(script: str, tmp_path: Path | None = None) -> subprocess.CompletedProcess:
    env = {"PATH": f"{tmp_path}:/usr/bin:/bin" if tmp_path else "/usr/bin:/bin"}
    return subprocess.run(["bash", "-c", f". {LIB}\n{script}"], capture_output=True, text=True, env=env)


def test_a_rule_becomes_one_set_line_per_field_and_one_per_state():
    res = _bash('vyos_rule "firewall ipv4 forward filter" 20 action accept in eth1 out eth3 '
                'dst 10.10.3.10 proto tcp dport 22,443 state new,established')
    assert res.returncode == 0, res.stderr
    p = "set firewall ipv4 forward filter rule 20"
    assert res.stdout.splitlines() == [
        f"{p} action accept", f"{p} inbound-interface name eth1", f"{p} outbound-interface name eth3",
        f"{p} destination address 10.10.3.10", f"{p} protocol tcp", f"{p} destination port 22,443",
        f"{p} state new", f"{p} state established"]


def test_nat_fields_and_an_unknown_key():
    res = _bash('vyos_rule "nat destination" 10 in eth1 to 10.10.1.12 to-port 8080')
    assert res.stdout.splitlines() == ["set nat destination rule 10 inbound-interface name eth1",
                                       "set nat destination rule 10 translation address 10.10.1.12",
                                       "set nat destination rule 10 translation port 8080"]
    bad = _bash('vyos_rule "nat source" 5 outbound eth1')
    assert bad.returncode != 0 and "unknown key outbound" in bad.stderr
    empty = _bash('vyos_rule "nat source" 5 to ""')
    assert empty.returncode != 0 and "to has no value" in empty.stderr


def test_configure_wraps_the_lines_in_one_saved_session(tmp_path):
    vbash = tmp_path / "vbash"
    vbash.write_text("#!/bin/sh\n[ \"$1\" = -s ] && cat\n")
    vbash.chmod(0o755)
    res = _bash("echo 'set system host-name gw' | vyos_configure", tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == ["source /opt/vyatta/etc/functions/script-template", "configure",
                                       "set system host-name gw", "commit", "save", "exit"]
