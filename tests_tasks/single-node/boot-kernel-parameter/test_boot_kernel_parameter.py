"""A kernel parameter only shows after a boot, and the harness's own reboot comes after the
first round of checks. So req-2 reboots node1 itself when the running kernel lacks the
parameter: what counts is the command line of a kernel booted after the agent's work (in the
post-reboot round the parameter is already there and no extra reboot happens)."""
from fixtures.checks import baseline, requirement

PARAM = "transparent_hugepage=never"
THP = "/sys/kernel/mm/transparent_hugepage/enabled"
# the image's own command line, as the baseline saw it: every parameter but BOOT_IMAGE must survive
STARTING: list[str] = []


def _cmdline(node1) -> list[str]:
    return node1.check_output("cat /proc/cmdline").split()


def _thp(node1) -> str:
    return node1.run(f"cat {THP}").stdout.strip()


@baseline
def thp_on_and_no_parameter(node1):
    assert PARAM not in _cmdline(node1), f"{PARAM} is already on the command line"
    assert "[always]" in _thp(node1), f"THP is not 'always' at the start: {_thp(node1)}"
    STARTING[:] = [p for p in _cmdline(node1) if not p.startswith("BOOT_IMAGE=")]


@requirement("req-1")
def thp_off_now(node1):
    mode = _thp(node1)
    assert "[never]" in mode, f"THP on the running node1 is not off: {THP} reads '{mode}'"


@requirement("req-2")
def parameter_on_every_boot(ctx, node1):
    if PARAM not in _cmdline(node1):
        ctx.cluster.reboot(["node1"], deadline_s=540)
    cmd = _cmdline(node1)
    assert PARAM in cmd, f"node1 booted without {PARAM}: /proc/cmdline is '{' '.join(cmd)}'"
    mode = _thp(node1)
    assert "[never]" in mode, f"after boot THP is not off: {THP} reads '{mode}'"


@requirement("req-3")
def other_parameters_kept(node1):
    cmd = _cmdline(node1)
    keep = STARTING or ["console=ttyS0"]
    missing = [p for p in keep if p not in cmd]
    assert not missing, f"boot parameters lost: {', '.join(missing)} (/proc/cmdline: '{' '.join(cmd)}')"
