"""The shell reader: what a command text would run."""
from __future__ import annotations

import shlex

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reports.classify import classify_text
from reports.shell import _fast_tokenize, _slow_tokenize, parse


def argvs(text: str) -> list[tuple[str, ...]]:
    return [c.argv for c in parse(text)]


@pytest.mark.parametrize("text, expected", [
    ("a && b || c; d | e & f\ng", [("a",), ("b",), ("c",), ("d",), ("e",), ("f",), ("g",)]),
    ("echo 'a b' \"c d\" e\\ f", [("echo", "a b", "c d", "e f")]),
    ("echo \"x\\\"y\\$z\"", [("echo", 'x"y$z')]),
    ("ls # rm -rf /", [("ls",)]),
    ("# only a comment", []),
    ("echo a#b", [("echo", "a#b")]),
    ("sudo -u postgres -E psql -c 'select 1'", [("psql", "-c", "select 1")]),
    ("env -i FOO=1 BAR=2 systemctl stop x", [("systemctl", "stop", "x")]),
    ("FOO=1 BAR=$x rm -rf /tmp/a", [("rm", "-rf", "/tmp/a")]),
    ("timeout -s KILL 30 pkill -9 x", [("pkill", "-9", "x")]),
    ("nohup nice -n 10 ionice -c3 aide --check", [("aide", "--check")]),
    ("find /tmp -name '*.x' | xargs -0 -I{} rm -rf {}", [("find", "/tmp", "-name", "*.x"),
                                                        ("rm", "-rf", "{}")]),
    ("bash -c 'systemctl stop a; rm -fr /b'", [("systemctl", "stop", "a"), ("rm", "-fr", "/b")]),
    ("sudo sh -xc \"bash -c 'pkill x'\"", [("pkill", "x")]),
    ("su - postgres -c 'pg_ctl stop'", [("pg_ctl", "stop")]),
    ("ssh -o StrictHostKeyChecking=no node2 'iptables -F'", [("iptables", "-F")]),
    ("find / -name core -exec rm -rf {} \\;", [("find", "/", "-name", "core", "-exec", "rm", "-rf",
                                               "{}", ";"), ("rm", "-rf", "{}")]),
    ("kill -9 $(pgrep aide)", [("pgrep", "aide"), ("kill", "-9", "$(pgrep aide)")]),
    ("echo \"$(systemctl stop x)\"", [("systemctl", "stop", "x"), ("echo", "$(systemctl stop x)")]),
    ("if systemctl is-active x; then systemctl stop x; fi",
     [("systemctl", "is-active", "x"), ("systemctl", "stop", "x")]),
    ("for f in a b; do rm -rf $f; done", [("rm", "-rf", "$f")]),
    ("while ! pgrep x; do sleep 5; done", [("pgrep", "x"), ("sleep", "5")]),
    ("( cd /tmp && make ) > log 2>&1", [("cd", "/tmp"), ("make",)]),
    ("{ a; b; }", [("a",), ("b",)]),
    ("command -v rm", [("command", "-v", "rm")]),
    ("$'rm' -rf /x", [("rm", "-rf", "/x")]),
    ("watch -n 5 'pgrep aide'", [("pgrep", "aide")]),
    ("ip netns exec blue ip route flush table main", [("ip", "route", "flush", "table", "main")]),
    ("busybox sh -c 'killall x'", [("killall", "x")]),
    ("eval 'rm -rf /tmp/z'", [("rm", "-rf", "/tmp/z")]),
])
def test_parse(text: str, expected: list[tuple[str, ...]]) -> None:
    assert argvs(text) == expected


def test_heredoc_body_is_data_unless_a_shell_reads_it() -> None:
    data = "cat > /etc/x.conf <<'EOF'\nrm -rf /\nsystemctl stop y\nEOF\nsystemctl restart z"
    cmds = parse(data)
    assert [c.argv for c in cmds] == [("cat",), ("systemctl", "restart", "z")]
    assert cmds[0].stdin_text == "rm -rf /\nsystemctl stop y"
    assert cmds[0].redirects == ((">", "/etc/x.conf"),)
    script = "sudo bash -s <<EOF\n\tsystemctl stop y\nEOF"
    assert argvs(script) == [("systemctl", "stop", "y")]
    assert argvs("ssh node2 <<EOF\npkill -9 x\nEOF") == [("pkill", "-9", "x")]
    assert argvs("bash <<< 'rm -rf /q'") == [("rm", "-rf", "/q")]


def test_background_and_wrappers() -> None:
    c = parse("nohup aide --check > /var/log/aide.log 2>&1 &")[0]
    assert c.background and c.wrappers == ("nohup",) and c.name == "aide"
    assert (">", "/var/log/aide.log") in c.redirects
    assert all(c.background for c in parse("(aide --init; echo done > /tmp/d) &"))
    assert not parse("a && b")[0].background
    assert [c.background for c in parse("a; b &")] == [False, True]
    assert parse("systemd-run --unit=scan aide --check")[0].background
    assert not parse("systemd-run --wait aide --check")[0].background
    assert parse("setsid -f long-job")[0].background
    assert parse("screen -dmS s bash -c 'aide --check'")[0].background
    assert parse("/usr/bin/rm x")[0].name == "rm"


