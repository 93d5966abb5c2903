"""The one redactor (records/_redact.py) and every writer that uses it, without VMs.

Unit tests for each form it hides and for what it must leave alone; encoded (JSON) text stays
valid; it stays fast on 1 MiB of hostile output. End to end: a sweep written by the real writers
(RunRecorder, the agent's transcript and report, the verifier's records, reports.sweep.build and
pytest-html through fixtures.redact_report) with a secret of every kind planted, and every byte
of every file under it searched for each secret; the same sweep with one writer's redaction
switched off must leak, so the search would see a writer that bypasses the redactor.
"""
from __future__ import annotations

import json
import os
import secrets as rnd
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

import reports.data
from agents import AgentReport, Evidence
from agents._transcript import Transcript
from fixtures import record as fixtures_record
from fixtures import redact_report
from fixtures.record import RunRecorder
from lab.result import CommandResult
from records import (MASK, JsonlWriter, RunPaths, _io as records_io, _redact as redact_mod,
                     create_json, redact, redact_text, redact_tokens, register_secret, write_json,
                     write_text)
from reports.sweep import build
from tests.reports.factory import RunBuilder, base_node, changed, make_sweep
from verifier._evaluate import evaluate

REPO = Path(__file__).resolve().parent.parent


def _pw(tag: str) -> str:
    """A distinctive secret: found nowhere unless planted."""
    return f"{tag}{rnd.token_hex(6)}Q"


# -- each form hidden ------------------------------------------------------------------------

