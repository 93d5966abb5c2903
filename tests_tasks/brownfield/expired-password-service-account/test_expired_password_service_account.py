"""The cron job is judged by cron running it (its stamp file written after the check began),
the SSH side by a key login as the reports server makes it (the key's private half is here, its
public half in prepare.sh). Whether a password is usable and when it expires is read from the
shadow entry, as pam_unix reads it; "accounts created later" is a fresh account made by the
check."""
from fixtures.checks import baseline, requirement

STAMP = "/var/lib/reportsync/last-sync"
PROBE = "obprobe"
OTHERS = {"alice": "90", "bob": "90"}      # maximum password age prepare.sh gave the people
REPORTS_SERVER_KEY = """-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACBJc6sy8QFnfwzF1TpbTvC8Lh/ldUbalk+ZcznUo54pGQAAAJjRSWQm0Ulk
JgAAAAtzc2gtZWQyNTUxOQAAACBJc6sy8QFnfwzF1TpbTvC8Lh/ldUbalk+ZcznUo54pGQ
AAAEBG2v/u+GXiJgqiF/1EYk0DNbM+C0wCyBfwZUzKHww8g0lzqzLxAWd/DMXVOltO8Lwu
H+V1RtqWT5lzOdSjnikZAAAAE3JlcG9ydHMtc2VydmVyQGNvcnABAg==
-----END OPENSSH PRIVATE KEY-----
"""
SSH = ("KEY=$(mktemp); trap 'rm -f \"$KEY\"' EXIT; cat > \"$KEY\" <<'PEM'\n" + REPORTS_SERVER_KEY + "PEM\n"
       "chmod 600 \"$KEY\"; ssh -i \"$KEY\" -o BatchMode=yes -o IdentitiesOnly=yes -o StrictHostKeyChecking=no "
       "-o UserKnownHostsFile=/dev/null -o ConnectTimeout=15 -o LogLevel=ERROR reportsync@127.0.0.1 ")


def _shadow(node1, user: str) -> list[str]:
    entry = node1.check_output(f"getent shadow {user}")
    fields = entry.split(":")
    assert len(fields) >= 9, f"cannot read the shadow entry of {user}"
    return fields


def _key_login(node1):
    return node1.run(SSH + "'id -un'")


@baseline
def reportsync_locked_out(node1):
    res = _key_login(node1)
    assert res.rc != 0 or "reportsync" not in res.stdout, "reportsync's key login already works"
    assert _shadow(node1, "reportsync")[1].startswith("!"), "reportsync has a password in the starting condition"


@requirement("req-1")
def cron_job_runs(node1):
    res = node1.run(f"start=$(date +%s); for i in $(seq 1 80); do "
                    f"m=$(stat -c %Y {STAMP} 2>/dev/null || echo 0); [ \"$m\" -ge \"$start\" ] && exit 0; "
                    f"sleep 1; done; exit 1")
    assert res.rc == 0, "reportsync's cron job did not run within 80 s (its stamp file was not written)"


@requirement("req-2")
def key_login_works(node1):
    res = _key_login(node1)
    assert res.rc == 0 and res.stdout.splitlines()[:1] == ["reportsync"], \
        f"the reports server's key login as reportsync fails: {(res.stderr or res.stdout).strip()[-300:]}"


@requirement("req-3")
def no_usable_password(node1):
    field = _shadow(node1, "reportsync")[1]
    assert field != "", "reportsync has an empty password: anyone can log in as it without one"
    assert field[0] in "!*", "reportsync now has a usable password"


@requirement("req-4")
def never_expires(node1):
    _, _, last, _, most, _, _, expire = _shadow(node1, "reportsync")[:8]
    today = int(node1.check_output("date +%s")) // 86400
    assert last != "0", "reportsync must change its password at the next login (last change set to 0)"
    if last and most not in ("", "-1"):
        left = int(last) + int(most) - today
        assert left >= 3650, f"reportsync's password still expires, in {left} days"
    if expire not in ("", "-1"):
        assert int(expire) - today >= 3650, "the reportsync account itself now expires"


@requirement("req-5")
def others_keep_policy(node1):
    for user, most in OTHERS.items():
        got = _shadow(node1, user)[4]
        assert got == most, f"{user}'s maximum password age changed from {most} to {got or 'none'}"
    made = node1.run(f"id {PROBE} >/dev/null 2>&1 || useradd -M -s /usr/sbin/nologin {PROBE}")
    assert made.rc == 0, f"could not create a test account: {made.stderr.strip()}"
    try:
        got = _shadow(node1, PROBE)[4]
    finally:
        node1.run(f"userdel {PROBE}")
    assert got == "90", f"a new account gets a maximum password age of {got or 'none'}, not the policy's 90 days"
