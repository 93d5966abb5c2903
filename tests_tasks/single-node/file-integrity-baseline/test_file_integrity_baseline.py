"""AIDE is judged by what `aide --config /etc/aide/aide.conf --check` reports, as the on-call administrators run it. The
checks change watched files in a way the report must show, in requirement order (req-1 first,
on the untouched node)."""
from fixtures.checks import baseline, requirement

CHECK = "timeout 500 aide --config /etc/aide/aide.conf --check 2>&1"
CONF = "/etc/billing/billing.conf"
NEW_TOOL = "/usr/local/bin/ob-dropper"
GONE_TOOL = "/usr/local/bin/rotate-reports"


@baseline
def no_monitoring_yet(node1):
    assert node1.run("command -v aide").rc != 0, "aide is already installed"


def aide_check(node1):
    res = node1.run(CHECK)  # under the checks timeout (600 s): aide itself is stopped at 500 s
    assert res.rc != 124, "the AIDE check did not finish within 500 s"
    assert res.rc != 127, "aide is not installed (no `aide` command)"
    # AIDE's exit codes: 0 clean, 1-7 differences (bit 1 added, 2 removed, 4 changed), >= 14 errors
    assert res.rc < 14, f"the AIDE check failed (exit {res.rc}): {res.stdout.strip()[-600:]}"
    return res


@requirement("req-1")
def unmodified_system_is_clean(node1):
    res = aide_check(node1)
    assert res.rc == 0, \
        f"the AIDE check reports differences on the untouched node (exit {res.rc}): {res.stdout.strip()[-800:]}"


@requirement("req-2")
def changed_config_reported(node1):
    node1.check_output(f"echo 'endpoint = http://attacker.example/' >> {CONF}")
    res = aide_check(node1)
    assert res.rc & 4, f"the AIDE check does not report any changed file (exit {res.rc})"
    assert CONF in res.stdout, f"the AIDE check does not name the changed {CONF}"


@requirement("req-3")
def added_program_reported(node1):
    node1.check_output(f"printf '#!/bin/sh\\necho pwned\\n' > {NEW_TOOL} && chmod 755 {NEW_TOOL}")
    res = aide_check(node1)
    assert res.rc & 1, f"the AIDE check does not report any added file (exit {res.rc})"
    assert NEW_TOOL in res.stdout, f"the AIDE check does not name the new {NEW_TOOL}"


@requirement("req-4")
def removed_program_reported(node1):
    node1.check_output(f"rm -f {GONE_TOOL}")
    res = aide_check(node1)
    assert res.rc & 2, f"the AIDE check does not report any removed file (exit {res.rc})"
    assert GONE_TOOL in res.stdout, f"the AIDE check does not name the removed {GONE_TOOL}"