# (text, what it must become). Passwords are hidden, the command around them kept.
FORMS = [
    ("echo 'carol:Tr0ub4dor&3' | chpasswd", "echo 'carol:[REDACTED]' | chpasswd"),
    ('echo "carol:Tr0ub4dor" | sudo chpasswd', 'echo "carol:[REDACTED]" | sudo chpasswd'),
    ("echo carol:Tr0ub4dor | chpasswd", "echo carol:[REDACTED] | chpasswd"),
    ("printf 'alice:Pw1\\nbob:Pw2\\n' | chpasswd",
     "printf 'alice:[REDACTED]\\nbob:[REDACTED]\\n' | chpasswd"),
    ("chpasswd <<< 'dave:hunter22'", "chpasswd <<< 'dave:[REDACTED]'"),
    ("chpasswd<<<\"dave:hunter22\"", "chpasswd<<<\"dave:[REDACTED]\""),
    ("cat <<EOF | chpasswd\nalice:S3cret1\nbob:S3cret2\nEOF\nid alice",
     "cat <<EOF | chpasswd\nalice:[REDACTED]\nbob:[REDACTED]\nEOF\nid alice"),
    ("echo 'Hunter22' | passwd --stdin bob", "echo '[REDACTED]' | passwd --stdin bob"),
    ("printf '%s\\n' 'Hunter22' | passwd --stdin bob", "printf '%s\\n' '[REDACTED]' | passwd --stdin bob"),
    ("echo -e 'Hunter22\\nHunter22' | passwd bob", "echo -e '[REDACTED]' | passwd bob"),
    ("echo 'Hunter22' | sudo -S systemctl restart x", "echo '[REDACTED]' | sudo -S systemctl restart x"),
    ("openssl passwd -6 'Hunter22'", "openssl passwd -6 '[REDACTED]'"),
    ("openssl passwd -6 -salt xyz Hunter22", "openssl passwd -6 -salt xyz [REDACTED]"),
    ("openssl passwd -1 \"Hunter22\"", "openssl passwd -1 \"[REDACTED]\""),
    ("useradd -m -p \"$(openssl passwd -6 'Hunter22')\" bob",
     "useradd -m -p \"$(openssl passwd -6 '[REDACTED]')\" bob"),
    ("mkpasswd -m sha-512 Hunter22", "mkpasswd -m sha-512 [REDACTED]"),
    ("mysql -uroot -pHunter22 -e 'select 1'", "mysql -uroot -p[REDACTED] -e 'select 1'"),
    ("mysql -u root -p'Hunter22' app", "mysql -u root -p'[REDACTED]' app"),
    ("mysqldump --password=Hunter22 app > a.sql", "mysqldump --password=[REDACTED] app > a.sql"),
    ("mariadb --user=root --password='Hunter22'", "mariadb --user=root --password='[REDACTED]'"),
    ("PGPASSWORD=Hunter22 psql -h db -U app", "PGPASSWORD=[REDACTED] psql -h db -U app"),
    ("export PGPASSWORD='Hunter22'", "export PGPASSWORD='[REDACTED]'"),
    ("MYSQL_PWD=Hunter22 mysql app", "MYSQL_PWD=[REDACTED] mysql app"),
    ("sshpass -p 'Hunter22' ssh -p 2222 admin@db", "sshpass -p '[REDACTED]' ssh -p 2222 admin@db"),
    ("sshpass -pHunter22 scp f host:", "sshpass -p[REDACTED] scp f host:"),
    ("mysql -e \"CREATE USER 'app'@'%' IDENTIFIED BY 'Hunter22';\"",
     "mysql -e \"CREATE USER 'app'@'%' IDENTIFIED BY '[REDACTED]';\""),
    ("ALTER USER 'app'@'localhost' IDENTIFIED WITH mysql_native_password BY 'Hunter22';",
     "ALTER USER 'app'@'localhost' IDENTIFIED WITH mysql_native_password BY '[REDACTED]';"),
    ("psql -c \"CREATE ROLE app LOGIN PASSWORD 'Hunter22'\"",
     "psql -c \"CREATE ROLE app LOGIN PASSWORD '[REDACTED]'\""),
    ("alter user app with password 'Hunter22';", "alter user app with password '[REDACTED]';"),
    ("SET PASSWORD FOR 'u'@'localhost' = PASSWORD('Hunter22')",
     "SET PASSWORD FOR 'u'@'localhost' = PASSWORD('[REDACTED]')"),
    ("htpasswd -b /etc/nginx/.htpasswd admin Hunter22", "htpasswd -b /etc/nginx/.htpasswd admin [REDACTED]"),
    ("htpasswd -bcB /etc/nginx/.htpasswd admin 'Hunter22'",
     "htpasswd -bcB /etc/nginx/.htpasswd admin '[REDACTED]'"),
    ("htpasswd -nb admin Hunter22", "htpasswd -nb admin [REDACTED]"),
    ("useradd -m -p Hunter22 bob", "useradd -m -p [REDACTED] bob"),
    ("usermod --password 'Hunter22' bob", "usermod --password '[REDACTED]' bob"),
    ("usermod --password=Hunter22 bob", "usermod --password=[REDACTED] bob"),
    ("curl -u admin:Hunter22 http://localhost/", "curl -u admin:[REDACTED] http://localhost/"),
    ("wget --password=Hunter22 http://x/", "wget --password=[REDACTED] http://x/"),
    ("redis-cli -a Hunter22 ping", "redis-cli -a [REDACTED] ping"),
    ("ldapsearch -x -D cn=admin -w Hunter22 -b dc=x", "ldapsearch -x -D cn=admin -w [REDACTED] -b dc=x"),
    ("rabbitmqctl add_user admin Hunter22", "rabbitmqctl add_user admin [REDACTED]"),
    ("git clone https://deploy:Hunter22@git.example.com/app.git",
     "git clone https://deploy:[REDACTED]@git.example.com/app.git"),
    ("curl -H 'Authorization: Bearer abc.DEF-123_xyz' https://api",
     "curl -H 'Authorization: Bearer [REDACTED]' https://api"),
    ("authorization: bearer abcdef123456", "authorization: bearer [REDACTED]"),
    ("x-api-key: abcdef123456", "x-api-key: [REDACTED]"),
    ("key=sk-ant-api03-AbCdEf_123-xyzXYZ0987", "key=[REDACTED]"),
    ("OPENAI=sk-proj-AbCdEf1234567890abcdEFGH", "OPENAI=[REDACTED]"),
    ("token ghp_abcdefghijklmnopqrstuvwxyz0123456789 ok", "token [REDACTED] ok"),
    ("github_pat_11AAAAAAA0123456789_abcdefghijklmnop", "[REDACTED]"),
    ("aws AKIAIOSFODNN7EXAMPLE.", "aws [REDACTED]."),
    ("slack xoxb-123456789012-abcdefABCDEF", "slack [REDACTED]"),
    ("GITHUB_TOKEN=anything-at-all", "GITHUB_TOKEN=[REDACTED]"),
]

PEM_OPENSSH = ("-----BEGIN OPENSSH PRIVATE KEY-----\n"
               "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
               "QyNTUxOQAAACBFJ7eb0cZ3T3VKOa9Rb9d2Z0wzKyIg3lP3QK9b2C4y8wAAAJgZq9ZfGavW\n"
               "-----END OPENSSH PRIVATE KEY-----\n")
PEM_ENCRYPTED = ("-----BEGIN RSA PRIVATE KEY-----\n"
                 "Proc-Type: 4,ENCRYPTED\n"
                 "DEK-Info: AES-128-CBC,3F17F5316E2BAC89BBF3AC6A0B4D7C15\n\n"
                 "MIIEpAIBAAKCAQEAw0Yq4Ph8Vv0k4bT9s7xUq3c7B8FZKqz9wXH3b8t9uQm1l2n3\n"
                 "-----END RSA PRIVATE KEY-----")


@pytest.mark.parametrize("text,expected", FORMS, ids=[f[0][:40] for f in FORMS])
def test_each_form_is_hidden_and_the_command_kept(text: str, expected: str):
    assert redact(text) == expected
    assert redact(expected) == expected  # idempotent


@pytest.mark.parametrize("pem", [PEM_OPENSSH, PEM_ENCRYPTED, PEM_OPENSSH.replace("OPENSSH ", ""),
                                 PEM_OPENSSH.replace("OPENSSH", "ENCRYPTED"),
                                 PEM_OPENSSH.replace("\n", "\r\n")])
