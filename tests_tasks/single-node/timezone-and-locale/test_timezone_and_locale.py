"""Judged where people and programs meet the settings: a new login session (su -) of an account
the check creates, so nothing of the agent's own shell counts, and a service systemd starts now
(systemd-run, whose output comes back through --pipe). Berlin time is told by the local time of
three fixed instants: summer and winter 2024, and July 1978, when Berlin had no summer time yet
but Paris, Rome or Amsterdam did. German is told by the weekday name date prints, English by the
same in a session that asks for en_US.UTF-8 itself."""
import shlex

from fixtures.checks import baseline, requirement
from tasklib import login

# 2024-07-01 12:00 UTC, 2024-01-15 12:00 UTC, 1978-07-01 12:00 UTC, as Europe/Berlin shows them
INSTANTS = {1719835200: "14:CEST", 1705320000: "13:CET", 268142400: "13:CET"}
CLOCK = "; ".join(f"date -d @{t} +%H:%Z" for t in INSTANTS)
# 2024-01-01 was a Monday
WEEKDAY = "date -d 2024-01-01 +%A"


def _session(node1, command: str):
    """`command` in a new login session (su -) of an account made for it."""
    with login.new_account(node1, "obtz") as user:
        res = login.su(node1, user, command)
    assert res.rc == 0, f"a new login session could not run `{command}`: {res.stderr.strip()[-300:]}"
    return res


def _service(node1, command: str):
    """`command` as a service systemd starts now: its output, and what it wrote to stderr."""
    res = node1.run(f"systemd-run --quiet --pipe --wait --collect /bin/sh -c {shlex.quote(command)}")
    assert res.rc == 0, f"a transient service could not run `{command}`: {res.stderr.strip()[-300:]}"
    return res


def _shown(out: str) -> list[str]:
    return out.split()[-len(INSTANTS):]


@baseline
def utc_and_english(node1):
    assert _shown(_session(node1, CLOCK).stdout) == ["12:UTC"] * 3, "a login session is not on UTC"
    assert _session(node1, WEEKDAY).stdout.strip() == "Monday", "a login session is not English"
    assert "de_DE.utf8" not in node1.check_output("locale -a").split(), "de_DE.UTF-8 is already generated"


@requirement("req-1")
def berlin_time_everywhere(node1):
    want = list(INSTANTS.values())
    got = _shown(_session(node1, CLOCK).stdout)
    assert got == want, f"a new login session shows {got} for {want} (Berlin time)"
    got = _shown(_service(node1, CLOCK).stdout)
    assert got == want, f"a service systemd starts shows {got} for {want} (Berlin time)"


@requirement("req-2")
def german_by_default(node1):
    available = node1.check_output("locale -a").split()
    assert "de_DE.utf8" in available, f"de_DE.UTF-8 is not generated (locale -a: {', '.join(available)})"
    res = _session(node1, f"locale; {WEEKDAY}; locale charmap")
    lines = res.stdout.split()
    assert "LANG=de_DE.UTF-8" in lines, \
        f"a new login session has {lines[0] if lines else 'no LANG'}, not LANG=de_DE.UTF-8"
    assert lines[-2:] == ["Montag", "UTF-8"] and "Cannot set" not in res.stderr, \
        f"a new login session does not work in German (weekday {lines[-2:]}): {res.stderr.strip()[-200:]}"
    res = _service(node1, f'echo "LANG=$LANG"; {WEEKDAY}')
    lines = res.stdout.split()
    assert lines[-1:] == ["Montag"], \
        f"a service systemd starts now is not German: {' '.join(lines) or 'no output'} {res.stderr.strip()[-200:]}"


@requirement("req-3")
def english_still_there(node1):
    available = node1.check_output("locale -a").split()
    assert "en_US.utf8" in available, f"en_US.UTF-8 is no longer generated (locale -a: {', '.join(available)})"
    res = _session(node1, f"export LANG=en_US.UTF-8; {WEEKDAY}; locale charmap")
    got = res.stdout.split()[-2:]
    assert got == ["Monday", "UTF-8"], f"a session that asks for English (LANG=en_US.UTF-8) gets {got}"


@requirement("req-4")
def rtc_stays_utc(node1):
    local = node1.check_output("timedatectl show -p LocalRTC --value").strip()
    assert local == "no", "the hardware clock is now kept in local time, not in UTC"
