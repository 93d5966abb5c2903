"""A directory tree and its copy on another node (a push with rsync over SSH, a backup): what
each side holds, the copy job run as its timer or cron would run it, and waiting for a change
to arrive."""
from __future__ import annotations

import time

# how a timer or a cron job starts a command: root, an empty environment, no terminal, no stdin
UNATTENDED = "env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root setsid timeout {seconds} {command} < /dev/null"


def listing_command(root: str, fields: str = "%m") -> str:
    """The shell command behind `listing`."""
    columns = ", ".join(f"${i}" for i in range(1, len(fields.split()) + 3))
    return (f"cd {root} 2>/dev/null && find . -type f -printf '%p {fields} ' -exec sha256sum {{}} \\; "
            f"| awk '{{print {columns}}}' | sort")


def listing(host, root: str, fields: str = "%m") -> str:
    """Every file under `root` on `host`, a sorted line each: its path (./ relative to root),
    the `find -printf` `fields` (`%m` its mode, `%U %m` owner uid and mode) and its sha256.
    Empty when root does not exist: two sides are the same copy when their listings are equal."""
    return host.run(listing_command(root, fields)).stdout.strip()


def unattended(host, command: str, seconds: int):
    """The CommandResult of `command` run as its timer or cron job would run it: as root with an
    empty environment (a PATH, HOME=/root), no terminal and nothing on stdin, so a password,
    passphrase or host-key prompt fails it; killed after `seconds`."""
    return host.run(UNATTENDED.format(seconds=seconds, command=command))


def succeeds_within(host, command: str, seconds: float, every: float = 10) -> bool:
    """Whether `command` succeeds on `host` within `seconds` (tried at once, then every `every`
    seconds until the time is up)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if host.run(command).rc == 0:
            return True
        time.sleep(every)
    return False
