"""Judged by what the accounts really do in new su sessions (PAM's session stack, so the umask
they get is theirs), with and without a login shell: members write to each other's files and
create files in each other's directories, a newcomer added to analysts by the check does the
same, carol tries to look in. Whatever a check creates carries a unique tag in its name and is
removed as root afterwards; the home-directory default is compared with the mode, recorded in
the post_prepare snapshot, of the file each member made in a login session during prepare."""
import uuid
from contextlib import contextmanager

from fixtures.checks import baseline, requirement
from tasklib import login as login_

D = "/srv/analysis"
KEPT = {  # what prepare put there
    f"{D}/churn-2024.csv": "month,churn\n2024-01,2.1\n2024-02,1.8\n",
    f"{D}/models/baseline.py": "# baseline churn model\nTHRESHOLD = 0.3\n",
    f"{D}/README.txt": "Shared workspace of the analysts team.\n",
}


@contextmanager
def _tag(node1):
    """A unique word for the names a check gives what it creates; all of it removed afterwards."""
    tag = uuid.uuid4().hex[:8]
    try:
        yield tag
    finally:
        node1.run(f"rm -rf {D}/*{tag}* {D}/*/*{tag}* /home/*/*{tag}*")


def _ok(node1, user: str, command: str, what: str, login: bool = True) -> None:
    res = login_.su(node1, user, command, login)
    assert res.rc == 0, f"{login_.how(user, login)} cannot {what}: {res.stderr.strip()[-200:]}"


def _edit(node1, user: str, path: str, login: bool = True) -> None:
    """`user` adds a line to `path`, which must then hold it."""
    line = f"edited by {user} {uuid.uuid4().hex[:6]}"
    _ok(node1, user, f"echo '{line}' >> {path}", f"change {path}", login)
    assert line in node1.file(path).content_string, f"{user}'s change did not reach {path}"


def _may_write(node1, user: str, path: str, login: bool = True) -> None:
    """`user` opens `path` for writing without changing it (the files prepare made are kept)."""
    _ok(node1, user, f": >> {path}", f"open {path} for writing", login)


def _created_by(node1, user: str, tag: str, login: bool = True) -> tuple[str, str]:
    """A file and a subdirectory with a file in it, created in /srv/analysis by `user`."""
    f, sub = f"{D}/{user}-{tag}.txt", f"{D}/{user}-dir-{tag}"
    _ok(node1, user, f"echo 'by {user}' > {f} && mkdir {sub} && echo 'by {user}' > {sub}/notes.txt",
        f"create a file and a subdirectory in {D}", login)
    return f, sub


@baseline
def not_shared_yet(node1):
    res = login_.su(node1, "bob", f": >> {D}/churn-2024.csv")
    assert res.rc != 0, "bob can already change alice's file before the agent"
    assert login_.su(node1, "carol", f"ls {D}").rc == 0, "carol cannot list /srv/analysis before the agent"
    assert node1.file("/home/alice/todo.txt").exists, "prepare did not leave alice's todo.txt"


@requirement("req-1")
def members_share_everything(node1):
    with _tag(node1) as tag:
        a_file, a_dir = _created_by(node1, "alice", tag)
        _edit(node1, "bob", a_file, login=False)
        _edit(node1, "bob", f"{a_dir}/notes.txt", login=False)
        b_file = f"{a_dir}/bob-{tag}.txt"
        _ok(node1, "bob", f"echo 'by bob' > {b_file}", f"create a file in {a_dir}, which alice made", login=False)
        _edit(node1, "alice", b_file, login=False)
        b_top, _ = _created_by(node1, "bob", tag)
        _edit(node1, "alice", b_top)
        _may_write(node1, "bob", f"{D}/churn-2024.csv")
        _may_write(node1, "bob", f"{D}/models/baseline.py")
        _may_write(node1, "alice", f"{D}/README.txt")
        _ok(node1, "bob", f"echo 'by bob' > {D}/models/bob-{tag}.txt", f"create a file in {D}/models, which alice made")


@requirement("req-2")
def newcomers_share_too(node1):
    with login_.new_account(node1, "obana", groups=("analysts",)) as newcomer, _tag(node1) as tag:
        a_file, a_dir = _created_by(node1, "alice", tag)
        _edit(node1, newcomer, a_file)
        _edit(node1, newcomer, f"{a_dir}/notes.txt", login=False)
        for path in KEPT:
            _may_write(node1, newcomer, path)
        n_file = f"{a_dir}/{newcomer}-{tag}.txt"
        _ok(node1, newcomer, f"echo 'by the newcomer' > {n_file}", f"create a file in {a_dir}, which alice made")
        _edit(node1, "bob", n_file)


@requirement("req-3")
def outsiders_shut_out(node1):
    with _tag(node1) as tag:
        a_file, a_dir = _created_by(node1, "alice", tag)
        res = login_.su(node1, "carol", f"ls {D}")
        assert res.rc != 0, f"carol can list {D}: {' '.join(res.stdout.split()[:6])}"
        for path in (*KEPT, a_file, f"{a_dir}/notes.txt"):
            assert login_.su(node1, "carol", f"cat {path}").rc != 0, f"carol can read {path}"
            assert login_.su(node1, "carol", f": >> {path}").rc != 0, f"carol can change {path}"
        res = login_.su(node1, "carol", f"touch {D}/carol-{tag}")
        assert res.rc != 0 and not node1.file(f"{D}/carol-{tag}").exists, f"carol can create files in {D}"


@requirement("req-4")
def home_defaults_unchanged(ctx, node1):
    before = ctx.snapshot("post_prepare", "node1")["files"]
    with _tag(node1) as tag:
        for user in ("alice", "bob"):
            was = before.get(f"/home/{user}/todo.txt", {}).get("mode")
            assert was, f"the post_prepare snapshot has no /home/{user}/todo.txt"
            for login in (True, False):
                res = login_.su(node1, user, f"cd && echo new > new-{tag}-{login} && stat -c %a new-{tag}-{login}", login)
                assert res.rc == 0, f"{login_.how(user, login)} cannot create a file at home: {res.stderr.strip()}"
                now = res.stdout.split()[-1]
                assert now == was, (f"a new file {login_.how(user, login)} creates at home gets mode {now}, "
                                    f"not {was} as before")


@requirement("req-5")
def files_kept(node1):
    for path, text in KEPT.items():
        f = node1.file(path)
        assert f.exists, f"{path} is gone"
        assert f.content_string == text, f"{path} does not hold what it held: {f.content_string[:120]!r}"
