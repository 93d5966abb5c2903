"""The sweep's data set: `data/{runs,commands,requirements,leftovers,high_impact}.parquet` and a
dataset card (`data/README.md`) generated from the same schema table, so the two never drift."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from records import Redactor, Run, epoch, redactor, screen_re2, write_text

TS = pa.timestamp("ms", tz="UTC")
STR, I32, I64, F64, BOOL = pa.string(), pa.int32(), pa.int64(), pa.float64(), pa.bool_()
STRS = pa.list_(pa.string())


@dataclass(frozen=True)
class Column:
    name: str
    type: pa.DataType
    doc: str


_RUN_KEYS = (Column("run_id", STR, "run folder id `<YYYYmmddTHHMMSS>-<6 hex>`"),
             Column("task", STR, "task id"),
             Column("os", STR, "OS catalog id of the run"))

SCHEMAS: dict[str, tuple[Column, ...]] = {
    "runs": (
        *_RUN_KEYS,
        Column("sweep_id", STR, "sweep id"),
        Column("category", STR, "task category"),
        Column("task_type", STR, "single-node | multi-node | clustered | network"),
        Column("family", STR, "OS family"),
        Column("agent", STR, "agent (claude, oracle, nop, replay:…)"),
        Column("model", STR, "model, or null"),
        Column("effort", STR, "reasoning effort asked for (--effort), or null"),
        Column("trial", I32, "1-based trial of this task×OS×agent (--trials)"),
        Column("node_count", I32, "nodes in the cluster"),
        Column("persist", BOOL, "the task reboots and checks again"),
        Column("attempt", I32, "1-based attempt (infrastructure errors are retried)"),
        Column("outcome", STR, "passed | failed | error | skipped | null"),
        Column("agent_status", STR, "the agent's own claim: completed | blocked | limit | none"),
        Column("started_at", TS, "run start"),
        Column("agent_s", F64, "seconds the agent worked"),
        Column("input_tokens", I64, "model input tokens, cached ones included (null: no model)"),
        Column("output_tokens", I64, "model output tokens (null: no model)"),
        Column("cost_usd", F64, "the model's cost from the price table (null: unknown)"),
        Column("failed_requirements", STRS, "requirement ids not satisfied"),
        Column("error_type", STR, "infrastructure | agent | null"),
        Column("error_phase", STR, "phase where the error happened"),
        Column("error_message", STR, "error message"),
        Column("leftovers", STR, "left | none | undetermined"),
        Column("leftover_classes", STRS, "leftover classes found (see leftovers.parquet)"),
        Column("leftover_findings", I32, "number of leftover findings"),
        Column("high_impact_classes", STRS, "high-impact classes among the agent's commands"),
        Column("high_impact_commands", I32, "agent commands with at least one class"),
        Column("commands", I32, "agent commands"),
        Column("commands_with_exit", I32, "agent commands that returned an exit status"),
        Column("commands_failed", I32, "agent commands with a non-zero exit status"),
        Column("timeouts", I32, "agent commands killed by the foreground limit"),
        Column("transport_errors", I32, "agent commands lost to a transport error"),
        Column("repo_configured", BOOL, "the agent configured a package repository"),
        Column("repo_hosts", STRS, "hosts of the repository URLs"),
        Column("dns_failures", STRS, "repository hosts that do not resolve (with --check-dns)"),
        Column("firewall", STR, "lost | at_risk | persisted | no_change"),
        Column("firewalld_never_permanent", BOOL, "firewall-cmd changes, never --permanent"),
        Column("polling_trap", BOOL, "a background job was polled with sleeps/repeated checks"),
        Column("polling_sleep_s", F64, "seconds slept while polling"),
        Column("polling_wasted_s", F64, "seconds slept after the job had finished (estimate)"),
        Column("claimed_but_failed", BOOL, "agent said completed, failed on a requirement unmet post_agent"),
        Column("lost_on_reboot", BOOL, "a check satisfied post_agent, not satisfied post_reboot"),
        Column("boot_dead_end", BOOL, "the reboot stopped in emergency/rescue mode (agent's changes)"),
        Column("node_down", BOOL, "the agent left a node powered off or halted"),
    ),
    "commands": (
        *_RUN_KEYS,
        Column("node", STR, "node name"),
        Column("node_os", STR, "OS of the node (appliances differ from hosts)"),
        Column("id", STR, "command id within the run (c0001…)"),
        Column("seq", I32, "order of completion within the run"),
        Column("phase", STR, "phase (agent, prepare, checks:post_agent, …)"),
        Column("source", STR, "agent | harness"),
        Column("command", STR, "command text"),
        Column("started_at", TS, "start"),
        Column("duration_ms", I64, "duration"),
        Column("exit_code", I32, "exit status, null on timeout or transport error"),
        Column("timed_out", BOOL, "killed by the foreground limit"),
        Column("transport_error", STR, "transport error message, or null"),
        Column("stdout", STR, "stored stdout (capped by the harness)"),
        Column("stderr", STR, "stored stderr (capped by the harness)"),
        Column("high_impact", STRS, "high-impact classes of this command"),
    ),
    "requirements": (
        *_RUN_KEYS,
        Column("phase", STR, "post_agent | post_reboot"),
        Column("requirement", STR, "requirement id"),
        Column("text", STR, "requirement text"),
        Column("status", STR, "satisfied | not_satisfied | error"),
        Column("detail", STR, "what decided it"),
        Column("command_ids", STRS, "commands that decided it"),
    ),
    "leftovers": (
        *_RUN_KEYS,
        Column("node", STR, "node name"),
        Column("class", STR, "temp_files | config | services | credentials | packages | "
                             "accounts | backups | test_data"),
        Column("kind", STR, "what it is within the class"),
        Column("object", STR, "path, package, unit, user, …"),
        Column("change", STR, "added | modified"),
        Column("command_id", STR, "first agent command mentioning it, or null"),
        Column("detail", STR, "secret kinds, package version, … (never a secret)"),
    ),
    "high_impact": (
        *_RUN_KEYS,
        Column("node", STR, "node name"),
        Column("node_os", STR, "OS of the node"),
        Column("command_id", STR, "command id"),
        Column("phase", STR, "phase"),
        Column("class", STR, "service_stop | forced_kill | recursive_force_remove | "
                             "network_flush | force_flag"),
        Column("forms", STRS, "matched forms, e.g. systemctl stop, rm -rf"),
        Column("text", STR, "command text (first 500 characters)"),
    ),
}


def _ms(ts: str | None) -> int | None:
    t = epoch(ts)
    return None if t is None else int(t * 1000)


def command_rows(record: Run, analysis: Mapping[str, Any]) -> list[tuple]:
    """commands.parquet rows of one run (built in the worker that read the record)."""
    run = analysis["run"]
    node_os = analysis["node_os"]
    hi: dict[str, list[str]] = {}
    for f in analysis["high_impact"]["findings"]:
        hi.setdefault(f["command_id"], []).append(f["class"])
    return [(run["run_id"], run["task"], run["os"], c.node, node_os.get(c.node, run["os"]), c.id,
             c.seq, c.phase, c.source, c.command,
             None if c.start is None else int(c.start * 1000), c.duration_ms, c.exit_code,
             c.timed_out, c.transport_error, c.stdout, c.stderr, hi.get(c.id, []))
            for c in record.commands]


def requirement_rows(record: Run, analysis: Mapping[str, Any]) -> list[tuple]:
    run = analysis["run"]
    rows = []
    for phase, items in (record.checks_json or {}).items():
        if not isinstance(items, list):
            continue
        for i in items:
            if isinstance(i, dict):
                rows.append((run["run_id"], run["task"], run["os"], phase, str(i.get("id") or ""),
                             i.get("text"), i.get("status"), i.get("detail"),
                             [str(x) for x in i.get("command_ids") or []]))
    return rows


def _run_row(a: Mapping[str, Any]) -> tuple:
    r, lo, hi, cm, rp, fw, pl, il = (a["run"], a["leftovers"], a["high_impact"], a["commands"],
                                     a["repos"], a["firewall"], a["polling"], a["illusion"])
    err = r.get("error") or {}
    return (r["run_id"], r["task"], r["os"], r["sweep_id"], r["category"], r["task_type"],
            r["family"], r["agent"], r["model"], r.get("effort"), r.get("trial") or 1,
            r["node_count"], r["persist"], r["attempt"],
            r["outcome"], r["agent_status"], _ms(r["started_at"]), cm["agent_s"],
            r.get("input_tokens"), r.get("output_tokens"), r.get("cost_usd"),
            r["failed_requirements"], err.get("type"), err.get("phase"), err.get("message"),
            lo["status"], sorted(lo["classes"]), len(lo["findings"]),
            [k for k, v in hi["classes"].items() if v], hi["commands"], cm["total"],
            cm["with_exit"], cm["failed"], cm["timeouts"], cm["transport_errors"],
            rp["configured"], sorted(rp["hosts"]),
            sorted(h for h, s in rp["hosts"].items() if s == "does not resolve"),
            fw["verdict"], fw["firewalld_never_permanent"], pl["trap"], pl["sleep_s"],
            pl["wasted_s"], il["claimed_but_failed"], il["lost_on_reboot"],
            il.get("boot_dead_end", False), il.get("node_down", False))


def _leftover_rows(a: Mapping[str, Any]) -> Iterable[tuple]:
    r = a["run"]
    for f in a["leftovers"]["findings"]:
        yield (r["run_id"], r["task"], r["os"], f["node"], f["class"], f["kind"], f["object"],
               f["change"], f["command_id"], f["detail"])


def _high_impact_rows(a: Mapping[str, Any]) -> Iterable[tuple]:
    r = a["run"]
    for f in a["high_impact"]["findings"]:
        yield (r["run_id"], r["task"], r["os"], f["node"], a["node_os"].get(f["node"], r["os"]),
               f["command_id"], f["phase"], f["class"], f["forms"], f["text"])


def _table_pool() -> pa.MemoryPool:
    # The command outputs make string columns of hundreds of MB. Built in a process that has
    # already allocated much, they took 3× as long with Arrow's default allocator (mimalloc),
    # mostly in the kernel handing out fresh pages, as with jemalloc or malloc.
    try:
        return pa.jemalloc_memory_pool()
    except (NotImplementedError, pa.ArrowNotImplementedError):
        return pa.system_memory_pool()


_POOL = _table_pool()


def table(name: str, rows: Sequence[tuple]) -> pa.Table:
    """Rows (tuples in schema order) → an Arrow table of that schema, its texts redacted."""
    cols = SCHEMAS[name]
    columns = list(zip(*rows)) if rows else [() for _ in cols]
    arrays = []
    screen = _Screen()
    for col, values in zip(cols, columns):
        if col.type == TS:  # epoch milliseconds → timestamp, without a datetime per value
            arrays.append(pa.array(values, type=I64, memory_pool=_POOL).cast(TS))
        else:
            arrays.append(screen(pa.array(values, type=col.type, memory_pool=_POOL)))
    return pa.Table.from_arrays(arrays, schema=pa.schema([pa.field(c.name, c.type) for c in cols]))


class _Screen:
    """Redacts the texts of a column (records/_redact.py). The rows come from run records that were
    redacted when written, so this is the second line; it must stay cheap over hundreds of MB of
    command output: one RE2 pass finds the values the redactor could change, and only those go
    through it."""

    def __init__(self) -> None:
        self.redactor: Redactor = redactor()
        self.pattern = screen_re2()

    def __call__(self, values: pa.Array) -> pa.Array:
        if pa.types.is_string(values.type):
            hit = pc.fill_null(pc.match_substring_regex(values, self.pattern), False)
            if not pc.any(hit).as_py():
                return values
            fixed = [self.redactor.text(v) for v in pc.filter(values, hit).to_pylist()]
            return pc.replace_with_mask(values, hit, pa.array(fixed, type=values.type))
        if pa.types.is_list(values.type) and pa.types.is_string(values.type.value_type):
            flat = pc.list_flatten(values)
            if not len(flat) or not pc.any(pc.fill_null(
                    pc.match_substring_regex(flat, self.pattern), False)).as_py():
                return values
            return pa.array([None if v is None else self.redactor.value(v)
                             for v in values.to_pylist()], type=values.type)
        return values


def save_table(t: pa.Table, path: Path) -> Path:
    """`t` as an Arrow IPC file, for another process to `load_table`."""
    with pa.OSFile(str(path), "wb") as f, pa.ipc.new_file(f, t.schema) as writer:
        writer.write_table(t)
    return path


def load_table(path: Path) -> pa.Table:
    """A table saved by `save_table`, memory-mapped rather than copied."""
    return pa.ipc.open_file(pa.memory_map(str(path))).read_all()


def write_dataset(data_dir: Path, analyses: Sequence[Mapping[str, Any]], commands: pa.Table,
                  requirements: pa.Table, sweep_id: str) -> None:
    """Write the five tables; commands and requirements come built (by the workers)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    tables = {
        "runs": table("runs", [_run_row(a) for a in analyses]),
        "commands": commands,
        "requirements": requirements,
        "leftovers": table("leftovers", [row for a in analyses for row in _leftover_rows(a)]),
        "high_impact": table("high_impact", [row for a in analyses for row in _high_impact_rows(a)]),
    }
    counts = {}
    for name, t in tables.items():
        tmp = data_dir / f".{name}.parquet.tmp"
        pq.write_table(t, tmp)
        tmp.replace(data_dir / f"{name}.parquet")
        counts[name] = t.num_rows
    write_text(data_dir / "README.md", dataset_card(sweep_id, counts))


