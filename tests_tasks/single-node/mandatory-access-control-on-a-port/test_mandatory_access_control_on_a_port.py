"""The service is judged by what it serves (locally and from the lab host), its confinement by
the security label of its running process, and the secret by trying to read it under that
same label (AppArmor: aa-exec; SELinux: runcon). "From /srv/handbook" is the folder, not the
two pages now in it: a page the check adds there must be served too (a copy of the handbook in
the old document root is not). Which system confines the node is read from the kernel, not
from the label, so an unconfined process is judged as such on both."""
import uuid

from fixtures.checks import baseline, requirement

READ_SECRET = "python3 -c 'print(open(\"/srv/secret/api-token\").read())'"


def label(node1) -> str:
    pid = node1.service("docserver.service").systemd_properties.get("MainPID", "")
    assert pid and pid != "0", "docserver is not running"
    return node1.run(f"cat /proc/{pid}/attr/current").stdout.strip("\x00\n ")


def apparmor(node1) -> bool:
    """The node's MAC system is AppArmor (Debian, Ubuntu), not SELinux (RHEL family)."""
    return node1.file("/sys/kernel/security/apparmor").is_directory \
        and not node1.file("/sys/fs/selinux/enforce").exists


@baseline
def broken_after_switch(node1):
    assert node1.run("curl -sf --max-time 5 http://127.0.0.1:8181/").rc != 0, \
        "docserver already serves on 8181"


@requirement("req-1")
def serves_handbook_on_8181(ctx, node1):
    res = node1.run("curl -sS --max-time 10 http://127.0.0.1:8181/ && "
                    "curl -sS --max-time 10 http://127.0.0.1:8181/runbook.txt")
    assert res.rc == 0, f"docserver does not answer on port 8181: {res.stderr.strip()}"
    assert "Operations handbook" in res.stdout and "runbook:" in res.stdout, \
        "port 8181 does not serve the handbook from /srv/handbook"
    tag = uuid.uuid4().hex[:8]
    page = f"/srv/handbook/ob-check-{tag}.txt"
    node1.run(f"echo handbook-page-{tag} > {page} && chmod 644 {page}")
    try:
        res = node1.run(f"curl -sS --max-time 10 http://127.0.0.1:8181/ob-check-{tag}.txt")
    finally:
        node1.run(f"rm -f {page}")
    assert f"handbook-page-{tag}" in res.stdout, \
        "a page added to /srv/handbook is not served on port 8181: docserver does not serve that folder"
    owner = node1.run("ss -Hltnp 'sport = :8181'").stdout
    assert "python3" in owner, f"port 8181 is not served by docserver: {owner.strip()}"
    assert ctx.reachable("node1", 8181), "port 8181 cannot be reached from other machines"


@requirement("req-2")
def still_confined_enforcing(node1):
    lab = label(node1)
    if apparmor(node1):
        enabled = node1.run("cat /sys/module/apparmor/parameters/enabled").stdout.strip()
        assert enabled == "Y", "AppArmor is disabled"
        assert lab and lab != "unconfined", "docserver runs unconfined"
        assert lab.endswith("(enforce)"), f"docserver runs as {lab!r}: not confined in enforce mode"
    else:  # SELinux
        assert node1.run("getenforce").stdout.strip() == "Enforcing", "SELinux is not enforcing"
        parts = lab.split(":")
        assert len(parts) >= 3, f"docserver runs with no SELinux label ({lab!r})"
        assert "unconfined" not in parts[2] and parts[2] not in ("initrc_t", "init_t", "kernel_t"), \
            f"docserver runs unconfined, as {lab!r}"
        perm = node1.run(f"semanage permissive -l 2>/dev/null | grep -w {lab.split(':')[2]}")
        assert perm.rc != 0, f"the domain {lab.split(':')[2]} is permissive"


@requirement("req-3")
def secret_out_of_reach(node1):
    lab = label(node1)
    if apparmor(node1):  # the label is "<profile> (<mode>)", or "unconfined"
        profile = lab.rsplit(" (", 1)[0]
        assert profile and profile != "unconfined", "docserver is unconfined"
        res = node1.run(f"aa-exec -p {profile} -- {READ_SECRET}")
    else:
        res = node1.run(f"runcon {lab} {READ_SECRET}")
    assert "api-token:" not in res.stdout, "docserver's confinement lets it read /srv/secret/api-token"
    assert "Permission denied" in res.stderr or "PermissionError" in res.stderr, \
        f"could not test the confinement: {res.stderr.strip()[-300:]}"
