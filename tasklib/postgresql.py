"""PostgreSQL: SQL as the postgres superuser on a node, waiting for the server to accept
connections, and waiting for a query to return what a replica should have."""
from __future__ import annotations

import shlex
import time


def psql(host, db: str, query: str, timeout: int = 30):
    """`query` run by psql as the postgres superuser in database `db` (tuples only, unaligned:
    columns `|`-separated, one row a line): its CommandResult, failed or not."""
    return host.run(f"timeout {timeout} runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 "
                    f"-d {db} -c {shlex.quote(query)}")


def wait_ready(host, seconds: int = 90) -> None:
    """Until the node's server accepts connections, at most `seconds` (it may still be starting,
    e.g. right after the reboot check). Whether it did is for the caller's next query to show."""
    host.run(f"for i in $(seq {seconds}); do runuser -u postgres -- pg_isready -q && exit 0; sleep 1; done; exit 1")


def returns_within(host, db: str, query: str, want: str, tries: int = 30) -> bool:
    """Whether `query` returns `want` on `host` within `tries` attempts a second apart."""
    for _ in range(tries):
        res = psql(host, db, query)
        if res.rc == 0 and res.stdout.strip() == want:
            return True
        time.sleep(1)
    return False