def test_private_key_body_is_blanked_and_its_lines_kept(pem: str):
    pem = pem.rstrip()
    begin, end = pem.splitlines()[0], pem.splitlines()[-1]
    nl = "\r\n" if "\r\n" in pem else "\n"
    assert redact(f"cat key:\n{pem}\ndone") == f"cat key:\n{begin}{nl}{MASK}{nl}{end}\ndone"
    # one line, as some tools print it
    assert redact(pem.replace(nl, " ")) == f"{begin} {MASK} {end}"


def test_private_key_cut_by_the_output_cap_is_hidden_to_its_end():
    cut = PEM_OPENSSH[:150]  # no END line: the output cap stopped it
    out = redact(f"{cut}")
    assert out == "-----BEGIN OPENSSH PRIVATE KEY-----\n" + MASK
    out = redact("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n(output truncated)")
    assert out == f"-----BEGIN OPENSSH PRIVATE KEY-----\n{MASK}\n(output truncated)"


def test_secrets_by_value_env_and_registered(monkeypatch: pytest.MonkeyPatch):
    values = {"ANTHROPIC_API_KEY": _pw("apikey"), "ANTHROPIC_AUTH_TOKEN": _pw("authtok"),
              "OPSBENCH_BACKUP_KEY": _pw("opsb"), "CI_JOB_TOKEN": _pw("cijob"),
              "S3_SECRET": _pw("s3sec"), "DB_PASSWORD": _pw("dbpw"), "VENDOR_API_KEY": _pw("vend")}
    for k, v in values.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setenv("SHORT_TOKEN", "abc")  # shorter than 8: would mask ordinary words
    monkeypatch.setenv("OPSBENCH_HOME", "/var/lib/opsbench")  # the lab's own setting
    registered = _pw("registered")
    register_secret(registered)
    text = " ".join(values.values()) + f" {registered} abc /var/lib/opsbench"
    assert redact(text) == " ".join([MASK] * (len(values) + 1)) + " abc /var/lib/opsbench"
    assert redact({registered: [values["S3_SECRET"], ("x",)], "n": 5, "f": 1.5, "b": None}) == \
        {MASK: [MASK, ["x"]], "n": 5, "f": 1.5, "b": None}
    # objects a writer would encode with str(): their text redacted when it held a secret
    assert redact([Path("/tmp") / values["DB_PASSWORD"], Path("/tmp/x")]) == \
        [f"/tmp/{MASK}", Path("/tmp/x")]


UNTOUCHED = [
    "ssh -p 22 admin@10.0.0.5", "scp -P 2222 f host:", "mkdir -p /srv/app/data",
    "docker run -p 8080:80 nginx", "nc -l -p 9000", "ls -la /etc/ssh", "useradd -m -s /bin/bash bob",
    "useradd -p '$6$rounds=5000$saltsalt$Xyz0123456789abcdefABCDEF' bob",
    "usermod -p $y$j9T$abc$defghijkl bob", "echo 'carol:$6$salt$hash' | chpasswd -e",
    "useradd -p \"$HASH\" bob", "mysql -p app", "mysql -u root -p -e 'show databases'",
    "echo \"$USER:$PASS\" | chpasswd", "PGPASSWORD=$PGPASS psql", "sshpass -e ssh -p 22 host",
    "grep -i password /etc/ssh/sshd_config", "PasswordAuthentication no",
    "passwd -l bob; passwd -S bob", "chage -d 0 carol", "cat /etc/passwd | cut -d: -f1",
    "disk-full-recovery task-abcdefghijklmnopqrstuvwxyz12 mask-1234567890abcdefghij",
    "curl -s http://localhost:8080/health", "https://deb.debian.org/debian bookworm main",
    "Authorization: Bearer $TOKEN", "openssl passwd -6 -stdin < pw.txt",
    "kubectl --token-file=/x", "root:x:0:0:root:/root:/bin/bash",
    "bob:$6$salt$hashhashhash:19000:0:99999:7:::",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----",
    "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEF\n-----END PUBLIC KEY-----",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEUnt5vRxndPdUo5r1Fv3XZnTDMrIiDeU/dAr1vYLjLz op@lab",
    "SHA256:k8ZQ8cCk1X8Yy3xA8n0Zo7m6oV1c3f0a1b2c3d4e5f6 (ED25519)",
]


@pytest.mark.parametrize("text", UNTOUCHED)
def test_ordinary_text_hashes_and_other_programs_flags_are_untouched(text: str):
    assert redact(text) == text
    assert redact_text(json.dumps(text), encoded=True) == json.dumps(text)


# -- encoded text: JSON stays valid ----------------------------------------------------------

