"""A node's serial console, read to tell a guest that booted into a dead end (emergency or rescue
mode: its own configuration stopped it) from a testbed that failed (nothing booted)."""
from __future__ import annotations

import re
from pathlib import Path

# what systemd, sulogin and dracut print when boot stops for the machine's configuration
DEAD_ENDS = ("You are in emergency mode", "You are in rescue mode", "Entering emergency mode",
             "Give root password for maintenance")
# (systemd shortens long unit names with "…", sometimes inside a colour sequence)
_ANSI = re.compile(r"\x1b(\[[0-9;?:…]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_])")
CONTEXT_LINES = 12


def size(path: Path) -> int:
    """Where the console log ends now (0 when there is none yet)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def read_from(path: Path, offset: int, limit: int = 1 << 20) -> str:
    """What the console printed after `offset` (the last `limit` bytes of it), escapes removed."""
    try:
        with open(path, "rb") as f:
            end = size(path)
            f.seek(max(offset if offset <= end else 0, end - limit))  # shorter: the log restarted
            raw = f.read(limit)
    except OSError:
        return ""
    return _ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r", "")


def dead_end(text: str) -> str | None:
    """The console's lines up to the first dead end (the failed units that led there), or None
    when the guest did not stop in one."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for i, line in enumerate(lines):
        if any(sig in line for sig in DEAD_ENDS):
            return "\n".join(lines[max(0, i - CONTEXT_LINES):i + 1])
    return None


_LOGIN_PROMPT = re.compile(r"^\S+ login: *$", re.M)


def login_prompt(text: str) -> bool:
    """Whether getty offered a login: the boot reached its user sessions (getty waits for
    systemd-user-sessions, which lifts the boot's nologin)."""
    return bool(_LOGIN_PROMPT.search(text))


# what the kernel prints as the guest's last words when it is told to stop
POWER_DOWNS = ("reboot: Power down", "reboot: System halted", "System halted")


def powered_down(text: str) -> str | None:
    """`powered off` or `halted` when the guest itself shut down (poweroff, halt, shutdown -h),
    else None: a VM that vanished without these words was stopped from outside."""
    for line in reversed([ln.strip() for ln in text.splitlines() if ln.strip()]):
        if "Power down" in line:
            return "powered off"
        if "System halted" in line:
            return "halted"
    return None
