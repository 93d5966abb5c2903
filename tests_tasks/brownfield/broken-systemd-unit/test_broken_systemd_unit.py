import hashlib

from fixtures.checks import baseline, requirement
from tasklib import systemd

REPORTS = """id,quarter,title,owner
r-101,2024Q3,Q3 revenue by region,finance
r-102,2024Q3,Datacenter power usage,infra
r-103,2024Q4,Open incidents by team,ops
r-104,2024Q4,Backup restore drill results,ops
"""
ANSWER = "reportd: 4 reports\n" + REPORTS
GET = "curl -sS --max-time 5 http://127.0.0.1:8200/"


@baseline
def service_fails(node1):
    assert node1.run(GET).rc != 0, "reportd already answers in the starting condition"
    assert node1.run("systemctl is-enabled reportd.service").stdout.strip() != "enabled", \
        "reportd is already enabled in the starting condition"


@requirement("req-1")
def answers(node1):
    res = node1.run(GET)
    assert res.rc == 0, f"nothing answers on tcp/8200: {res.stderr.strip()}"
    assert res.stdout == ANSWER, "tcp/8200 answers, but not with the reports"


@requirement("req-2")
def restarts_as_unit(node1):
    res = node1.run("systemctl restart reportd.service")
    assert res.rc == 0, f"systemctl restart reportd failed: {res.stderr.strip()}"
    # the unit, not a stray process, must be what answers: wait for it to listen again
    res = node1.run(f"for i in $(seq 1 60); do {GET} 2>/dev/null && exit 0; sleep 0.25; done; exit 1")
    assert res.rc == 0 and res.stdout == ANSWER, "reportd does not answer after a restart of the unit"
    assert node1.run("systemctl is-active reportd.service").stdout.strip() == "active", \
        "the reportd unit is not active after its restart"


@requirement("req-3")
def runs_unprivileged(node1):
    pid = systemd.listener_pid(node1, 8200)
    assert pid, "no process listens on tcp/8200"
    user = node1.run(f"ps -o user= -p {pid}").stdout.strip()
    assert user == "reportd", f"the process serving tcp/8200 runs as {user or 'unknown'}, not reportd"


@requirement("req-4")
def data_unchanged(node1):
    f = node1.file("/var/lib/reportd/reports.csv")
    assert f.exists, "/var/lib/reportd/reports.csv is gone"
    assert f.sha256sum == hashlib.sha256(REPORTS.encode()).hexdigest(), "reports.csv was changed"