_PIECES = ['"', "\\", "\\n", "\n", "\r", "\\t", "\\\\", "\\u", "'", " ", "|", ":", "=", "é", "\u2028",
           "\x00", "\t", "(", ")",
           "-p", "--password=", "mysql ", "echo ", "printf ", "chpasswd", " | chpasswd", "<<< ",
           "passwd --stdin x", "sudo -S ", "openssl passwd -6 ", "useradd -p ", "sshpass -p ",
           "IDENTIFIED BY ", "PASSWORD ", "PGPASSWORD=", "htpasswd -b f u ", "<<EOF", "EOF",
           "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----", "MIIEab+/=",
           "sk-ant-abcdefghijk", "Authorization: Bearer ", "abc123XYZ", "user:pw", "https://u:",
           "@h", "$6$s$h", "$PW", "\\\"", "curl -u a:", "nsecretvalue", 'q"uo\\te-secret']


def test_replacements_in_json_text_never_break_it(monkeypatch: pytest.MonkeyPatch):
    import random
    monkeypatch.setenv("OPSBENCH_FUZZ_TOKEN", "nsecretvalue")  # starts like the escape \n
    monkeypatch.setenv("FUZZ_SECRET", 'q"uo\\te-secret')  # quotes and backslashes
    rng = random.Random(7)
    for _ in range(4000):
        s = "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 30)))
        obj = rng.choice([s, [s, s[::-1]], {"k": s, s[:5]: [s]}])
        for ascii_only in (True, False):
            encoded = json.dumps(obj, ensure_ascii=ascii_only)
            json.loads(redact_text(encoded, encoded=True))  # still valid JSON
            json.loads(redact_tokens(encoded))
        hidden = json.dumps(redact(obj))
        assert "nsecretvalue" not in hidden and "q\\\"uo\\\\te-secret" not in hidden


def test_the_column_screen_matches_every_text_the_redactor_changes(monkeypatch: pytest.MonkeyPatch):
    """reports.data screens whole columns with screen_re2 (RE2) and redacts only what it matches:
    it must match every text the redactor would change."""
    import random

    import pyarrow as pa
    import pyarrow.compute as pc
    monkeypatch.setenv("OPSBENCH_FUZZ_TOKEN", "nsecretvalue")
    monkeypatch.setenv("FUZZ_SECRET", 'q"uo\\te-secret')
    rng = random.Random(11)
    texts = [t for t, _ in FORMS] + [PEM_OPENSSH, PEM_ENCRYPTED, "nsecretvalue", 'q"uo\\te-secret']
    texts += ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 30))) for _ in range(4000)]
    changed_ = [t for t in texts if redact(t) != t]
    assert len(changed_) > 1000
    hit = pc.match_substring_regex(pa.array(changed_), redact_mod.screen_re2())
    assert [t for t, h in zip(changed_, hit.to_pylist(), strict=True) if not h] == []


def test_json_text_is_redacted_in_place():
    obj = {"command": "echo \"carol:Hunter22\" | chpasswd; mysql -p\"Hunter22\"",
           "stdout": PEM_OPENSSH, "sql": "IDENTIFIED BY 'Hunter22'", "k": "sk-ant-api03-abcdefghijklm"}
    out = json.loads(redact_text(json.dumps(obj, indent=2), encoded=True))
    assert "Hunter22" not in json.dumps(out) and "b3BlbnNzaC1" not in json.dumps(out)
    assert out["command"].startswith('echo "carol:[REDACTED]" | chpasswd; mysql -p')
    assert out["stdout"].startswith("-----BEGIN OPENSSH PRIVATE KEY-----\n[REDACTED]\n-----END")


# -- fast: linear on 1 MiB of hostile output -------------------------------------------------

_MIB = 1 << 20
HOSTILE = {
    "plain log": ("Setting up libfoo (1.2-3) ...\n" * 40000)[:_MIB],
    "triggers everywhere": ("sudo echo 'a:b' | passwd mysql -p curl -u sk- PASSWORD 'x' --password= "
                            "https://a:b@ <<< IDENTIFIED BY " * 12000)[:_MIB],
    "program names": ("curl " * 250000)[:_MIB],
    "unclosed quotes": "echo '" + "x" * _MIB,
    "a long word": "mysql -p" + "x" * _MIB,
    "keys without end": ("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n" * 30000)[:_MIB],
    "heredocs": ("cat <<EOF | chpasswd\n" + "a:b\n" * 10) * 7000,
    "token prefixes": ("sk-" * 400000)[:_MIB],
    "escaped quotes": ('\\"' * 600000)[:_MIB],
}


@pytest.mark.parametrize("name", HOSTILE)
def test_one_mib_of_hostile_output_is_redacted_fast(name: str):
    text = HOSTILE[name]
    for encoded, value in ((False, text), (True, json.dumps(text))):
        t0 = time.perf_counter()
        redact_text(value, encoded=encoded)
        assert time.perf_counter() - t0 < 4.0, f"{name}: not linear (encoded={encoded})"


# -- end to end: a sweep written by the real writers -----------------------------------------

