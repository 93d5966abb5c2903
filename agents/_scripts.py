"""Task scripts as they run on a node (prepare, solution, wrong solutions): the variant for the
node's OS, the shared shell helpers they include inlined, and the one heredoc command that runs
them with NODE/OB_NODES/OB_ADDR_* in the environment.

A script includes a helper with a line of its own:

    . tasklib/tls.sh      # tasklib/sh/tls.sh, the library every task shares
    . ./keys.sh           # a file of the task's own folder

The harness replaces the line with the file's text between marker comments, so the recorded
command holds the whole script that ran; a guest never needs the library installed.
"""
from __future__ import annotations

import re
from pathlib import Path

from agents._base import ClusterInfo
from records import ConfigurationError

HEREDOC_END = "OPSBENCH_SCRIPT_EOF"
SHELL_LIBRARY = Path(__file__).resolve().parents[1] / "tasklib" / "sh"
_INCLUDE = re.compile(r"^[ \t]*(?:\.|source)[ \t]+(tasklib/|\./)([\w.-]+\.sh)[ \t]*(?:#.*)?$")


def script_path(task_dir: Path, filename: str, family: str, os_id: str | None = None) -> Path:
    """`<stem>.<os id>.sh` (an appliance's own script), else `<stem>.<family>.sh`, else the file
    itself (which may not exist)."""
    stem, _, ext = filename.rpartition(".")
    for variant in ([os_id] if os_id else []) + [family]:
        specific = task_dir / f"{stem}.{variant}.{ext}"
        if specific.exists():
            return specific
    return task_dir / filename


def script_text(path: Path, _seen: tuple[Path, ...] = ()) -> str:
    """The script with every include inlined (includes may include; a cycle is an error)."""
    out = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        m = _INCLUDE.match(line)
        if not m:
            out.append(line)
            continue
        where, name = m.groups()
        target = (SHELL_LIBRARY if where == "tasklib/" else path.parent) / name
        label = f"{where}{name}"
        if not target.is_file():
            known = ", ".join(sorted(p.name for p in SHELL_LIBRARY.glob("*.sh")))
            raise ConfigurationError(f"{path}:{number}: includes {label}, which does not exist "
                                     f"(tasklib/ names {SHELL_LIBRARY}: {known}; ./ names the script's own folder)")
        if target.resolve() in _seen or target.resolve() == path.resolve():
            raise ConfigurationError(f"{path}:{number}: includes {label}, which includes {path.name} again")
        body = script_text(target, (*_seen, path.resolve()))
        body = "\n".join(ln for i, ln in enumerate(body.splitlines()) if not (i == 0 and ln.startswith("#!")))
        out += [f"# >>> {label} (inlined by opsbench)", body.rstrip("\n"), f"# <<< {label}"]
    return "\n".join(out) + "\n"


def script_command(script: str, env: dict[str, str]) -> str:
    """The script inline as a heredoc, so the record holds exactly what ran. bash reads the
    heredoc as its stdin, which its commands inherit: one that reads stdin (rabbitmqctl, ssh,
    `read`) would eat the rest of the script, and bash would stop early with exit 0. So the
    script is one `{ … } </dev/null` group, read whole before any of it runs. The remote shell
    `exec`s bash, so no running process keeps the script in its command line: a `pkill -f` in
    the script cannot match the shell that runs it, whatever else the script's text holds."""
    if HEREDOC_END in script:
        raise ConfigurationError(f"a task script may not contain the line {HEREDOC_END}")
    exports = " ".join(f"{k}={_sq(v)}" for k, v in env.items())
    return f"exec env {exports} bash -s <<'{HEREDOC_END}'\n{{\n{script.rstrip()}\n}} </dev/null\n{HEREDOC_END}"


def _sq(value: str) -> str:
    return "'" + value.replace("'", "'\\''") + "'"


def script_env(cluster: ClusterInfo, node: str) -> dict[str, str]:
    """What every task script (prepare, solution) finds in its environment (docs/tasks.md)."""
    env = {"NODE": node, "OB_NODES": " ".join(n.name for n in cluster.nodes)}
    for n in cluster.nodes:
        for iface in n.interfaces:
            if iface.address and iface.network != "mgmt":
                key = f"OB_ADDR_{n.name}_{iface.network}".upper().replace("-", "_")
                env[key] = iface.address.split("/")[0]
    return env
