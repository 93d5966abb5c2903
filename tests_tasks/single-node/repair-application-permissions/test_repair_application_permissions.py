"""Judged by using the app (authenticated read of an old note, store a new one), the account its
process runs under, and reads attempted as unprivileged users: intern, and an account the check
creates (the rule is "other local users", not the one the ticket names). The notes to come
count too: a note the app stores now must be as private as the old ones."""
import contextlib
import hashlib
import uuid

from fixtures.checks import baseline, requirement
from tasklib import systemd

TOKEN = "nk-7f3a91c2e4b85d60a1f9c3e7"
URL = "http://127.0.0.1:8400"


def _wait_up(node1, seconds: int = 60) -> bool:
    return node1.run(f"for i in $(seq 1 {seconds}); do curl -sf --max-time 2 {URL}/health >/dev/null "
                     "&& exit 0; sleep 1; done; exit 1").rc == 0


@contextlib.contextmanager
def other_users(node1):
    """intern and a fresh local account, removed afterwards."""
    fresh = "obpeek" + uuid.uuid4().hex[:6]
    res = node1.run(f"useradd -M -s /usr/sbin/nologin {fresh}")
    if res.rc != 0:  # the check's own failure
        raise RuntimeError(f"could not create a test account: {res.stderr.strip()}")
    try:
        yield ("intern", fresh)
    finally:
        node1.run(f"userdel {fresh}")


@baseline
def broken_at_start(node1):
    assert node1.run(f"curl -sf --max-time 3 {URL}/health").rc != 0, "notes already answers"


@requirement("req-1")
def app_works(node1):
    assert _wait_up(node1), "notes does not answer on port 8400"
    old = node1.run(f"curl -sf --max-time 5 -H 'X-Token: {TOKEN}' {URL}/notes/welcome")
    assert old.rc == 0 and "ops rota" in old.stdout, "the existing note 'welcome' cannot be read through the app"
    put = node1.run(f"printf 'check %s' \"$(date +%s)\" | curl -sf --max-time 5 -X PUT "
                    f"-H 'X-Token: {TOKEN}' --data-binary @- {URL}/notes/obcheck")
    assert put.rc == 0, "the app cannot store a new note"
    got = node1.run(f"curl -sf --max-time 5 -H 'X-Token: {TOKEN}' {URL}/notes/obcheck")
    assert got.rc == 0 and got.stdout.startswith("check "), "a stored note cannot be read back"
    node1.run("rm -f /var/lib/notes/obcheck.txt")


@requirement("req-2")
def runs_as_notes(node1):
    assert _wait_up(node1), "notes does not answer on port 8400"
    pid = systemd.main_pid(node1, "notes.service")
    user = node1.run(f"ps -o user= -p {pid}").stdout.strip()
    assert user == "notes", f"the notes process runs as {user or 'nobody (not running)'}, not as notes"


@requirement("req-3")
def secret_private(node1):
    key = node1.file("/etc/notes/secret.key")
    assert key.exists and key.sha256sum == hashlib.sha256((TOKEN + "\n").encode()).hexdigest(), \
        "the secret key was changed"
    with other_users(node1) as users:
        for user in users:
            res = node1.run(f"runuser -u {user} -- cat /etc/notes/secret.key")
            assert res.rc != 0, f"{user} (another local user) can read /etc/notes/secret.key"


@requirement("req-4")
def notes_private(node1):
    files = ["welcome.txt", "todo.txt"]
    name = "obpriv-" + uuid.uuid4().hex[:8]
    # a note stored now through the app, when it runs (req-1 judges whether it does)
    if node1.run(f"curl -sf --max-time 3 {URL}/health").rc == 0:
        put = node1.run(f"printf 'private %s' {name} | curl -sf --max-time 5 -X PUT "
                        f"-H 'X-Token: {TOKEN}' --data-binary @- {URL}/notes/{name}")
        if put.rc == 0:
            files.append(f"{name}.txt")
    try:
        with other_users(node1) as users:
            for user in users:
                for f in files:
                    res = node1.run(f"runuser -u {user} -- cat /var/lib/notes/{f}")
                    assert res.rc != 0, f"{user} (another local user) can read /var/lib/notes/{f}" + \
                        (", a note the app stored just now" if f.startswith("obpriv-") else "")
    finally:
        node1.run(f"rm -f /var/lib/notes/{name}.txt")


@requirement("req-5")
def running_after_reboot(node1):
    assert node1.service("notes.service").is_enabled, "notes.service is not enabled"
    assert _wait_up(node1), "notes is not running (port 8400 does not answer)"
