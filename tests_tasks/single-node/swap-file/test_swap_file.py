"""Judged on the kernel's own view: /proc/swaps, vm.swappiness and /proc/mounts; the swap file
read by an account that is not root, in a session of its own; the disk mounts compared with the
post_prepare snapshot (the state the agent was given)."""
from fixtures.checks import baseline, requirement
from tasklib import login

SWAPFILE = "/swapfile"
SIZE_KIB = 512 * 1024


def _swaps(node1) -> dict[str, int]:
    """The active swap areas: name → size in KiB (without the header page, as /proc/swaps says)."""
    rows = (line.split() for line in node1.check_output("cat /proc/swaps").splitlines()[1:])
    return {f[0]: int(f[2]) for f in rows if len(f) >= 5}


def _disk_mounts(mounts: list[dict]) -> dict[str, tuple[str, str, str]]:
    """The mounts of block devices (what fstab brings up): target → (source, type, options)."""
    return {m["target"]: (m["source"], m["fstype"], m["options"]) for m in mounts
            if m["source"].startswith("/dev/") and not m["source"].startswith(("/dev/zram", "/dev/loop"))}


def _mounts_now(node1) -> list[dict]:
    rows = (line.split() for line in node1.check_output("cat /proc/mounts").splitlines())
    return [{"source": f[0], "target": f[1], "fstype": f[2], "options": f[3]} for f in rows if len(f) >= 4]


@baseline
def no_swap_yet(node1):
    assert not _swaps(node1), "node1 already has swap before the agent"
    assert not node1.file(SWAPFILE).exists, f"{SWAPFILE} exists before the agent"
    assert node1.sysctl("vm.swappiness") == 60, "vm.swappiness is not the kernel's default 60"
    assert "/srv/appdata" in _disk_mounts(_mounts_now(node1)), "the data volume is not mounted on /srv/appdata"


@requirement("req-1")
def swaps_to_the_file(node1):
    swaps = _swaps(node1)
    assert SWAPFILE in swaps, f"{SWAPFILE} is not an active swap area (active: {', '.join(swaps) or 'none'})"
    size = swaps[SWAPFILE] + 4  # and its header page
    assert abs(size - SIZE_KIB) <= SIZE_KIB // 50, f"{SWAPFILE} gives {size // 1024} MiB of swap, not 512 MiB"


@requirement("req-2")
def only_root_can_read_it(node1):
    f = node1.file(SWAPFILE)
    assert f.exists, f"{SWAPFILE} does not exist"
    assert f.user == "root", f"{SWAPFILE} belongs to {f.user}, not root"
    with login.new_account(node1, "obswap") as reader:
        res = login.su(node1, reader, f"if head -c 1 {SWAPFILE} >/dev/null 2>&1; then echo read; else echo refused; fi")
    said = res.stdout.strip()
    if said not in ("read", "refused"):  # the session itself failed: the check's problem, not the agent's
        raise RuntimeError(f"no session of {reader} to try the file in: {res.stderr.strip()[-300:]}")
    assert said == "refused", f"{reader}, an ordinary account, can read {SWAPFILE} (mode {f.mode:04o})"
    assert f.mode & 0o077 == 0, f"{SWAPFILE} has mode {f.mode:04o}: its group or others have access, not only root"


@requirement("req-3")
def low_swappiness(node1):
    value = node1.sysctl("vm.swappiness")
    assert value == 10, f"vm.swappiness is {value}, not 10"


@requirement("req-4")
def nothing_else_changed(ctx, node1):
    other = [name for name in _swaps(node1) if name != SWAPFILE]
    assert not other, f"other swap is active besides {SWAPFILE}: {', '.join(other)}"
    before = _disk_mounts(ctx.snapshot("post_prepare", "node1")["mounts"])
    now = _disk_mounts(_mounts_now(node1))
    for target, (source, fstype, options) in sorted(before.items()):
        assert target in now, f"{target} ({source}, {fstype}) is no longer mounted"
        assert now[target] == (source, fstype, options), \
            f"{target} is mounted from {now[target][0]} ({now[target][1]}, {now[target][2]}), not as before: " \
            f"{source} ({fstype}, {options})"
