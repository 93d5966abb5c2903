"""Judged with real SSH logins on node1 to 127.0.0.1: passwords are typed by an SSH_ASKPASS
helper (no tty, no sshpass needed), keys are throwaway ones added to the user's authorized_keys
for the check and removed afterwards."""
import uuid

from fixtures.checks import baseline, requirement

PASSWORDS = {"carol": "Sunflower-42", "tapebot": "Tape-Rotation-7"}
SALTS = {"carol": "obcarolsalt", "tapebot": "obtapesalt"}
MARK = "opsbench-keyonly-check"
COMMON = ("-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o GlobalKnownHostsFile=/dev/null "
          "-o ConnectTimeout=15 -o LogLevel=ERROR")


def _password_login(node1, user: str) -> tuple[bool, str]:
    script = f"""
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
printf '#!/bin/sh\\necho "%s"\\n' '{PASSWORDS[user]}' > "$d/askpass"; chmod 700 "$d/askpass"
SSH_ASKPASS="$d/askpass" SSH_ASKPASS_REQUIRE=force DISPLAY=:0 setsid -w ssh {COMMON} \\
  -o PubkeyAuthentication=no -o IdentitiesOnly=yes -o IdentityFile=/dev/null \\
  -o PreferredAuthentications=keyboard-interactive,password -o NumberOfPasswordPrompts=1 \\
  {user}@127.0.0.1 'echo pw-login-ok' < /dev/null
"""
    res = node1.run(script)
    return res.rc == 0 and "pw-login-ok" in res.stdout, (res.stdout + res.stderr).strip()


def _offered(node1, user: str) -> str:
    res = node1.run(f"ssh {COMMON} -o BatchMode=yes -o PubkeyAuthentication=no "
                    f"-o GSSAPIAuthentication=no -o HostbasedAuthentication=no "
                    f"{user}@127.0.0.1 true < /dev/null 2>&1 | grep -o 'Permission denied (.*)' || true")
    return res.stdout.strip()


@baseline
def passwords_work_before(node1):
    for user in PASSWORDS:
        ok, out = _password_login(node1, user)
        assert ok, f"{user} cannot log in with a password before the agent: {out[-300:]}"


@requirement("req-1")
def password_login_fails(node1):
    let_in = []
    for user in PASSWORDS:
        ok, _ = _password_login(node1, user)
        if ok:
            let_in.append(user)
    assert not let_in, f"SSH still accepts the password of: {', '.join(let_in)}"


@requirement("req-2")
def no_password_methods_offered(node1):
    bad = []
    for user in ("carol", "tapebot", "root", "admin", "nosuchuser"):
        offered = _offered(node1, user)
        assert offered, f"could not read the authentication methods sshd offers to {user}"
        if "password" in offered or "keyboard-interactive" in offered:
            bad.append(f"{user}: {offered}")
    assert not bad, "sshd still offers password-based methods: " + "; ".join(bad)


def _key_login(node1, user: str, home: str) -> tuple[bool, str]:
    script = f"""
set -u
d=$(mktemp -d); ak={home}/.ssh/authorized_keys
trap 'rm -rf "$d"; sed -i "/ {MARK}$/d" "$ak"' EXIT
ssh-keygen -q -t ed25519 -N '' -C {MARK} -f "$d/id"
install -d -m 700 -o {user} -g $(id -gn {user}) {home}/.ssh; touch "$ak"; chown {user}: "$ak"
cat "$d/id.pub" >> "$ak"
ssh {COMMON} -o BatchMode=yes -o IdentitiesOnly=yes -o IdentityFile="$d/id" {user}@127.0.0.1 'echo key-login-ok' < /dev/null
"""
    res = node1.run(script)
    return res.rc == 0 and "key-login-ok" in res.stdout, (res.stdout + res.stderr).strip()[-300:]


@requirement("req-3")
def key_login_works(ctx, node1):
    """Everyone, not only the two accounts of the ticket: the administration account the lab
    logs in with, and an account made now (what a rule such as AllowUsers shuts out)."""
    admin = ctx.cluster.node("node1").login_user
    newcomer = "obkey" + uuid.uuid4().hex[:6]
    node1.run(f"useradd -m -s /bin/bash {newcomer}")
    try:
        failed = []
        for user in (*PASSWORDS, admin, newcomer):
            home = node1.run(f"getent passwd {user} | cut -d: -f6").stdout.strip()
            ok, out = _key_login(node1, user, home)
            if not ok:
                failed.append(f"{user}: {out}")
        assert not failed, "key-based login does not work for " + "; ".join(failed)
    finally:
        node1.run(f"userdel -r {newcomer} 2>/dev/null; true")


@requirement("req-4")
def passwords_kept(node1):
    for user, pw in PASSWORDS.items():
        res = node1.run(f"h=$(getent shadow {user} | cut -d: -f2); "
                        f"[ \"$h\" = \"$(openssl passwd -6 -salt {SALTS[user]} '{pw}')\" ]")
        assert res.rc == 0, f"{user}'s password was changed, removed or locked"
        exp = node1.run(f"getent shadow {user} | cut -d: -f8")
        assert exp.stdout.strip() in ("", ), f"{user}'s account was given an expiry date (disabled)"
