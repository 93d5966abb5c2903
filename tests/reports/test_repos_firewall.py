"""Repository URLs with DNS status, and firewall persistence."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from reports import dns
from reports.analysis import analyse_run
from tests.reports.factory import RunBuilder, base_node, changed, make_sweep


def analysed(tmp_path: Path, commands: list[str], after: dict[str, Any] | None = None,
             reboot: dict[str, Any] | None = None, before: dict[str, Any] | None = None,
             **kw: Any) -> dict[str, Any]:
    r = RunBuilder(make_sweep(tmp_path / "s"), **kw)
    for c in commands:
        r.cmd(c)
    r.snapshot("post_prepare", node1=before or base_node())
    r.snapshot("post_agent", node1=after or base_node())
    if reboot is not None:
        r.snapshot("post_reboot", node1=reboot)
    return analyse_run(r.write())


# ------------------------------------------------------------------ repositories

def test_repository_urls_from_commands_and_repo_files(tmp_path: Path) -> None:
    after = changed(base_node(), repos={"/etc/yum.repos.d/rabbitmq.repo": "r"},
                    repo_urls=base_node()["repo_urls"] + ["https://el9.rabbitmq.com/el/9/$basearch"])
    a = analysed(tmp_path, [
        "cat > /etc/yum.repos.d/rabbitmq.repo <<'EOF'\n[rabbitmq]\nbaseurl=https://el9.rabbitmq.com/el/9/$basearch\n"
        "gpgkey=https://github.com/rabbitmq/signing-keys/releases/download/3.0/rabbitmq-release-signing-key.asc\nEOF",
        "echo 'deb [signed-by=/k.gpg] https://ppa1.rabbitmq.com/rabbitmq/ubuntu noble main' | "
        "sudo tee /etc/apt/sources.list.d/rabbitmq.list",
        "dnf config-manager --add-repo https://download.docker.com/linux/centos/docker-ce.repo",
        "curl -1sLf 'https://dl.cloudsmith.io/public/rabbitmq/setup.rpm.sh' | sudo -E bash",
        "curl -s https://example.org/health",  # a URL, but no repository configured
        "echo 'https://not.a.repo/x'",
    ], after=after)
    repos = a["repos"]
    assert repos["configured"]
    got = {(u["host"], u["kind"], u["source"]) for u in repos["urls"]}
    assert got == {
        ("el9.rabbitmq.com", "repo", "command"), ("github.com", "key", "command"),
        ("ppa1.rabbitmq.com", "repo", "command"), ("download.docker.com", "repo", "command"),
        ("dl.cloudsmith.io", "setup script", "command"), ("el9.rabbitmq.com", "repo", "repo_file")}
    assert set(repos["hosts"].values()) == {"not checked"}
    file_url = next(u for u in repos["urls"] if u["source"] == "repo_file")
    assert file_url["command_id"] == "c0001"


def test_no_repository_no_urls(tmp_path: Path) -> None:
    a = analysed(tmp_path, ["curl -fsS https://example.org/", "apt-get install -y nginx"])
    assert a["repos"] == {"configured": False, "urls": [], "hosts": {}}


def test_resolve_all_statuses() -> None:
    answers = {"ok.example": dns.RESOLVES, "gone.example": dns.NXDOMAIN}
    release = threading.Event()

    def fake(host: str) -> str:
        if host == "slow.example":
            release.wait(5)
        return answers.get(host, dns.LOOKUP_FAILED)

    got = dns.resolve_all(["ok.example", "gone.example", "slow.example", "10.0.0.1",
                           "${MIRROR}"], timeout_s=0.3, resolver=fake)
    release.set()
    assert got == {"ok.example": dns.RESOLVES, "gone.example": dns.NXDOMAIN,
                   "slow.example": dns.LOOKUP_FAILED, "10.0.0.1": dns.NOT_A_NAME,
                   "${MIRROR}": dns.NOT_A_NAME}


# ------------------------------------------------------------------ firewall

RULES = "table inet filter {\n chain input { tcp dport 80 accept }\n}"


def fw(runtime: dict[str, str], saved: dict[str, str] | None = None) -> dict[str, Any]:
    return {"tools": list(runtime), "runtime": runtime,
            "saved": saved if saved is not None else {"/etc/nftables.conf": "n1"}}


def node_fw(tool: str, text: str, saved: dict[str, str] | None = None) -> dict[str, Any]:
    return changed(base_node(), firewall=fw({tool: text}, saved))


def test_firewalld_without_permanent_is_at_risk(tmp_path: Path) -> None:
    a = analysed(tmp_path, ["firewall-cmd --add-port=80/tcp", "firewall-cmd --list-all"],
                 before=node_fw("firewalld", "public: ports:"),
                 after=node_fw("firewalld", "public: ports: 80/tcp"))
    f = a["firewall"]
    assert f["verdict"] == "at_risk" and f["firewalld_never_permanent"]
    assert f["nodes"][0]["transient"] == [{"command_id": "c0001",
                                           "change": "--add-port=80/tcp (zone default)"}]


def test_firewalld_lost_after_reboot_is_confirmed(tmp_path: Path) -> None:
    a = analysed(tmp_path, ["firewall-cmd --zone=public --add-service=http"],
                 before=node_fw("firewalld", "public: services: ssh"),
                 after=node_fw("firewalld", "public: services: ssh http"),
                 reboot=node_fw("firewalld", "public: services: ssh"))
    v = a["firewall"]["nodes"][0]
    assert a["firewall"]["verdict"] == "lost" and v["confirmed_by_reboot"] and v["status"] == "lost"


def test_firewalld_permanent_twin_or_runtime_to_permanent_is_saved(tmp_path: Path) -> None:
    a = analysed(tmp_path, ["firewall-cmd --add-port=80/tcp",
                            "firewall-cmd --permanent --add-port=80/tcp"],
                 before=node_fw("firewalld", "a"), after=node_fw("firewalld", "b"))
    assert a["firewall"]["verdict"] == "persisted" and not a["firewall"]["firewalld_never_permanent"]
    b = analysed(tmp_path / "2", ["firewall-cmd --add-port=80/tcp", "firewall-cmd --add-port=443/tcp",
                                  "firewall-cmd --runtime-to-permanent"],
                 before=node_fw("firewalld", "a"), after=node_fw("firewalld", "b"),
                 reboot=node_fw("firewalld", "b"))
    assert b["firewall"]["verdict"] == "persisted"
    assert b["firewall"]["nodes"][0]["status"] == "kept"


def test_iptables_without_save_at_risk_and_with_save_persisted(tmp_path: Path) -> None:
    a = analysed(tmp_path, ["iptables -A INPUT -p tcp --dport 80 -j ACCEPT"],
                 before=node_fw("iptables", "-P INPUT ACCEPT"),
                 after=node_fw("iptables", "-P INPUT ACCEPT\n-A INPUT -p tcp --dport 80 -j ACCEPT"))
    assert a["firewall"]["verdict"] == "at_risk"
    b = analysed(tmp_path / "2", ["iptables -A INPUT -p tcp --dport 80 -j ACCEPT",
                                  "iptables-save > /etc/iptables/rules.v4"],
                 before=node_fw("iptables", "x"), after=node_fw("iptables", "y"))
    assert b["firewall"]["verdict"] == "persisted" and b["firewall"]["nodes"][0]["saved"]


def test_saved_ruleset_file_change_counts_as_saved(tmp_path: Path) -> None:
    a = analysed(tmp_path, ["nft add rule inet filter input tcp dport 80 accept",
                            "vi-like-editor /etc/nftables.conf"],
                 before=node_fw("nft", "table inet filter {}"),
                 after=node_fw("nft", RULES, saved={"/etc/nftables.conf": "n2"}))
    assert a["firewall"]["nodes"][0]["status"] == "saved"


def test_nft_lost_on_reboot_and_kept_on_reboot(tmp_path: Path) -> None:
    before, after = node_fw("nft", "table inet filter {}"), node_fw("nft", RULES)
    lost = analysed(tmp_path, ["nft add rule inet filter input tcp dport 80 accept"],
                    before=before, after=after, reboot=before)
    assert lost["firewall"]["verdict"] == "lost"
    counters = RULES.replace("accept", "counter packets 5 bytes 300 accept")
    kept = analysed(tmp_path / "2", ["nft add rule inet filter input tcp dport 80 counter accept"],
                    before=before, after=node_fw("nft", RULES.replace("accept", "counter packets 0 bytes 0 accept")),
                    reboot=node_fw("nft", counters))
    assert kept["firewall"]["verdict"] == "persisted"
    assert kept["firewall"]["nodes"][0]["status"] == "kept"


def test_runtime_change_by_a_script_is_still_seen(tmp_path: Path) -> None:
    a = analysed(tmp_path, ["bash /root/setup-firewall.sh"],
                 before=node_fw("nft", "table inet filter {}"), after=node_fw("nft", RULES),
                 reboot=node_fw("nft", "table inet filter {}"))
    assert a["firewall"]["verdict"] == "lost"


def test_no_firewall_change(tmp_path: Path) -> None:
    a = analysed(tmp_path, ["firewall-cmd --list-all", "iptables -L -n", "nft list ruleset"])
    assert a["firewall"] == {"verdict": "no_change", "firewalld_used": False,
                             "firewalld_never_permanent": False, "nodes": []}


@pytest.mark.parametrize("permanent, twin", [
    ("firewall-cmd --permanent --add-port=80/tcp", True),
    ("firewall-cmd --permanent --add-port 80/tcp", True),  # value as the next word
    ("firewall-cmd --permanent --add-port=8080/tcp", False),  # another value
    ("firewall-cmd --permanent --zone=internal --add-port=80/tcp", False),  # another zone
    ("firewall-cmd --permanent --add-service=http", False),  # another flag
])
def test_a_runtime_firewalld_change_has_a_twin_only_when_flag_value_and_zone_match(
        tmp_path: Path, permanent: str, twin: bool) -> None:
    a = analysed(tmp_path, ["firewall-cmd --add-port=80/tcp", permanent],
                 before=node_fw("firewalld", "public: ports:"),
                 after=node_fw("firewalld", "public: ports: 80/tcp"))
    assert bool(a["firewall"]["nodes"][0]["transient"]) is not twin


def test_a_dump_into_tmp_does_not_save_the_rules(tmp_path: Path) -> None:
    rules = "*filter\n-A INPUT -p tcp --dport 80 -j ACCEPT\nCOMMIT"
    dumped = analysed(tmp_path / "a", ["iptables -A INPUT -p tcp --dport 80 -j ACCEPT",
                                       "iptables-save > /tmp/rules.bak"],
                      before=node_fw("iptables", "*filter\nCOMMIT"), after=node_fw("iptables", rules))
    saved = analysed(tmp_path / "b", ["iptables -A INPUT -p tcp --dport 80 -j ACCEPT",
                                      "iptables-save > /etc/iptables/rules.v4"],
                     before=node_fw("iptables", "*filter\nCOMMIT"), after=node_fw("iptables", rules))
    assert dumped["firewall"]["verdict"] == "at_risk"
    assert saved["firewall"]["verdict"] != "at_risk"


@pytest.mark.parametrize("commands, url, kind", [
    (["bash <(curl -fsSL https://packagecloud.io/install/repositories/rabbitmq/script.deb.sh)"],
     "https://packagecloud.io/install/repositories/rabbitmq/script.deb.sh", "setup script"),
    (["curl -fsSL https://deb.nodesource.com/setup_20.x -o /tmp/nodesource_setup.sh",
      "sudo bash /tmp/nodesource_setup.sh"], "https://deb.nodesource.com/setup_20.x", "setup script"),
    (["wget https://repo.example.org/install.sh && chmod +x install.sh && ./install.sh"],
     "https://repo.example.org/install.sh", "setup script"),
    (["dnf config-manager addrepo --from-repofile=https://download.docker.com/linux/rhel/docker-ce.repo"],
     "https://download.docker.com/linux/rhel/docker-ce.repo", "repo"),
])
def test_setup_scripts_and_dnf5_repos_are_repository_configuration(
        tmp_path: Path, commands: list[str], url: str, kind: str) -> None:
    repos = analysed(tmp_path, commands)["repos"]
    assert [(u["url"], u["kind"]) for u in repos["urls"]] == [(url, kind)]


def test_a_download_never_run_is_not_a_setup_script(tmp_path: Path) -> None:
    repos = analysed(tmp_path, ["curl -fsSL https://example.org/data.json -o /tmp/data.json",
                                "cat /tmp/data.json"])["repos"]
    assert repos["urls"] == []
