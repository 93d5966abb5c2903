"""A command in a new session of an account, opened by root with su: PAM's session stack runs as
for a login (pam_limits, pam_env, …), so what the command may do is what the account may do."""
from __future__ import annotations

import shlex


def su(host, user: str, command: str, login: bool = True):
    """The CommandResult of `command` run by `user` in a new session started from /: with a login
    shell (`su - USER`, the profile scripts run) or, login=False, without one (`su USER`: PAM
    opens the session as for cron or `ssh host command`, and no profile script runs)."""
    opener = f"su - {user}" if login else f"su {user}"
    return host.run(f"cd / && {opener} -c {shlex.quote(command)}")


def how(user: str, login: bool) -> str:
    """How a message names the session: `etl1 (su -)`, `etl1 (su, no login shell)`."""
    return f"{user} ({'su -' if login else 'su, no login shell'})"
