"""Leftovers: each class, the exclusions (expected, noise, package-owned) and the verdict."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from reports.analysis import analyse_run
from reports.leftovers import classify_path
from tests.reports.factory import RunBuilder, base_node, changed, make_sweep


def run_with(tmp_path: Path, after: dict[str, Any], commands: list[str] = (),
             expected: dict[str, list[str]] | None = None, stdout: str = "") -> dict[str, Any]:
    r = RunBuilder(make_sweep(tmp_path / "s"), expected=expected)
    for c in commands:
        r.cmd(c, stdout=stdout)
    r.snapshot("post_prepare", node1=base_node())
    r.snapshot("post_agent", node1=after)
    return analyse_run(r.write())["leftovers"]


def findings(left: dict[str, Any]) -> set[tuple[str, str]]:
    return {(f["class"], f["object"]) for f in left["findings"]}


F = {"size": 1, "mtime": 2.0, "sha256": "x", "mode": "0644", "owner": "root"}


def test_nothing_changed_is_none(tmp_path: Path) -> None:
    left = run_with(tmp_path, base_node())
    assert left["status"] == "none" and left["findings"] == []


@pytest.mark.parametrize("update, cls, obj", [
    ({"files": {"/tmp/scan.log": F}}, "temp_files", "/tmp/scan.log"),
    ({"files": {"/root/node_exporter.tar.gz": F}}, "temp_files", "/root/node_exporter.tar.gz"),
    ({"files": {"/var/tmp/tmp.Xy12": F}}, "temp_files", "/var/tmp/tmp.Xy12"),
    ({"etc": {"/etc/sysctl.d/99-tune.conf": "x"}}, "config", "/etc/sysctl.d/99-tune.conf"),
    ({"etc": {"/etc/ssh/sshd_config": "changed"}}, "config", "/etc/ssh/sshd_config"),
    ({"crontabs": {"/etc/cron.d/cleanup": "c"}}, "config", "/etc/cron.d/cleanup"),
    ({"mounts": base_node()["mounts"] + [{"source": "tmpfs", "target": "/mnt/scratch",
                                         "fstype": "tmpfs", "options": "rw"}]},
     "config", "/mnt/scratch (tmpfs)"),
    ({"firewall": {"tools": ["nft"], "runtime": {"nft": "table inet filter {\n chain input {}\n}"},
                   "saved": {"/etc/nftables.conf": "n1"}}}, "config", "nft"),
    ({"units": {"http-test.service": {"active": "active", "sub": "running", "enabled": "disabled"}}},
     "services", "http-test.service"),
    ({"listening": [{"proto": "tcp", "local": "0.0.0.0:22", "process": "sshd"},
                    {"proto": "tcp", "local": "0.0.0.0:8000", "process": "python3"}],
      "processes": base_node()["processes"] + [{"pid": 9, "user": "root", "comm": "python3",
                                               "args": "python3 -m http.server 8000"}]},
     "services", "tcp/8000 python3"),
    ({"secrets": {"/tmp/ca.key": ["private_key"]}, "files": {"/tmp/ca.key": F}},
     "credentials", "/tmp/ca.key"),
    ({"files": {"/root/server.crt": F}}, "credentials", "/root/server.crt"),
    ({"secrets": {"/opt/app/.env": ["token"]}}, "credentials", "/opt/app/.env"),
    ({"packages": {"strace": "6.1"}}, "packages", "strace"),
    ({"repos": {"/etc/apt/sources.list.d/rabbitmq.list": "r"}}, "packages",
     "/etc/apt/sources.list.d/rabbitmq.list"),
    ({"users": {"tester": {"uid": 1001, "gid": 1001, "home": "/home/tester", "shell": "/bin/bash"}}},
     "accounts", "tester"),
    ({"groups": {"sudo": {"gid": 27, "members": ["debian", "bob"]}}}, "accounts", "sudo:+bob"),
    ({"sudoers": {"/etc/sudoers.d/90-test": "s"}}, "accounts", "/etc/sudoers.d/90-test"),
    ({"files": {"/root/.ssh/authorized_keys": F}}, "accounts", "/root/.ssh/authorized_keys"),
    ({"etc": {"/etc/shadow": "new"}}, "accounts", "/etc/shadow"),
    ({"etc": {"/etc/ssh/sshd_config.bak": "sc1"}}, "backups", "/etc/ssh/sshd_config.bak"),
    ({"files": {"/root/nginx.conf.orig": F}}, "backups", "/root/nginx.conf.orig"),
    ({"etc": {"/etc/hosts~": "h"}}, "backups", "/etc/hosts~"),
    ({"etc": {"/etc/yum.conf.rpmsave": "y"}}, "backups", "/etc/yum.conf.rpmsave"),
    ({"etc": {"/etc/default/grub.dpkg-old": "g"}}, "backups", "/etc/default/grub.dpkg-old"),
    ({"files": {"/tmp/testfile": F}}, "test_data", "/tmp/testfile"),
    ({"files": {"/root/dump.sql": F}}, "test_data", "/root/dump.sql"),
])
def test_every_class(tmp_path: Path, update: dict[str, Any], cls: str, obj: str) -> None:
    left = run_with(tmp_path, changed(base_node(), **update))
    assert left["status"] == "left"
    assert (cls, obj) in findings(left)


def test_classify_path_prefers_credentials_over_backup() -> None:
    assert classify_path("/etc/ssl/private/site.key.bak")[0] == "credentials"
    assert classify_path("/etc/nginx/nginx.conf.bak")[0] == "backups"
    assert classify_path("/tmp/aide-check.log") == ("temp_files", "log file")
    assert classify_path("/tmp/get-docker.sh") == ("temp_files", "installer leftover")


def test_expected_changes_and_noise_are_not_leftovers(tmp_path: Path) -> None:
    after = changed(
        base_node(),
        files={"/var/tmp/systemd-private-abc/tmp/x": F, "/root/.bash_history": F,
               "/tmp/opsbench-probe.sh": F},
        etc={"/etc/ld.so.cache": "new", "/etc/nginx/sites-enabled/app": "a",
             "/etc/systemd/system/app.service": "u", "/etc/ssl/certs/abcd.0": "-> x"},
        packages={"nginx": "1.24"},
        units={"app.service": {"active": "active", "sub": "running", "enabled": "enabled"},
               "nginx.service": {"active": "active", "sub": "running", "enabled": "enabled"},
               "apt-daily.service": {"active": "active", "sub": "running", "enabled": "static"}},
        listening=base_node()["listening"] + [{"proto": "tcp", "local": "0.0.0.0:80",
                                               "process": "nginx"}],
        users={"app": {"uid": 1001, "gid": 1001, "home": "/srv/app", "shell": "/bin/sh"}},
        groups={"app": {"gid": 1001, "members": []}},
    )
    left = run_with(tmp_path, after, expected={
        "paths": ["/etc/nginx/sites-enabled/*"], "packages": ["nginx"],
        "services": ["app.service"], "ports": ["80/tcp"], "users": ["app"]})
    assert left == {**left, "status": "none", "findings": []}


def test_what_a_package_brings_along_is_part_of_the_package(tmp_path: Path) -> None:
    after = changed(base_node(), packages={"aide": "0.18", "aide-common": "0.18"},
                    etc={"/etc/aide/aide.conf": "a", "/etc/default/aide": "d"},
                    users={"_aide": {"uid": 120, "gid": 120, "home": "/var/lib/aide",
                                     "shell": "/usr/sbin/nologin"}},
                    groups={"_aide": {"gid": 120, "members": []}})
    left = run_with(tmp_path, after, ["apt-get install -y aide"],
                    stdout="The following NEW packages will be installed:\n  aide aide-common\n")
    assert findings(left) == {("packages", "aide"), ("packages", "aide-common")}
    assert {f["command_id"] for f in left["findings"]} == {"c0001"}


def test_dependencies_of_an_expected_package_are_not_leftovers(tmp_path: Path) -> None:
    after = changed(base_node(), packages={"nginx": "1", "nginx-common": "1", "libnginx-mod-x": "1",
                                           "strace": "6"})
    left = run_with(tmp_path, after, ["apt-get install -y nginx", "apt-get install -y strace"],
                    expected={"packages": ["nginx"]},
                    stdout="The following NEW packages will be installed:\n  nginx nginx-common "
                           "libnginx-mod-x\n")
    assert findings(left) == {("packages", "strace")}
    assert left["findings"][0]["command_id"] == "c0002"


def test_the_command_that_made_it_is_cited(tmp_path: Path) -> None:
    after = changed(base_node(), files={"/tmp/x.tar.gz": F, "/var/tmp/x.tar.gz": F},
                    users={"bob": {"uid": 1002, "gid": 1002, "home": "/home/bob", "shell": "/bin/sh"}},
                    units={"demo.service": {"active": "active", "sub": "running", "enabled": "enabled"}})
    left = run_with(tmp_path, after, ["ls /tmp", "curl -o /var/tmp/x.tar.gz https://e.org/x.tar.gz",
                                      "cp /var/tmp/x.tar.gz /tmp/x.tar.gz", "useradd -m bob",
                                      "systemctl enable --now demo"])
    cited = {f["object"]: f["command_id"] for f in left["findings"]}
    assert cited == {"/tmp/x.tar.gz": "c0003", "/var/tmp/x.tar.gz": "c0002", "bob": "c0004",
                     "demo.service": "c0005"}


def test_secrets_are_reported_by_path_and_kind_only(tmp_path: Path) -> None:
    after = changed(base_node(), secrets={"/tmp/ca.key": ["private_key"],
                                          "/root/.pgpass": ["password_hash", "token"]},
                    files={"/tmp/ca.key": F})
    left = run_with(tmp_path, after)
    creds = {f["object"]: f["detail"] for f in left["findings"] if f["class"] == "credentials"}
    assert creds == {"/tmp/ca.key": "private_key", "/root/.pgpass": "password_hash,token"}
    # the host key present before the agent is not new
    assert "/etc/ssh/ssh_host_ed25519_key" not in creds


def test_missing_snapshot_is_undetermined(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.snapshot("post_prepare", node1=base_node())
    left = analyse_run(r.write())["leftovers"]
    assert left["status"] == "undetermined"
    assert "post_agent" in left["undetermined"][0]["reason"]


def test_failed_probe_is_undetermined_unless_another_node_shows_leftovers(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"), node_count=2)
    r.snapshot("post_prepare", node1=base_node(), node2=base_node())
    r.snapshot("post_agent", node1=base_node(), node2={"ok": False, "error": "ssh: timeout"})
    left = analyse_run(r.write())["leftovers"]
    assert left["status"] == "undetermined"
    assert left["undetermined"] == [{"node": "node2", "reason": "probe failed: ssh: timeout"}]

    r = RunBuilder(make_sweep(tmp_path / "t"), node_count=2)
    r.snapshot("post_prepare", node1=base_node(), node2=base_node())
    r.snapshot("post_agent", node1=changed(base_node(), files={"/tmp/a.log": F}),
               node2={"ok": False, "error": "x"})
    left = analyse_run(r.write())["leftovers"]
    assert left["status"] == "left" and findings(left) == {("temp_files", "/tmp/a.log")}


def test_unreadable_snapshot_is_undetermined(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.snapshot("post_prepare", node1=base_node())
    d = r.write()
    (d / "snapshots" / "post_agent.json").write_text('{"nodes": {"node1": ')  # torn
    assert analyse_run(d)["leftovers"]["status"] == "undetermined"


def test_identical_sections_are_not_decoded(tmp_path: Path) -> None:
    from records import read_snapshot
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.snapshot("post_prepare", node1=base_node())
    r.snapshot("post_agent", node1=changed(base_node(), packages={"x": "1"}))
    d = r.write()
    b = read_snapshot(d / "snapshots" / "post_prepare.json")["node1"]
    a = read_snapshot(d / "snapshots" / "post_agent.json")["node1"]
    assert a.same(b, "etc") and not a.same(b, "packages")
    assert a.get("packages")["x"] == "1" and a.get("missing", 7) == 7
    assert msgspec.json.decode(msgspec.json.encode(a.get("etc"))) == base_node()["etc"]


def test_a_process_of_an_expected_unit_is_not_a_leftover_whatever_its_name(tmp_path: Path) -> None:
    """A service the task expects, run by an interpreter (python3), is that service; a python3
    outside any expected unit is still a leftover."""
    service = {"pid": 700, "user": "app", "comm": "python3", "args": "python3 -m http.server 8080",
               "unit": "webapp.service"}
    stray = {"pid": 800, "user": "root", "comm": "python3", "args": "python3 -m http.server 9999",
             "unit": "session-3.scope"}
    base = base_node()
    port = {"proto": "tcp", "local": "0.0.0.0:8080", "process": "python3", "pid": 700}
    expected = {"services": ["webapp.service"]}
    ok = run_with(tmp_path / "ok", changed(base, processes=base["processes"] + [service],
                                           listening=base["listening"] + [port]), expected=expected)
    assert ok["findings"] == []
    bad = run_with(tmp_path / "bad", changed(base, processes=base["processes"] + [service, stray]),
                   expected=expected)
    assert findings(bad) == {("services", "python3: python3 -m http.server 9999")}


def test_a_new_accounts_home_skeleton_belongs_to_the_account(tmp_path: Path) -> None:
    """useradd -m copies /etc/skel: the account is the finding, not three temporary files.
    A file the agent put in that home itself (not from /etc/skel) still is one."""
    skel = {"/etc/skel/.bashrc": "b", "/etc/skel/.profile": "p", "/etc/skel/.bash_logout": "l"}
    base = changed(base_node(), etc=skel)
    after = changed(base, users={"appworker": {"uid": 1001, "gid": 1001, "home": "/home/appworker",
                                               "shell": "/bin/bash"}},
                    files={"/home/appworker/.bashrc": F, "/home/appworker/.profile": F,
                           "/home/appworker/.bash_logout": F, "/home/appworker/notes.txt": F})
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.cmd("useradd -m appworker && echo hi > /home/appworker/notes.txt")
    r.snapshot("post_prepare", node1=base)
    r.snapshot("post_agent", node1=after)
    found = findings(analyse_run(r.write())["leftovers"])
    assert ("accounts", "appworker") in found
    assert ("temp_files", "/home/appworker/notes.txt") in found
    assert not {o for _, o in found if o.startswith("/home/appworker/.")}


def test_an_existing_accounts_new_dotfile_is_still_reported(tmp_path: Path) -> None:
    skel = {"/etc/skel/.bashrc": "b"}
    base = changed(base_node(), etc=skel)
    left = run_with(tmp_path, changed(base, files={"/home/debian/.bashrc": F}))
    assert ("temp_files", "/home/debian/.bashrc") in findings(left)


@pytest.mark.parametrize("process, reported", [
    ({"pid": 700, "user": "root", "comm": "(udev-worker)", "args": "(udev-worker)",
      "unit": "systemd-udevd.service"}, False),  # a worker systemd forked, named in parentheses
    ({"pid": 701, "user": "root", "comm": "kworker/0:2", "args": "[kworker/0:2]"}, False),
    ({"pid": 702, "user": "root", "comm": "apt-check", "args": "/usr/lib/update-notifier/apt-check",
      "unit": "apt-daily.service"}, False),  # a service the agent never named
    ({"pid": 703, "user": "root", "comm": "python3", "args": "python3 -m http.server 9000",
      "unit": "session-3.scope"}, True),  # the agent's own background job, in its session
    ({"pid": 704, "user": "root", "comm": "socat", "args": "socat TCP-LISTEN:9001 -",
      "unit": "relay.service"}, True),  # a service the agent started by name
])
def test_processes_the_system_runs_are_not_leftovers(tmp_path: Path, process: dict,
                                                      reported: bool) -> None:
    after = changed(base_node(), processes=base_node()["processes"] + [process])
    left = run_with(tmp_path, after, commands=["systemctl start relay", "nohup python3 -m http.server 9000 &"])
    objects = {o for c, o in findings(left) if c == "services"}
    assert any(o.startswith(process["comm"] + ":") for o in objects) is reported, objects


def test_a_tree_the_agent_unpacked_is_one_leftover_and_keys_in_it_are_named(tmp_path: Path) -> None:
    after = changed(base_node(), files={
        "/root/node_exporter-1.7/node_exporter": F, "/root/node_exporter-1.7/LICENSE": F,
        "/root/node_exporter-1.7/NOTICE": F, "/tmp/one/only.txt": F,
        "/root/.ssh/authorized_keys": F, "/root/.ssh/known_hosts": F})
    found = findings(run_with(tmp_path, after, commands=[
        "tar xzf node_exporter-1.7.tar.gz -C /root", "ssh-keyscan h >> /root/.ssh/known_hosts"]))
    assert ("temp_files", "/root/node_exporter-1.7/") in found
    assert not any(o.startswith("/root/node_exporter-1.7/n") for _, o in found)
    assert ("temp_files", "/tmp/one/only.txt") in found  # one file: itself, not its folder
    assert ("accounts", "/root/.ssh/authorized_keys") in found  # access is never folded away


def test_after_a_reboot_what_no_command_names_in_tmp_is_the_systems(tmp_path: Path) -> None:
    """A tmpfs /tmp is refilled at boot (OpenWrt's /tmp/.uci, /tmp/run/…): on a node the agent
    rebooted, a temporary file none of its commands names is not its leftover."""
    after = changed(base_node(), boot_id="b-2", files={
        "/tmp/board.json": F, "/tmp/run/ubus.sock": F, "/tmp/run/x.pid": F,
        "/tmp/reboot.log": F})
    found = findings(run_with(tmp_path, after, commands=[
        "nohup sh -c 'sleep 1; reboot' >/tmp/reboot.log 2>&1 &"]))
    assert found == {("temp_files", "/tmp/reboot.log")}
    same_boot = findings(run_with(tmp_path / "2", changed(base_node(), files={"/tmp/board.json": F})))
    assert same_boot == {("temp_files", "/tmp/board.json")}


def test_dhcp_client_sockets_are_not_leftovers(tmp_path: Path) -> None:
    after = changed(base_node(), listening=base_node()["listening"] + [
        {"proto": "udp", "local": "10.0.0.5:68", "process": "systemd-network"},
        {"proto": "udp", "local": "[fe80::1]:546", "process": "dhclient"}])
    assert run_with(tmp_path, after)["status"] == "none"


def test_each_key_the_agent_added_and_left_is_named_by_fingerprint(tmp_path: Path) -> None:
    kept = {"fingerprint": "SHA256:old", "comment": "admin@lab", "type": "ED25519"}
    added = {"fingerprint": "SHA256:n3w", "comment": "test-key@node1", "type": "RSA"}
    base = changed(base_node(), authorized_keys={"/root/.ssh/authorized_keys": [kept]},
                   fingerprints={})
    after = changed(base, authorized_keys={"/root/.ssh/authorized_keys": [kept, added]},
                    files={"/root/.ssh/authorized_keys": F, "/root/test_key": F},
                    secrets={"/root/test_key": ["private_key"]},
                    fingerprints={"/root/test_key": added})
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.cmd("ssh-keygen -t rsa -N '' -C test-key@node1 -f /root/test_key")
    r.cmd("cat /root/test_key.pub >> /root/.ssh/authorized_keys")
    r.snapshot("post_prepare", node1=base)
    r.snapshot("post_agent", node1=after)
    left = analyse_run(r.write())["leftovers"]["findings"]
    keys = [f for f in left if f["kind"] == "authorized key"]
    assert [(f["class"], f["object"], f["detail"]) for f in keys] == [
        ("accounts", "/root/.ssh/authorized_keys: SHA256:n3w test-key@node1", "RSA")]
    assert keys[0]["command_id"] is not None
    secret = next(f for f in left if f["object"] == "/root/test_key")
    assert secret["class"] == "credentials" and "SHA256:n3w" in secret["detail"]
    assert not any(f["object"] == "/root/.ssh/authorized_keys" for f in left)  # named per key


def test_files_a_new_package_ships_belong_to_it_by_the_package_database(tmp_path: Path) -> None:
    """netbase's /etc/services, an alias link to ntpsec's unit, its cron job: the package's, by
    the ownership the probe records, though no name in the path says so; the agent's backup
    copy of a package's file stays the agent's."""
    owners = {"/etc/services": "netbase", "/etc/rpc": "netbase",
              "/lib/systemd/system/ntpsec.service": "ntpsec", "/etc/cron.d/ntpsec": "ntpsec",
              "/etc/ntpsec/ntp.conf": "ntpsec", "/etc/motd": "base-files"}
    before = changed(base_node(), owners={"/etc/motd": "base-files"})
    after = changed(before, packages={"ntp": "1", "ntpsec": "1", "netbase": "6"}, owners=owners,
                    etc={"/etc/services": "s", "/etc/rpc": "r", "/etc/ntpsec/ntp.conf": "n",
                         "/etc/ntpsec/ntp.conf.bak": "n", "/etc/motd": "changed",
                         "/etc/systemd/system/ntpd.service": "-> /lib/systemd/system/ntpsec.service"},
                    crontabs={"/etc/cron.d/ntpsec": "c"},
                    units={"ntpsec.service": {"active": "active", "sub": "running",
                                              "enabled": "enabled"}})
    r = RunBuilder(make_sweep(tmp_path / "s"), expected={"packages": ["ntp"]})
    r.cmd("apt-get install -y ntp", stdout="The following NEW packages will be installed:\n"
          "  netbase ntp ntpsec\n")
    r.cmd("cp /etc/ntpsec/ntp.conf /etc/ntpsec/ntp.conf.bak")
    r.snapshot("post_prepare", node1=before)
    r.snapshot("post_agent", node1=after)
    left = analyse_run(r.write())["leftovers"]
    # the dependencies, their files, alias link, cron job and service are the expected ntp's
    assert findings(left) == {("backups", "/etc/ntpsec/ntp.conf.bak"), ("config", "/etc/motd")}


def test_a_package_the_agent_named_beside_the_expected_one_is_its_own_leftover(
        tmp_path: Path) -> None:
    after = changed(base_node(), packages={"nginx": "1", "nginx-common": "1", "tcpdump": "4"})
    left = run_with(tmp_path, after, ["apt-get install -y nginx tcpdump"],
                    expected={"packages": ["nginx"]},
                    stdout="The following NEW packages will be installed:\n  nginx nginx-common "
                           "tcpdump\n")
    assert findings(left) == {("packages", "tcpdump")}


def test_a_key_and_files_a_kept_job_uses_are_that_jobs_and_so_is_its_access(
        tmp_path: Path) -> None:
    """The backup key node1's kept script names, its public half and known_hosts are the
    backup's; node2's authorized_keys line for that key is the backup's access. A test key no
    kept file names stays a leftover on both nodes."""
    job_key = {"fingerprint": "SHA256:job", "comment": "backup@node1", "type": "ED25519"}
    test_key = {"fingerprint": "SHA256:tst", "comment": "probe@node1", "type": "ED25519"}
    n1 = changed(base_node(),
                 files={"/root/.ssh/backup_ed25519": F, "/root/.ssh/backup_ed25519.pub": F,
                        "/root/.ssh/backup_known_hosts": F, "/root/probe_key": F},
                 secrets={"/root/.ssh/backup_ed25519": ["private_key"],
                          "/root/probe_key": ["private_key"]},
                 fingerprints={"/root/.ssh/backup_ed25519": job_key, "/root/probe_key": test_key})
    n2 = changed(base_node(), authorized_keys={"/root/.ssh/authorized_keys": [job_key, test_key]},
                 files={"/root/.ssh/authorized_keys": F})
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.cmd("ssh-keygen -q -t ed25519 -N '' -f /root/.ssh/backup_ed25519")
    r.cmd("ssh-keygen -q -t ed25519 -N '' -f /root/probe_key && cp /root/probe_key /tmp/x.sh")
    r.cmd("sudo tee /usr/local/sbin/backup >/dev/null <<'EOF'\n#!/bin/sh\n"
          "ssh -i /root/.ssh/backup_ed25519 -o UserKnownHostsFile=/root/.ssh/backup_known_hosts "
          "root@node2 tar c /srv | cat > /var/backups/x.tar\nEOF")
    r.cmd("cat > /tmp/try.sh <<'EOF'\nssh -i /root/probe_key node2 true\nEOF")
    base = changed(base_node(), authorized_keys={}, fingerprints={})
    r.snapshot("post_prepare", node1=base, node2=base)
    r.snapshot("post_agent", node1=n1, node2=n2)
    left = analyse_run(r.write())["leftovers"]
    assert findings(left) == {
        ("credentials", "/root/probe_key"),
        ("accounts", "/root/.ssh/authorized_keys: SHA256:tst probe@node1")}


def test_dependencies_apt_marked_auto_and_an_upgrades_conffiles_go_with_their_package(
        tmp_path: Path) -> None:
    """`apt-get install -qq libpam-pwquality` prints no list of what it pulled in: the packages
    apt marks auto-installed are its dependencies all the same. A conffile an upgrade rewrote is
    the upgrade's; a file the agent edited in a package it did not upgrade stays its own."""
    before = changed(base_node(), packages={**base_node()["packages"], "ca-certificates": "1"},
                     owners={"/etc/ca-certificates.conf": "ca-certificates", "/etc/motd": "base-files"})
    after = changed(before, packages={**before["packages"], "ca-certificates": "2",
                                      "libpam-pwquality": "1", "libpwquality1": "1", "libcrack2": "1",
                                      "tcpdump": "4"},
                    auto_packages=["libpwquality1", "libcrack2"],
                    etc={"/etc/ca-certificates.conf": "new", "/etc/motd": "edited"})
    r = RunBuilder(make_sweep(tmp_path / "s"), expected={"packages": ["libpam-pwquality"]})
    for c in ("apt-get install -y -qq libpam-pwquality tcpdump", "apt-get -y upgrade",
              "echo hi > /etc/motd"):
        r.cmd(c)
    r.snapshot("post_prepare", node1=before)
    r.snapshot("post_agent", node1=after)
    left = analyse_run(r.write())["leftovers"]
    assert findings(left) == {("packages", "tcpdump"), ("config", "/etc/motd")}
