"""A command in a new session of an account, opened by root with su: PAM's session stack runs as
for a login (pam_limits, pam_env, …), so what the command may do is what the account may do. And
an account made for the length of a check: what an account created after the agent gets."""
from __future__ import annotations

import shlex
import uuid
from contextlib import contextmanager

from tasklib import _hosts


def su(host, user: str, command: str, login: bool = True):
    """The CommandResult of `command` run by `user` in a new session started from /: with a login
    shell (`su - USER`, the profile scripts run) or, login=False, without one (`su USER`: PAM
    opens the session as for cron or `ssh host command`, and no profile script runs)."""
    opener = f"su - {user}" if login else f"su {user}"
    return host.run(f"cd / && {opener} -c {shlex.quote(command)}")


def how(user: str, login: bool) -> str:
    """How a message names the session: `etl1 (su -)`, `etl1 (su, no login shell)`."""
    return f"{user} ({'su -' if login else 'su, no login shell'})"


@contextmanager
def new_account(host, prefix: str = "ob", groups: tuple[str, ...] = (), primary: str | None = None):
    """The name of an account made now (`prefix` and six random hex digits, with a home and bash)
    in the supplementary `groups`, with `primary` as its primary group (else a group of its own,
    as useradd makes it): the newcomer a rule for "every member" or "every account" must cover.
    On leaving, its processes are killed and the account and its home removed."""
    name = prefix + uuid.uuid4().hex[:6]
    options = (f" -g {primary}" if primary else "") + (f" -G {','.join(groups)}" if groups else "")
    made = host.run(f"useradd -m -s /bin/bash{options} {name}")
    assert made.rc == 0, f"could not create a new account on {_hosts.name(host)}: {made.stderr.strip()}"
    try:
        yield name
    finally:
        host.run(f"pkill -KILL -u {name}; userdel -r {name} 2>/dev/null; true")