class Planted:
    """A secret of every kind, and texts that carry them the way a run would."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.env = {"ANTHROPIC_API_KEY": _pw("anthropickey"), "ANTHROPIC_AUTH_TOKEN": _pw("authtoken"),
                    "OPSBENCH_REGISTRY_CREDENTIAL": _pw("opsbenchcred"),
                    "VENDOR_API_KEY": _pw("vendorapikey"), "DEPLOY_TOKEN": _pw("deploytoken"),
                    "BACKUP_SECRET": _pw("backupsecret"), "ADMIN_PASSWORD": _pw("adminpassword")}
        for k, v in self.env.items():
            monkeypatch.setenv(k, v)
        self.registered = _pw("registered")
        register_secret(self.registered)
        h = rnd.token_hex(12)
        self.tokens = {"anthropic": f"sk-ant-api03-{h}", "openai": f"sk-proj-{h}AbCd{h}",
                       "github": f"ghp_{h}{h[:12]}", "aws": "AKIA" + h[:16].upper(),
                       "slack": f"xoxb-{h[:12]}-{h[12:]}", "bearer": f"bearer.{h}"}
        self.pem_body = "b3BlbnNzaC1" + rnd.token_hex(20)
        self.pem = (f"-----BEGIN OPENSSH PRIVATE KEY-----\n{self.pem_body}\n"
                    f"{rnd.token_hex(20)}\n-----END OPENSSH PRIVATE KEY-----\n")
        self.enc_body = "MIIEpAIBAAK" + rnd.token_hex(20)
        self.pem_encrypted = (f"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n"
                              f"DEK-Info: AES-128-CBC,{rnd.token_hex(16).upper()}\n\n"
                              f"{self.enc_body}\n-----END RSA PRIVATE KEY-----")
        p = {name: _pw(name) for name in (
            "chpasswd", "herestring", "heredoc", "stdin", "openssl", "mysqlp", "mysqllong",
            "pgpassword", "sshpass", "identified", "sqlpassword", "htpasswd", "useradd", "usermod")}
        self.passwords = p
        self.commands = [
            f"echo 'carol:{p['chpasswd']}' | chpasswd",
            f"chpasswd <<< 'dave:{p['herestring']}'",
            f"cat <<EOF | chpasswd\nerin:{p['heredoc']}\nEOF",
            f"echo '{p['stdin']}' | passwd --stdin frank",
            f"openssl passwd -6 -salt s4lt '{p['openssl']}'",
            f"mysql -uroot -p{p['mysqlp']} -e 'select 1'",
            f"mysqladmin --password={p['mysqllong']} status",
            f"PGPASSWORD={p['pgpassword']} psql -h db -U app",
            f"sshpass -p '{p['sshpass']}' ssh -p 22 admin@db",
            f"mysql -e \"CREATE USER 'app'@'%' IDENTIFIED BY '{p['identified']}'\"",
            f"psql -c \"ALTER ROLE app PASSWORD '{p['sqlpassword']}'\"",
            f"htpasswd -bc /etc/nginx/.htpasswd admin {p['htpasswd']}",
            f"useradd -m -p {p['useradd']} grace",
            f"usermod --password '{p['usermod']}' grace",
            f"curl -H 'Authorization: Bearer {self.tokens['bearer']}' https://api",
        ]
        self.output = "\n".join([*self.env.values(), self.registered,
                                 *(t for k, t in self.tokens.items() if k != "bearer"),
                                 self.pem, self.pem_encrypted])

    def values(self) -> dict[str, str]:
        """label → secret; the search looks for each of them."""
        out = {f"env {k}": v for k, v in self.env.items()}
        out["registered"] = self.registered
        out.update({f"token {k}": v for k, v in self.tokens.items()})
        out.update({"pem body": self.pem_body, "pem encrypted body": self.enc_body})
        out.update({f"password {k}": v for k, v in self.passwords.items()})
        return out

    def text(self) -> str:
        return "\n".join(self.commands) + "\n" + self.output


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> Planted:
    return Planted(monkeypatch)


TASK_TOML = """id = "secret-task"
title = "Secrets everywhere"
category = "single-node"
difficulty = "easy"
oses = ["debian12"]
persist = false

