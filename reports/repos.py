"""Repository URLs the agent configured (finding 6), from two sources:

- agent commands that configure a repository: a repository tool (add-apt-repository,
  `dnf config-manager --add-repo` or dnf5's `addrepo --from-repofile=`, zypper ar, apk -X, a
  `*-release` package by URL, a setup script piped to a shell or run as `bash <(curl …)`, or
  downloaded and then run) or any write to a repository file (sources.list*, yum.repos.d, apk
  repositories) — every URL in such a command counts, heredoc bodies included;
- repository files: URLs in `repo_urls` after the agent that were not there before.

Each host gets a DNS status from `reports.dns` (only when asked; otherwise "not checked").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping
from urllib.parse import urlsplit

from reports.dns import NOT_CHECKED
from records import Node, Snapshot
from reports.records import Command
from reports.shell import SimpleCommand

_URL = re.compile(r"\b(?:https?|ftp)://[^\s'\"<>|;`)\]\\]+", re.I)
_REPO_PATH = re.compile(r"/etc/apt/sources\.list|/etc/yum\.repos\.d/|/etc/apk/repositories"
                        r"|/etc/zypp/repos\.d/|/etc/dnf/[^\s]*\.repo|\.repo\b|/etc/opkg/")
_KEY_URL = re.compile(r"(\.(asc|gpg|key|pub)|gpg[^/]*|[^/]*key[^/]*)$", re.I)
_FETCHERS = frozenset({"curl", "wget"})
_SHELLS = frozenset({"bash", "sh", "dash", "ash", "zsh"})


@dataclass(frozen=True)
class RepoUrl:
    url: str
    host: str
    kind: str  # repo | key | setup script | release package
    source: str  # command | repo_file
    node: str
    command_id: str | None


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def _configures_repo(c: Command) -> str | None:
    """The kind of repository configuration `c` performs, or None."""
    for s in c.simple:
        name, args = s.name, s.args
        if name == "add-apt-repository" or (name == "zypper" and args[:1] in (("ar",), ("addrepo",))):
            return "repo"
        if name in ("dnf", "dnf5", "yum", "yum-config-manager") and any(
                a.startswith(("--add-repo", "--addrepo", "--from-repofile")) or a == "addrepo"
                for a in args):  # dnf4's --add-repo, dnf5's `config-manager addrepo`
            return "repo"
        if name == "apk" and any(a in ("-X", "--repository") or a.startswith("--repository=")
                                 for a in args):
            return "repo"
        if name in ("rpm", "dnf", "yum", "dpkg", "apt", "apt-get") and any(
                _URL.match(a) and "release" in a.rsplit("/", 1)[-1] for a in args):
            return "release package"
        if any(_REPO_PATH.search(t) for _, t in s.redirects) or (
                name in ("tee", "cp", "mv", "install", "ln", "sed", "curl", "wget")
                and any(_REPO_PATH.search(a) for a in args)):
            return "repo"
    # curl … | bash, bash <(curl …): a vendor setup script that writes the repository itself
    names = [s.name for s in c.simple]
    if any(n in _FETCHERS for n in names) and any(n in _SHELLS for n in names) and (
            "|" in c.command or "<(" in c.command):
        return "setup script"
    return None


def _downloads(s: SimpleCommand) -> list[str]:
    """Files a curl/wget writes: -o/-O/--output(-document) FILE, `> FILE`, or wget's default
    (the URL's file name)."""
    if s.name not in _FETCHERS:
        return []
    out = [t for op, t in s.redirects if op in (">", ">>")]
    for k, a in enumerate(s.args):
        flag, eq, value = a.partition("=")
        if flag in ("-o", "--output", "--output-document") or (s.name == "wget" and flag == "-O"):
            out.append(value if eq else (s.args[k + 1] if k + 1 < len(s.args) else ""))
        elif s.name == "curl" and a in ("-O", "--remote-name"):
            out += [u.rsplit("/", 1)[-1] for u in s.args if _URL.match(u)]
    if s.name == "wget" and not out:
        out += [u.rstrip("/").rsplit("/", 1)[-1] for u in s.args if _URL.match(u)]
    return [p for p in out if p and p not in ("-", "/dev/null")]


def _runs(s: SimpleCommand, files: Mapping[str, Any]) -> str | None:
    """The downloaded file this simple command runs: `bash F`, `sh F`, `./F`, `/tmp/F`."""
    candidates = [s.argv[0]] + ([a for a in s.args if not a.startswith("-")][:1]
                                if s.name in _SHELLS else [])
    for c in candidates:
        for path in files:
            if c == path or c.rsplit("/", 1)[-1] == path.rsplit("/", 1)[-1]:
                return path
    return None


def repo_urls(agent: list[Command], before: Snapshot | None,
              after: Snapshot | None) -> list[RepoUrl]:
    found: list[RepoUrl] = []
    seen: set[tuple[str, str, str]] = set()
    fetched: dict[str, dict[str, tuple[list[str], str]]] = {}  # node → file → (urls, command id)
    for c in agent:
        for s in c.simple:  # download-then-run: a setup script fetched, then run by a shell
            ran = _runs(s, fetched.get(c.node, {}))
            if ran is not None:
                urls, cid = fetched[c.node].pop(ran)
                for url in urls:
                    if (url, c.node, "command") not in seen and _host(url):
                        seen.add((url, c.node, "command"))
                        found.append(RepoUrl(url, _host(url), "setup script", "command", c.node, cid))
            for path in _downloads(s):
                fetched.setdefault(c.node, {})[path] = (
                    [u.rstrip(".,:") for a in s.args for u in _URL.findall(a)], c.id)
        if "://" not in c.command:  # no URL in the text: nothing to record, whatever it does
            continue
        kind = _configures_repo(c)
        if kind is None:
            continue
        for raw in _URL.findall(c.command):
            url = raw.rstrip(".,:")
            host = _host(url)
            if not host or (url, c.node, "command") in seen:
                continue
            seen.add((url, c.node, "command"))
            k = "key" if _KEY_URL.search(urlsplit(url).path or "") else kind
            found.append(RepoUrl(url, host, k, "command", c.node, c.id))
    b_nodes = before or {}
    for node, a in sorted((after or {}).items()):
        b = b_nodes.get(node)
        if b is not None and a.same(b, "repo_urls"):
            continue
        old = set(_urls(b))
        for url in _urls(a):
            host = _host(url)
            if url in old or not host or (url, node, "repo_file") in seen:
                continue
            seen.add((url, node, "repo_file"))
            cid = next((c.id for c in agent if host in c.command), None)
            found.append(RepoUrl(url, host, "repo", "repo_file", node, cid))
    return found


def _urls(node: Node | None) -> list[str]:
    v = node.get("repo_urls") if node is not None else None
    return [str(u) for u in v] if isinstance(v, list) else []


def repos_json(urls: list[RepoUrl], dns: Mapping[str, str] | None) -> dict[str, Any]:
    hosts = sorted({u.host for u in urls})
    return {
        "configured": bool(urls),
        "urls": [u.__dict__ for u in urls],
        "hosts": {h: (dns or {}).get(h, NOT_CHECKED) for h in hosts},
    }
