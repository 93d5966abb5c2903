"""Judged with the real users, through login shells (runuser -l), so group membership and
umask are what the users really get. Every file a check creates carries a unique name and is
removed as root afterwards."""
import contextlib
import uuid

from fixtures.checks import baseline, requirement

D = "/srv/drop"


def _as(ctx, user, cmd):
    """`cmd` in a login of `user` (testinfra's hosts run commands as root only)."""
    return ctx.run("node1", cmd, user=user)


def _cleanup(node1, tag):
    node1.run(f"rm -rf {D}/*{tag}*")


@contextlib.contextmanager
def _tagged(node1):
    """A unique tag for the names a check creates in /srv/drop, all removed as root afterwards."""
    tag = uuid.uuid4().hex[:8]
    try:
        yield tag
    finally:
        _cleanup(node1, tag)


@baseline
def wide_open_before(ctx, node1):
    with _tagged(node1) as tag:
        assert _as(ctx, "carol", f"touch {D}/c-{tag}").exit_code == 0, "carol cannot write /srv/drop before"


@requirement("req-1")
def members_create(ctx, node1):
    with _tagged(node1) as tag:
        for u in ("alice", "bob"):
            res = _as(ctx, u, f"echo from-{u} > {D}/{u}-{tag}.txt && mkdir {D}/{u}-dir-{tag}")
            assert res.exit_code == 0, f"{u} cannot create a file or directory in {D}: {res.stderr.strip()}"


@requirement("req-2")
def cannot_touch_others(ctx, node1):
    with _tagged(node1) as tag:
        for owner, other in (("alice", "bob"), ("bob", "alice")):
            f = f"{D}/{owner}-{tag}.txt"
            assert _as(ctx, owner, f"echo original > {f}").exit_code == 0, f"{owner} cannot create {f}"
            _as(ctx, other, f"rm -f {f}")
            assert node1.file(f).exists, f"{other} could delete {owner}'s file"
            _as(ctx, other, f"mv -f {f} {D}/stolen-{tag}")
            assert node1.file(f).exists, f"{other} could rename {owner}'s file"
            _as(ctx, other, f"echo replaced > {D}/{other}-repl-{tag} && mv -f {D}/{other}-repl-{tag} {f}")
            res = node1.run(f"cat {f}")
            assert res.stdout.strip() == "original", f"{other} could replace {owner}'s file by renaming over it"
            _cleanup(node1, tag)
        # the files that were already there count too
        _as(ctx, "bob", f"rm -f {D}/q3-summary.txt")
        _as(ctx, "alice", f"rm -f {D}/q3-costs.txt")
        gone = [p for p in ("q3-summary.txt", "q3-costs.txt") if not node1.file(f"{D}/{p}").exists]
        assert not gone, f"a member could delete another member's existing file: {', '.join(gone)}"


@requirement("req-3")
def group_owned_and_readable(ctx, node1):
    with _tagged(node1) as tag:
        res = _as(ctx, "alice", f"echo secret-{tag} > {D}/alice-{tag}.txt && mkdir {D}/alice-dir-{tag} && "
                  f"echo deep > {D}/alice-dir-{tag}/inner-{tag}.txt")
        assert res.exit_code == 0, f"alice cannot create in {D}: {res.stderr.strip()}"
        for p in (f"{D}/alice-{tag}.txt", f"{D}/alice-dir-{tag}", f"{D}/alice-dir-{tag}/inner-{tag}.txt"):
            grp = node1.file(p).group
            assert grp == "reports", f"{p}, created by alice, belongs to group {grp!r}, not reports"
        res = _as(ctx, "bob", f"cat {D}/alice-{tag}.txt")
        assert res.exit_code == 0 and f"secret-{tag}" in res.stdout, "bob cannot read a file alice created"


@requirement("req-4")
def outsiders_locked_out(ctx, node1):
    """The files to come count, not only the two already there: a member writes a new report in
    a fresh login (their own umask), and carol can neither read it nor list the folder."""
    with _tagged(node1) as tag:
        res = _as(ctx, "carol", f"touch {D}/carol-{tag}")
        assert res.exit_code != 0 and not node1.file(f"{D}/carol-{tag}").exists, \
            "carol (not in reports) can create files in /srv/drop"
        new = f"{D}/alice-new-{tag}.txt"
        assert _as(ctx, "alice", f"echo new-report-{tag} > {new}").exit_code == 0, f"alice cannot create {new}"
        for path in (f"{D}/q3-summary.txt", new):
            res = _as(ctx, "carol", f"cat {path}")
            assert res.exit_code != 0, f"carol (not in reports) can read {path}"
        res = _as(ctx, "carol", f"ls {D}")
        assert res.exit_code != 0, f"carol (not in reports) can list {D}: {res.stdout.split()[:5]}"


@requirement("req-5")
def own_files_manageable(ctx, node1):
    with _tagged(node1) as tag:
        for u in ("alice", "bob"):
            res = _as(ctx, u, f"echo x > {D}/{u}-{tag} && mv {D}/{u}-{tag} {D}/{u}-renamed-{tag} && "
                      f"rm {D}/{u}-renamed-{tag}")
            assert res.exit_code == 0, f"{u} cannot rename and delete a file of their own: {res.stderr.strip()}"