[[requirements]]
id = "req-1"
text = "carol can log in"
method = "check"
"""


def _result(command: str, stdout: str = "", stderr: str = "") -> CommandResult:
    return CommandResult(node="node1", command=command, user="root",
                         started_at="2026-01-01T00:00:10.000Z", duration_ms=15, exit_code=0,
                         stdout=stdout, stderr=stderr, output_cap=65536)


def write_sweep(root: Path, s: Planted) -> Path:
    """A sweep of one run, every file written by the writer the harness uses for it."""
    sweep = root / "sweep"
    write_json(sweep / "sweep.json", {"schema": "opsbench.sweep/1", "sweep_id": "sweep",
                                      "started_at": "2026-01-01T00:00:00Z", "finished_at": None,
                                      "argv": ["--agent=claude", f"--note={s.registered}"]})
    task = root / "task-src" / "single-node" / "secret-task"
    task.mkdir(parents=True)
    (task / "task.toml").write_text(TASK_TOML)
    (task / "instruction.md").write_text(f"Set carol's password: {s.commands[0]}\n")
    (task / "solution.sh").write_text("\n".join(s.commands) + "\n")
    run_dir = sweep / "secret-task" / "debian12" / "20260101T000000-abcdef"
    rec = RunRecorder(run_dir, {"run_id": run_dir.name, "sweep_id": "sweep", "task": "secret-task",
                              "category": "single-node", "os": "debian12", "family": "debian",
                              "agent": "claude", "model": "m", "host": "qemu:///system",
                              "node_count": 1, "persist": False, "attempt": 1})
    try:
        rec.copy_task(task)
        with rec.timed("provision"):
            write_json(rec.paths.topology, {"nodes": [{"name": "node1", "os": "debian12",
                                                   "note": s.tokens["github"]}], "networks": []})
        node = base_node()
        write_json(rec.paths.snapshot("post_prepare"), {"schema": "opsbench.snapshot/1",
                                                  "phase": "post_prepare", "nodes": {"node1": node}})
        with rec.timed("prepare"):
            rec.add_command(_result("apt-get install -y nginx", stdout="ok " + s.env["DEPLOY_TOKEN"]))
        with rec.timed("agent"):
            for i, command in enumerate(s.commands):
                rec.add_command(_result(command, stdout=f"{s.output}\n{command}",
                                        stderr=s.commands[-1 - i]), source="agent", timeout_s=120)
            rec.add_command(_result("rm -rf /var/lib/app && " + s.commands[5]), source="agent")
        after = changed(node, processes=[*node["processes"], {
            "pid": 900, "user": "root", "comm": "sshpass", "args": s.commands[8]}],
            files={"/root/.my.cnf": {"size": 20, "mtime": 1.0, "sha256": "x", "mode": "0600",
                                     "owner": "root"}})
        write_json(rec.paths.snapshot("post_agent"), {"schema": "opsbench.snapshot/1",
                                                "phase": "post_agent", "nodes": {"node1": after}})
        write_json(rec.paths.checks, {"post_agent": [{
            "id": "req-1", "text": "carol can log in", "status": "not_satisfied",
            "detail": f"login failed: {s.text()}", "command_ids": ["c0002"]}]})
        # the agent's part: its transcript, report and usage (agents/*)
        transcript = Transcript(run_dir)
        transcript.message("assistant", [{"type": "tool_use", "id": "t1", "name": "run",
                                          "input": {"node": "node1", "command": c}}
                                         for c in s.commands])
        transcript.message("user", [{"type": "tool_result", "tool_use_id": "t1",
                                     "content": s.text()}])
        transcript.event("error", message=f"API said: {s.env['ANTHROPIC_API_KEY']}")
        transcript.close()
        write_json(RunPaths(run_dir).report, AgentReport("completed", summary=s.text(),
                   evidence=(Evidence("req-1", ("c0002",)),)).to_json())
        write_json(RunPaths(run_dir).usage, {"note": s.tokens["anthropic"]})
        rec.run["failed_requirements"] = ["req-1"]
        rec.finish("failed", {"type": "infrastructure", "message": s.text(), "phase": "agent"})
    finally:
        rec.close()
    # the verifier's part: its records (checks mode: no LLM), a versioned report, a transcript
    evaluate(run_dir, mode="checks")
    create_json(RunPaths(run_dir).evaluation_report(2), {"note": s.text()})
    log = JsonlWriter(run_dir / "verifier" / "messages.v2.jsonl")
    log.write({"role": "user", "content": s.text()})
    log.close()
    build(sweep, workers=1)  # analysis.json, summary.md, findings.html, data/
    return sweep


def write_html_report(root: Path, sweep: Path, s: Planted, *, plugin: bool = True) -> Path:
    """report.html by pytest-html, as a sweep writes it, from a test whose failure, output, log
    and html extra carry every secret."""
    scratch = root / "html-root"
    scratch.mkdir()
    (scratch / "pytest.ini").write_text("[pytest]\npython_files = test_*.py\n")
    # an html extra added as fixtures.plugin adds its per-run table: escaped text
    (scratch / "conftest.py").write_text(textwrap.dedent("""
        import html, os
        import pytest, pytest_html

        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_makereport(item, call):
            report = (yield).get_result()
            if report.when == "call":
                report.extras = [*getattr(report, "extras", []), pytest_html.extras.html(
                    "<pre>" + html.escape(os.environ["PLANTED_TEXT"]) + "</pre>")]
        """))
    (scratch / "test_leaky.py").write_text(textwrap.dedent("""
        import logging, os
        import pytest
        from records import register_secret

        register_secret(os.environ["PLANTED_REGISTERED"])
        TEXT = os.environ["PLANTED_TEXT"]

        def test_leaky():
            print(TEXT)
            logging.getLogger("x").warning(TEXT)
            assert False, TEXT

        def test_skipped():
            pytest.skip(TEXT.splitlines()[0])
        """))
    out = sweep / "report.html"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(PYTHONPATH=str(REPO), PLANTED_TEXT=s.text(), PLANTED_REGISTERED=s.registered)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                           *(["-p", "fixtures.redact_report"] if plugin else []),
                           f"--html={out}", "--self-contained-html", "test_leaky.py"],
                          cwd=scratch, env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    assert out.is_file(), proc.stdout + proc.stderr
    return out


def leaks(root: Path, s: Planted) -> list[tuple[str, str]]:
    """(file, secret label) for every secret found in any file under `root`, text or binary."""
    values = {label: v.encode() for label, v in s.values().items()}
    found = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        data = path.read_bytes()
        found += [(str(path.relative_to(root)), label) for label, v in values.items() if v in data]
    return found


def test_the_record_is_redacted_and_the_caller_sees_the_command_as_it_ran(tmp_path: Path,
                                                                          planted: Planted):
    rec = RunRecorder(tmp_path / "run", {"run_id": "r"})
    try:
        command = planted.commands[0]
        got = rec.add_command(_result(command, stdout=planted.output), source="agent")
    finally:
        rec.close()
    assert (got.command, got.stdout) == (command, planted.output)  # the agent, a check
    kept = rec.commands[0]
    assert kept.command == "echo 'carol:[REDACTED]' | chpasswd" and kept.id == got.id
    assert planted.passwords["chpasswd"] not in kept.command
    assert leaks(tmp_path, planted) == []


def test_no_secret_reaches_any_file_of_a_sweep(tmp_path: Path, planted: Planted):
    sweep = write_sweep(tmp_path, planted)
    write_html_report(tmp_path, sweep, planted)
    files = {str(p.relative_to(sweep)) for p in sweep.rglob("*") if p.is_file()}
    run = "secret-task/debian12/20260101T000000-abcdef/"
    expected = {"sweep.json", "summary.md", "findings.html", "report.html", "data/README.md",
                *(f"data/{t}.parquet" for t in reports.data.SCHEMAS),
                *(run + f for f in ("run.json", "commands.jsonl", "topology.json", "analysis.json",
                                    "task/task.toml", "task/instruction.md", "task/solution.sh",
                                    "snapshots/post_prepare.json", "snapshots/post_agent.json",
                                    "agent/messages.jsonl", "agent/report.json", "agent/usage.json",
                                    "verifier/checks.json", "verifier/evaluation-report.json",
                                    "verifier/evaluation-report.v2.json",
                                    "verifier/global-observations.json",
                                    "verifier/executor-evidence.json",
                                    "verifier/messages.v2.jsonl"))}
    assert expected <= files, sorted(expected - files)
    assert leaks(sweep, planted) == []
    # what was around the secrets is still there, and every JSON file still parses
    commands = (sweep / run / "commands.jsonl").read_text()
    assert "echo 'carol:[REDACTED]' | chpasswd" in commands and "ssh -p 22 admin@db" in commands
    assert "-----BEGIN OPENSSH PRIVATE KEY-----\\n[REDACTED]\\n-----END OPENSSH PRIVATE KEY-----" \
        in commands
    for p in sweep.rglob("*.json"):
        json.loads(p.read_text())
    for p in sweep.rglob("*.jsonl"):
        [json.loads(line) for line in p.read_text().splitlines()]
    report = (sweep / "report.html").read_text()
    assert "test_leaky" in report and "carol:[REDACTED]" in report


def _identity(value: Any, *args: Any, **kwargs: Any) -> Any:
    return value


class _NoRedactor:
    def value(self, v: Any) -> Any:
        return v

    def text(self, v: str, *args: Any, **kwargs: Any) -> str:
        return v


# Each writer's redaction switched off in turn: the search must find what it lets through.
BYPASSES = {
    "every record file: run.json, commands.jsonl, snapshots, checks, the task copy, the agent's "
    "and the verifier's records (records' one writer)": (records_io, "redact_text", _identity),
}


@pytest.mark.parametrize("bypass", BYPASSES)
def test_the_search_sees_a_writer_that_bypasses_the_redactor(tmp_path: Path, planted: Planted,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             bypass: str):
    module, name, replacement = BYPASSES[bypass]
    monkeypatch.setattr(module, name, replacement)
    sweep = write_sweep(tmp_path, planted)
    assert leaks(sweep, planted), f"{bypass}: nothing leaked, so the search would not notice"


def test_report_html_without_the_plugin_would_leak(tmp_path: Path, planted: Planted):
    sweep = tmp_path / "s"
    sweep.mkdir()
    write_html_report(tmp_path, sweep, planted, plugin=False)
    assert leaks(sweep, planted)


# -- reports: what they derive is redacted again ---------------------------------------------

def raw_sweep(root: Path, s: Planted) -> Path:
    """A sweep whose run folder was written without any redaction (an older harness, a copy by
    hand): the reports must not carry its secrets into what they write."""
    sweep = make_sweep(root / "raw")
    r = RunBuilder(sweep, task="secret-task", run_id="20260101T000000-aaaaaa", outcome="failed")
    for c in s.commands:
        r.cmd(c, stdout=s.output, stderr=c)
    r.cmd("rm -rf /tmp/x; " + s.commands[0])
    r.snapshot("post_prepare", node1=base_node())
    r.snapshot("post_agent", node1=changed(base_node(), files={"/root/.my.cnf": {
        "size": 1, "mtime": 2.0, "sha256": "x", "mode": "0600", "owner": "root"}}))
    r.checks = {"post_agent": [{"id": "req-1", "text": s.commands[0], "status": "not_satisfied",
                                "detail": s.text(), "command_ids": ["c0001"]}]}
    r.run["error"] = {"type": "infrastructure", "phase": "agent", "message": s.text()}
    r.run["failed_requirements"] = ["req-1"]
    r.write()
    return sweep


def _derived(sweep: Path) -> Path:
    """The files `build` wrote, copied apart from the raw run folder they came from."""
    out = sweep.parent / "derived"
    out.mkdir()
    for p in [sweep / "summary.md", sweep / "findings.html", *sweep.glob("data/*"),
              *sweep.glob("*/*/*/analysis.json")]:
        (out / p.name).write_bytes(p.read_bytes())
    return out


def test_reports_redact_what_they_derive_from_unredacted_records(tmp_path: Path, planted: Planted):
    sweep = raw_sweep(tmp_path, planted)
    assert leaks(sweep, planted)  # the run folder itself holds them
    build(sweep, workers=1)
    derived = _derived(sweep)
    assert {p.name for p in derived.iterdir()} >= {"summary.md", "findings.html", "analysis.json",
                                                   "commands.parquet", "requirements.parquet",
                                                   "runs.parquet", "high_impact.parquet"}
    assert leaks(derived, planted) == []
    import pyarrow.parquet as pq
    commands = pq.read_table(derived / "commands.parquet").column("command").to_pylist()
    assert "echo 'carol:[REDACTED]' | chpasswd" in commands


@pytest.mark.parametrize("bypass", ["parquet", "json and text"])
def test_the_search_sees_a_reports_writer_that_bypasses_the_redactor(
        tmp_path: Path, planted: Planted, monkeypatch: pytest.MonkeyPatch, bypass: str):
    if bypass == "parquet":
        monkeypatch.setattr(reports.data._Screen, "__call__", lambda self, values: values)
    else:
        monkeypatch.setattr(records_io, "redact_text", _identity)
    sweep = raw_sweep(tmp_path, planted)
    build(sweep, workers=1)
    assert leaks(_derived(sweep), planted)


def test_reports_text_writer_redacts_markdown_html_toml_and_json(tmp_path: Path, planted: Planted):
    for name in ("summary.md", "findings.html", "task.toml"):
        write_text(tmp_path / name, planted.text())
    write_text(tmp_path / "copy.json", json.dumps({"log": planted.text()}))
    assert leaks(tmp_path, planted) == []
    json.loads((tmp_path / "copy.json").read_text())


def test_the_importer_redacts_what_it_copies(tmp_path: Path, planted: Planted):
    from reports.importer import import_folder
    trial = tmp_path / "study" / "jobs" / "t" / "trial-1"
    (trial / "agent").mkdir(parents=True)
    (trial / "verifier").mkdir()
    (trial.parent / "instruction.md").write_text(planted.text())
    (trial / "result.json").write_text(json.dumps({"id": "x", "verifier_result": {"reward": 0.0}}))
    (trial / "agent" / "executor-commands.jsonl").write_text("".join(json.dumps(
        {"node": "node1", "command": c, "stdout": planted.output, "exit_code": 0,
         "started_at": "2026-01-01T00:00:00Z"}) + "\n" for c in planted.commands))
    (trial / "verifier" / "evaluation-report.json").write_text(json.dumps(
        {"requirements": [{"requirement": planted.text(), "verdict": "fail"}]}, indent=2))
    out = import_folder(tmp_path / "study", tmp_path / "imported")
    assert list(out.glob("*/*/*/run.json"))
    assert leaks(out, planted) == []
    for p in out.rglob("evaluation-report.json"):
        json.loads(p.read_text())  # JSON text redacted in place, still JSON


# -- pytest reports ---------------------------------------------------------------------------

def test_html_fragments_are_redacted_between_their_tags():
    frag = ("<style>td>p{color:red}</style><p class='x'>echo &#x27;carol:Hunter22&#x27; | chpasswd"
            "</p><td>sk-ant-api03-abcdefghijkl</td>")
    out = redact_report.redact_html(frag)
    assert out == ("<style>td>p{color:red}</style><p class='x'>echo 'carol:[REDACTED]' | chpasswd"
                   "</p><td>[REDACTED]</td>")


def test_the_writers_and_the_report_hooks_use_the_one_redactor():
    assert fixtures_record.redact is redact_mod.redact
    assert records_io.redact_text is redact_mod.redact_text
    assert redact_report.redact is redact_mod.redact
    import fixtures.plugin  # wherever the opsbench plugin loads, the report hooks load with it
    assert "fixtures.redact_report" in fixtures.plugin.pytest_plugins
