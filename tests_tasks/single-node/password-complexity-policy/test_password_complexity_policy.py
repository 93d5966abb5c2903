"""Judged by what passwd really does: a small pty driver plays carol changing her own password
(current password, new one, retype; the same candidate again whenever passwd asks anew) and
reports whether passwd succeeded. carol's original hash is restored after every attempt."""
import json
import shlex

from fixtures.checks import requirement

USER, CURRENT = "carol", "Start#Pass2024"
DRIVER = "/run/ob-passwd-driver.py"
DRIVER_SRC = r'''
import json, os, pty, select, sys, time
user, old, new = sys.argv[1], sys.argv[2], sys.argv[3]
pid, fd = pty.fork()
if pid == 0:
    os.execvp("runuser", ["runuser", "-u", user, "--", "passwd"])
out, pending, answered, deadline = b"", b"", 0, time.time() + 60
while time.time() < deadline:
    r, _, _ = select.select([fd], [], [], 1.0)
    if not r:
        continue
    try:
        chunk = os.read(fd, 1024)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
    pending += chunk
    low = pending.lower()
    if low.rstrip().endswith(b":"):
        if b"current" in low or b"(current)" in low:
            os.write(fd, old.encode() + b"\n")
        elif b"new" in low and answered < 12:
            os.write(fd, new.encode() + b"\n"); answered += 1
        else:
            break
        pending = b""
try:
    os.kill(pid, 9) if time.time() >= deadline else None
except OSError:
    pass
_, status = os.waitpid(pid, 0)
print(json.dumps({"rc": os.waitstatus_to_exitcode(status), "output": out.decode(errors="replace")}))
'''


def _try_password(node1, candidate: str) -> tuple[int, str]:
    script = (f"cat > {DRIVER} <<'PYEOF'\n{DRIVER_SRC}\nPYEOF\n"
              f"saved=$(getent shadow {USER} | cut -d: -f2); "
              f"python3 {DRIVER} {USER} {shlex.quote(CURRENT)} {shlex.quote(candidate)}; "
              f"usermod -p \"$saved\" {USER}; chage -d \"$(date +%F)\" {USER}")
    res = node1.run(script)
    line = [l for l in res.stdout.splitlines() if l.startswith("{")]
    assert line, f"the passwd driver did not report: {res.stderr.strip()[-300:]}"
    data = json.loads(line[-1])
    return data["rc"], data["output"]


def _assert_refused(node1, candidate: str, why: str):
    rc, out = _try_password(node1, candidate)
    assert rc != 0, f"passwd accepted {why} ({candidate!r}) for {USER}"


@requirement("req-1")
def short_refused(node1):
    _assert_refused(node1, "Gr4ss&Tree", "a 10-character password")
    _assert_refused(node1, "Blue#Kite93", "an 11-character password")


@requirement("req-2")
def too_few_classes_refused(node1):
    _assert_refused(node1, "lanternorchardvelvet", "a lower-case-only password")
    _assert_refused(node1, "quietmarble7harbor", "a password with only lower case and digits")


@requirement("req-3")
def strong_accepted(node1):
    rc, out = _try_password(node1, "Vk8#pQz2!mWr")
    assert rc == 0, f"passwd refused a strong password: {out.strip()[-400:]}"
    # three classes are enough: a policy that demands every class refuses what the policy allows
    rc, out = _try_password(node1, "Tq7vRzm2Lpwk")
    assert rc == 0, f"passwd refused a 12-character password with three classes (no punctuation): {out.strip()[-400:]}"


@requirement("req-4")
def ageing_for_new_accounts(node1):
    res = node1.run("userdel -r obprobe >/dev/null 2>&1; useradd -m obprobe && "
                    "chage -l obprobe; userdel -r obprobe >/dev/null 2>&1 || true")
    out = res.stdout
    def value(label):
        for line in out.splitlines():
            if line.startswith(label):
                return line.split(":", 1)[1].strip()
        return "?"
    mx, warn = value("Maximum number of days"), value("Number of days of warning")
    assert mx == "90", f"a new account may keep its password for {mx} days, not 90"
    assert warn == "14", f"a new account is warned {warn} days before expiry, not 14"


@requirement("req-5")
def existing_ageing_kept(node1):
    """Every account that was there when the task began, against the fields prepare recorded
    (min, max, warn, inactive, expire; the date of the last change is not compared: the other
    checks change carol's password and restore it)."""
    before = node1.run("cat /var/lib/opsbench/ageing.before")
    if before.rc != 0 or not before.stdout.strip():  # the check's own failure
        raise RuntimeError("prepare's record of the ageing settings (/var/lib/opsbench/ageing.before) is missing")
    now = node1.run("getent shadow | cut -d: -f1,4-8")
    if now.rc != 0 or not now.stdout.strip():
        raise RuntimeError(f"cannot read the accounts' ageing settings: {now.stderr.strip()[-300:]}")
    current = {line.split(":", 1)[0]: line for line in now.stdout.splitlines() if ":" in line}
    names = ("min", "max", "warn", "inactive", "expire")
    changed = []
    for line in before.stdout.splitlines():
        user = line.split(":", 1)[0]
        if user not in current or current[user] == line:
            continue
        diff = [f"{n} {a or '-'} -> {b or '-'}" for n, a, b in
                zip(names, line.split(":")[1:], current[user].split(":")[1:]) if a != b]
        changed.append(f"{user} ({', '.join(diff)})")
    assert not changed, "the ageing settings of existing accounts were changed: " + "; ".join(changed)

