"""ledgerd reports what it runs with (GET /status: its release, retention, workers, the
open-files limit it was given, its user), so the settings are judged by the running service,
not by the unit files. "Stays in force" is a package upgrade played by the check: the packaged
unit file replaced by the next release's (the same file, release 2.4.2), then ledgerd restarted;
the file the node had is put back afterwards."""
import re
from pathlib import Path

from fixtures.checks import baseline, requirement
from tasklib import http, systemd

VENDOR = "/usr/lib/systemd/system/ledgerd.service"
# the packaged unit as prepare.sh installs it, and the next release's
PACKAGED = re.search(r"cat > /usr/lib/systemd/system/ledgerd\.service <<'UNIT'\n(.*?\n)UNIT\n",
                     (Path(__file__).parent / "prepare.sh").read_text(), re.S).group(1)
UPGRADED = PACKAGED.replace("2.4.1", "2.4.2")
STATUS_URL = "http://127.0.0.1:8300/status"
WANTED = {"retention_days": 90, "workers": 8}
MIN_FILES = 65536


def _status(node1, wait_s: int = 0) -> dict | None:
    """ledgerd's /status, waiting up to `wait_s` for it to answer; None if it does not."""
    return http.get_json(node1, STATUS_URL, wait_s)


def _settings_missing(st: dict) -> list[str]:
    missing = [f"{k} is {st.get(k)}, not {v}" for k, v in WANTED.items() if st.get(k) != v]
    if not isinstance(st.get("open_files_limit"), int) or st["open_files_limit"] < MIN_FILES:
        missing.append(f"the open-files limit is {st.get('open_files_limit')}, not {MIN_FILES}")
    return missing


@baseline
def ledgerd_down(node1):
    assert _status(node1) is None, "ledgerd already answers in the starting condition"


@requirement("req-1")
def answers_as_unit(node1):
    st = _status(node1, wait_s=15)
    assert st is not None and st.get("service") == "ledgerd", "nothing answers as ledgerd on tcp/8300"
    res = node1.run("systemctl restart ledgerd.service")
    assert res.rc == 0, f"systemctl restart ledgerd failed: {res.stderr.strip()[-300:]}"
    st = _status(node1, wait_s=15)
    assert st is not None, "ledgerd does not answer after a restart of its unit"
    pid, main = systemd.listener_pid(node1, 8300), systemd.main_pid(node1, "ledgerd.service")
    assert pid and pid == main, f"tcp/8300 is served by pid {pid or '?'}, not by the ledgerd unit (MainPID {main or '?'})"
    assert st.get("user") == "ledgerd", f"ledgerd runs as {st.get('user')}, not as its user ledgerd"


@requirement("req-2")
def ops2210_settings(node1):
    st = _status(node1, wait_s=15)
    assert st is not None, "ledgerd does not answer on tcp/8300"
    missing = _settings_missing(st)
    assert not missing, "ledgerd does not run with OPS-2210's settings: " + "; ".join(missing)


@requirement("req-3")
def packaged_unit_in_force(node1):
    current = node1.file(VENDOR)
    assert current.exists, f"{VENDOR} is gone"
    assert current.content_string == PACKAGED, \
        f"{VENDOR} was changed: the next package upgrade replaces it"
    saved = node1.run(f"cp -a {VENDOR} /run/ob-ledgerd.service.saved")
    assert saved.rc == 0, f"could not keep a copy of {VENDOR}: {saved.stderr.strip()}"
    try:
        node1.check_output(f"cat > {VENDOR} <<'UNIT'\n{UPGRADED}UNIT\n")
        node1.run("systemctl daemon-reload && systemctl restart ledgerd.service")
        st = _status(node1, wait_s=20)
    finally:
        node1.run(f"cp -a /run/ob-ledgerd.service.saved {VENDOR} && rm -f /run/ob-ledgerd.service.saved "
                  "&& systemctl daemon-reload && systemctl restart ledgerd.service")
        _status(node1, wait_s=20)
    assert st is not None, "after a package upgrade of its unit file, ledgerd does not come back"
    assert st.get("release") == "2.4.2", \
        f"after a package upgrade of its unit file, ledgerd still runs release {st.get('release')}: the packaged unit is not in force"
    missing = _settings_missing(st)
    assert not missing, "after a package upgrade of its unit file, ledgerd lost its local settings: " + "; ".join(missing)