def dataset_card(sweep_id: str, counts: Mapping[str, int]) -> str:
    out = [f"# opsbench sweep {sweep_id}: data set", "",
           "Computed by `python -m reports <sweep-dir>` from the run folders alone "
           "(docs/records.md); recomputing gives the same tables. One row per:", "",
           "| file | one row per | rows |", "|---|---|---|"]
    what = {"runs": "run", "commands": "command (every phase; `source` tells agent from harness)",
            "requirements": "requirement result per phase", "leftovers": "leftover finding",
            "high_impact": "(command, high-impact class)"}
    out += [f"| `{n}.parquet` | {what[n]} | {counts.get(n, 0)} |" for n in SCHEMAS]
    out += ["", "Join on `run_id` (plus `id`/`command_id` for commands). Timestamps are UTC.", "",
            "```python", "import pandas as pd",
            "runs = pd.read_parquet('data/runs.parquet')",
            "runs[runs.outcome != 'error'].groupby('category').outcome.value_counts()",
            "# or: duckdb -c \"select os, avg(exit_code <> 0) from 'data/commands.parquet' "
            "where source = 'agent' and exit_code is not null group by os\"", "```", "",
            "Caveats: outcome `error` rows are infrastructure failures, excluded from every rate. "
            "Leftovers are a lower bound (what the snapshots can see). Secrets are reported by "
            "path and kind only. DNS status is only known when built with `--check-dns`.", ""]
    for name, cols in SCHEMAS.items():
        out += [f"## {name}.parquet", "", "| column | type | meaning |", "|---|---|---|"]
        out += [f"| `{c.name}` | {c.type} | {c.doc} |" for c in cols]
        out.append("")
    return "\n".join(out)
