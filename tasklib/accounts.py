"""Accounts a check makes for the length of a with block: the newcomer a rule for "every member
of the group" or "every account" must cover, not only the accounts the ticket names."""
from __future__ import annotations

import uuid
from contextlib import contextmanager

from tasklib import _hosts


@contextmanager
def new_account(host, prefix: str = "ob", groups: tuple[str, ...] = (), primary: str | None = None):
    """The name of an account made now (`prefix` and six random hex digits, with a home and bash)
    in the supplementary `groups`, with `primary` as its primary group (else a group of its own,
    as useradd makes it); on leaving, its processes are killed and the account and home removed."""
    name = prefix + uuid.uuid4().hex[:6]
    options = (f" -g {primary}" if primary else "") + (f" -G {','.join(groups)}" if groups else "")
    made = host.run(f"useradd -m -s /bin/bash{options} {name}")
    assert made.rc == 0, f"could not create a new account on {_hosts.name(host)}: {made.stderr.strip()}"
    try:
        yield name
    finally:
        host.run(f"pkill -KILL -u {name}; userdel -r {name} 2>/dev/null; true")