@pytest.mark.parametrize("text", ["'unterminated", '"open', "a |", "&& b", ")(", "$(", "`",
                                  "cat <<EOF", "x=$((1+", "\\", "${", "ssh", "bash -c", "sudo",
                                  "find -exec", "a" * 10_000 + "'", "$(" * 50, "bash -c " * 40])
def test_malformed_input_never_raises(text: str) -> None:
    parse(text)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(st.text(alphabet=st.sampled_from(list("ab -'\"\\$`()|&;<>#\n{}=*~/9")) | st.characters(),
               max_size=80))
def test_parse_never_raises(text: str) -> None:
    parse(text)


@settings(max_examples=600, database=None)
@given(st.text(alphabet=st.sampled_from(list("ab -'\"\\$`()|&;<>#\n{}=2")), max_size=60))
def test_fast_tokenizer_agrees_with_full_tokenizer(text: str) -> None:
    fast = _fast_tokenize(text)
    if fast is not None:
        assert fast == _slow_tokenize(text)


_WORDS = ["rm", "-rf", "-r", "-f", "/tmp/x", "systemctl", "stop", "nginx", "pkill", "-9",
          "kill", "iptables", "-F", "nft", "flush", "ruleset", "ip", "route", "curl", "-k",
          "--force", "--nogpgcheck", "echo", "sudo", "bash", "-c", "'pkill x'", "&&", "||", ";",
          "|", "conntrack", "fuser", "-k", "dnf", "install"]


@settings(max_examples=400, database=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=10),
       st.lists(st.sampled_from([" ", "  ", "\t", " \t "]), min_size=10, max_size=10))
def test_whitespace_between_tokens_never_changes_a_classification(words: list[str],
                                                                  gaps: list[str]) -> None:
    single = " ".join(words)
    spaced = "".join(w + g for w, g in zip(words, gaps))
    assert classify_text(single) == classify_text(spaced)


_DANGEROUS = ["rm -rf /", "systemctl stop sshd", "pkill -9 postgres", "iptables -F",
              "nft flush ruleset", "dnf install --nogpgcheck x", "curl -k https://x | bash",
              "sudo bash -c 'killall x'", "kill -9 1; rm -fr /var"]


@settings(max_examples=300, database=None)
@given(st.sampled_from(_DANGEROUS), st.sampled_from(["echo", "printf", "echo -e", "printf '%s\\n'"]),
       st.text(alphabet="abc ;&|", max_size=10))
def test_a_dangerous_command_quoted_inside_echo_is_never_flagged(cmd: str, printer: str,
                                                                 noise: str) -> None:
    assert classify_text(f"{printer} {shlex.quote(cmd + noise)}") == frozenset()
    assert classify_text(f"{printer} {shlex.quote(cmd)} >> /tmp/notes.txt") == frozenset()


_PARTS = ["rm -rf /var/lib/x", "rm -r y", "systemctl stop nginx", "systemctl restart nginx",
          "pkill -9 postgres", "kill 12", "iptables -F INPUT", "nft list ruleset",
          "dnf install --nogpgcheck x", "curl -k https://a", "ip route flush table main",
          "echo 'rm -rf /'", "ls -l /tmp", "cat > /etc/yum.repos.d/r.repo <<'EOF'\ngpgcheck=0\nEOF",
          "fuser -k /mnt", "grep -c x /etc/hosts"]
_WRAPS = [lambda c: f"sudo {c}" if "\n" not in c else f"sudo bash -c {shlex.quote(c)}",
          lambda c: f"bash -c {shlex.quote(c)}",
          lambda c: f"bash -euo pipefail -c {shlex.quote(c)}",
          lambda c: f"ssh node2 {shlex.quote(c)}",
          lambda c: f"sudo -u root sh -c {shlex.quote(c)}",
          lambda c: f"docker exec -it -u root web sh -c {shlex.quote(c)}",
          lambda c: f"kubectl exec -n prod pod/x -- sh -c {shlex.quote(c)}",
          lambda c: f"ansible all -i hosts -m shell -a {shlex.quote(c)}",
          lambda c: f"printf '%s\\n' {shlex.quote(c)} | sudo bash",
          lambda c: f"ssh node2 'bash -s' <<'SCRIPT'\n{c}\nSCRIPT",
          lambda c: f"ssh node2 sudo bash <<'SCRIPT'\n{c}\nSCRIPT"]


@settings(max_examples=400, database=None)
@given(st.lists(st.sampled_from(_PARTS), min_size=1, max_size=3),
       st.lists(st.sampled_from(range(len(_WRAPS))), min_size=1, max_size=2),
       st.sampled_from(["; ", " && ", "\n"]))
def test_a_command_classifies_the_same_bare_and_wrapped(parts: list[str], wraps: list[int],
                                                        sep: str) -> None:
    """Wrappers and remote shells, nested, with quoting generated by shlex: what runs is what
    is classified."""
    bare = sep.join(parts) if all("\n" not in p for p in parts) else "\n".join(parts)
    text = bare
    for w in wraps:
        text = _WRAPS[w](text)
    assert classify_text(text) == classify_text(bare), text


@settings(max_examples=20, deadline=None, database=None)
@given(st.sampled_from(["'", '"', "$(", "`", "a && ", "x | ", "bash -c ", "<<E\n", "\\\n", "(", "{ "]),
       st.sampled_from([25_000, 100_000]))
def test_large_adversarial_inputs_parse_without_raising(piece: str, size: int) -> None:
    parse((piece * (size // len(piece) + 1))[:size])
