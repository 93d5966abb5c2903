"""run.html: one run, readable in a browser without opening a JSON file.

A self-contained page (inline CSS, no script, nothing fetched) written beside run.json when the
sweep's findings are built, or by `python -m reports run-page RUN_DIR`. In order: the outcome
and any infrastructure error with its phase; the phases; the instruction; the topology; each
requirement's verdict per phase, linked to its evidence commands; the agent's report and its
conversation (messages, thinking, tool calls and results, in either provider's form); every
command with node, exit code, duration and output (long output folded); the snapshot
differences; the findings (leftovers, high-impact commands, illusion of done, polling).
It reads only the run's records, through reports.records, and is written redacted.
"""
from __future__ import annotations

import html
import json
import re
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Iterable, Mapping

import msgspec

from records import Redactor, Run, RunPaths, read_json_optional, redactor, write_text
from reports.records import read_run

FOLD_LINES, FOLD_CHARS = 25, 3000  # output longer than this is folded
SHOWN_CHARS = 200_000  # per output: a page stays openable after 200 MB of agent output
DIFF_ITEMS = 60  # names shown per snapshot section and kind of change

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em 1.5em;color:#1d2330}
h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.15em;margin:1.6em 0 .4em;border-bottom:1px solid #dde}
table{border-collapse:collapse;width:100%;margin:.3em 0}td,th{border:1px solid #dde;padding:.25em .5em;
vertical-align:top;text-align:left}th{background:#f3f4f8}pre{white-space:pre-wrap;word-break:break-word;
margin:.2em 0;background:#f7f7fa;padding:.4em .6em;border-radius:4px;font-size:12.5px}
.badge{display:inline-block;padding:.1em .6em;border-radius:1em;font-weight:600}
.passed,.satisfied{background:#dcf5e3;color:#14642e}.failed,.not_satisfied{background:#fde2e1;color:#8b1a16}
.error,.indeterminate,.undecided{background:#fff1d6;color:#7a4b00}.muted{color:#667}
.cmd{border:1px solid #e3e4ea;border-radius:6px;margin:.5em 0;padding:.3em .6em}
.cmd:target{outline:3px solid #7aa7ff}.msg{border-left:4px solid #c9cde0;margin:.6em 0;padding:.2em .8em}
.msg.assistant{border-color:#7aa7ff}.msg.tool,.msg.user{border-color:#c9cde0}
summary{cursor:pointer;color:#334}nav a{margin-right:1em}
"""


def write_run_page(run_dir: Path, record: Run | None = None,
                   analysis: Mapping[str, Any] | None = None) -> Path:
    record = record or read_run(run_dir)
    if analysis is None:
        analysis = read_json_optional(RunPaths(run_dir).analysis) or {}
    path = RunPaths(run_dir).page
    write_text(path, render(record, analysis))
    return path


_HIDE: ContextVar[Redactor] = ContextVar("run_page_redactor")


def render(record: Run, analysis: Mapping[str, Any]) -> str:
    token = _HIDE.set(redactor())  # the secrets of the moment, fixed once for the whole page
    try:
        return _render(record, analysis)
    finally:
        _HIDE.reset(token)


def _render(record: Run, analysis: Mapping[str, Any]) -> str:
    run = record.run
    title = f"{run.get('task')} · {run.get('os')} · {run.get('agent')}" + (
        f" t{run['trial']}" if run.get("trial") and run.get("trial") != 1 else "")
    parts = [_header(record), _phases(run), _instruction(record.path), _topology(record.topology),
             _requirements(record), _agent(record.path, record.report_json), _commands(record),
             _diffs(record.path), _findings(analysis)]
    nav = " ".join(f"<a href='#{a}'>{a}</a>" for a in (
        "phases", "instruction", "topology", "requirements", "agent", "commands", "changes", "findings"))
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{_e(title)}</title>"
            f"<style>{CSS}</style></head><body><nav>{nav}</nav>{''.join(parts)}</body></html>\n")


def _e(value: Any) -> str:
    """Redacted, then escaped: once escaped, a quoted password on a command line no longer
    looks like one to the redactor."""
    return html.escape(_HIDE.get().text("" if value is None else str(value)))


def _badge(status: Any) -> str:
    return f"<span class='badge {_e(status)}'>{_e(status)}</span>"


def _link_ids(text: str) -> str:
    """Escaped text with every command id (c0042) linked to its command."""
    return re.sub(r"\b(c\d{4,})\b", r"<a href='#\1'>\1</a>", _e(text))


def _output(text: str) -> str:
    if not text:
        return ""
    cut = text[:SHOWN_CHARS]
    more = f"\n… {len(text) - SHOWN_CHARS} more characters in commands.jsonl" if len(text) > SHOWN_CHARS else ""
    body = f"<pre>{_e(cut + more)}</pre>"
    if cut.count("\n") > FOLD_LINES or len(cut) > FOLD_CHARS:
        return f"<details><summary>{cut.count(chr(10)) + 1} lines, {len(text)} characters</summary>{body}</details>"
    return body


def _header(record: Run) -> str:
    run = record.run
    facts = [("task", run.get("task")), ("category", run.get("category")), ("OS", run.get("os")),
             ("appliance", run.get("appliance")), ("agent", run.get("agent")),
             ("model", run.get("model")), ("effort", run.get("effort")), ("trial", run.get("trial")),
             ("attempt", run.get("attempt")), ("run", run.get("run_id")),
             ("sweep", run.get("sweep_id")), ("started", run.get("started_at")),
             ("virt", run.get("virt_type"))]
    rows = "".join(f"<tr><th>{k}</th><td>{_e(v)}</td></tr>" for k, v in facts if v not in (None, ""))
    out = (f"<h1>{_e(run.get('task'))} on {_e(run.get('os'))} {_badge(run.get('outcome') or 'unfinished')}"
           f"</h1><table>{rows}</table>")
    if run.get("failed_requirements"):
        out += f"<p>Failed: {_e(', '.join(run['failed_requirements']))}</p>"
    err = run.get("error")
    if isinstance(err, dict) and err:
        out += (f"<p class='badge error'>infrastructure error in {_e(err.get('phase'))}: "
                f"{_e(err.get('type'))}</p><pre>{_e(err.get('message'))}</pre>")
    return out


def _seconds(value: Any) -> str:
    return "" if value is None else f"{value:.1f} s"


def _phases(run: Mapping[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{_e(p.get('name'))}</td><td>{_e(p.get('started_at'))}</td>"
        f"<td>{_seconds(p.get('duration_s'))}</td>"
        f"<td>{'ok' if p.get('ok') else _badge('error')}</td><td>{_e(p.get('error') or '')}</td></tr>"
        for p in run.get("phases") or [])
    return (f"<h2 id='phases'>Phases</h2><table><tr><th>phase</th><th>started</th><th>took</th>"
            f"<th></th><th>error</th></tr>{rows}</table>")


def _instruction(run_dir: Path) -> str:
    path = RunPaths(run_dir).instruction
    text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else "(no copy of the task)"
    return f"<h2 id='instruction'>Instruction</h2><pre>{_e(text)}</pre>"


def _topology(topology: Mapping[str, Any] | None) -> str:
    if not topology:
        return "<h2 id='topology'>Topology</h2><p class='muted'>none recorded</p>"
    nodes = "".join(
        f"<tr><td>{_e(n.get('name'))}</td><td>{_e(n.get('os_name') or n.get('os'))}</td>"
        f"<td>{_e(n.get('role'))}</td><td>{_e(n.get('mgmt_ip'))}</td><td>{_e(n.get('vcpus'))} vCPU, "
        f"{_e(n.get('memory_mib'))} MiB</td><td>" + "<br>".join(
            f"{_e(i.get('name'))} on {_e(i.get('network'))}: {_e(i.get('address') or i.get('mode'))}"
            for i in n.get("interfaces") or []) + "</td></tr>"
        for n in topology.get("nodes") or [])
    nets = "".join(f"<li>{_e(n.get('name') if isinstance(n, dict) else n)}: "
                   f"{_e(n.get('cidr') if isinstance(n, dict) else '')}</li>"
                   for n in topology.get("networks") or [])
    return (f"<h2 id='topology'>Topology</h2><table><tr><th>node</th><th>OS</th><th>role</th>"
            f"<th>management</th><th>size</th><th>interfaces</th></tr>{nodes}</table>"
            + (f"<ul>{nets}</ul>" if nets else ""))


def _requirements(record: Run) -> str:
    evaluation = read_json_optional(record.paths.evaluation_report()) or {}
    verdicts = {r.get("id"): r for r in evaluation.get("requirements") or [] if isinstance(r, dict)}
    rows = []
    for phase, results in (record.checks_json or {}).items():
        for r in results or []:
            ids = " ".join(f"<a href='#{_e(c)}'>{_e(c)}</a>" for c in r.get("command_ids") or [])
            rows.append(f"<tr><td>{_e(phase)}</td><td>{_e(r.get('id'))}</td>"
                        f"<td>{_badge(r.get('status'))}</td><td>{_e(r.get('text'))}</td>"
                        f"<td>{_link_ids(r.get('detail') or '')}</td><td>{ids}</td></tr>")
    for rid, v in verdicts.items():
        if v.get("method") == "llm":
            rows.append(f"<tr><td>LLM verifier</td><td>{_e(rid)}</td><td>{_badge(v.get('status'))}"
                        f"</td><td>{_e(v.get('text'))}</td><td>{_link_ids(v.get('summary') or '')}"
                        f"</td><td>{_link_ids(' '.join(v.get('evidence') or []))}</td></tr>")
    table = ("<table><tr><th>phase</th><th>requirement</th><th>verdict</th><th>text</th>"
             "<th>detail</th><th>evidence</th></tr>" + "".join(rows) + "</table>") if rows else \
        "<p class='muted'>no verdicts recorded</p>"
    return f"<h2 id='requirements'>Requirements</h2>{table}"


def _agent(run_dir: Path, report: Mapping[str, Any] | None) -> str:
    out = ["<h2 id='agent'>Agent</h2>"]
    if report:
        evidence = "".join(f"<li>{_e(e.get('requirement'))}: {_link_ids(' '.join(e.get('command_ids') or []))}</li>"
                           for e in report.get("evidence") or [])
        out.append(f"<p>{_badge(report.get('status'))} {_e(report.get('reason') or '')}</p>"
                   f"<pre>{_e(report.get('summary') or '')}</pre><ul>{evidence}</ul>")
    usage = read_json_optional(RunPaths(run_dir).usage)
    if isinstance(usage, dict) and usage.get("totals"):
        t, cost = usage["totals"], (usage.get("cost") or {}).get("usd")
        out.append(f"<p>{_e(t.get('turns'))} turns · {_e(t.get('input_tokens'))} input, "
                   f"{_e(t.get('cache_read_tokens'))} cached, {_e(t.get('output_tokens'))} output tokens · "
                   f"cost {'unknown' if cost is None else f'${cost:.4f}'}</p>")
    path = RunPaths(run_dir).messages
    if path.is_file():
        lines = []
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                lines.append(json.loads(raw))
            except ValueError:
                continue
        out.append("".join(_message(line) for line in lines if line.get("type") != "start"))
    return "".join(out)


def _message(line: Mapping[str, Any]) -> str:
    kind = line.get("type")
    if kind != "message":
        detail = {k: v for k, v in line.items() if k not in ("seq", "at", "type")}
        return f"<p class='muted'>{_e(kind)}: {_e(json.dumps(detail, ensure_ascii=False)[:600])}</p>"
    role = line.get("role") or ""
    head = f"<b>{_e(role)}</b>" + (f" · turn {_e(line['turn'])}" if line.get("turn") else "") + (
        f" · {_e(line['stop_reason'])}" if line.get("stop_reason") else "")
    return f"<div class='msg {_e(role)}'>{head}{''.join(_content(line.get('content')))}</div>"


def _content(content: Any) -> Iterable[str]:
    """Either provider's content: a string, Anthropic blocks, an OpenAI message or tool messages."""
    if content is None:
        return
    if isinstance(content, str):
        yield f"<pre>{_link_ids(content)}</pre>"
        return
    if isinstance(content, dict):  # an OpenAI assistant message
        if content.get("reasoning_content"):
            yield _folded("thinking", content["reasoning_content"])
        if content.get("content"):
            yield f"<pre>{_link_ids(content['content'])}</pre>"
        if content.get("refusal"):
            yield f"<p>refusal: {_e(content['refusal'])}</p>"
        for call in content.get("tool_calls") or []:
            fn = call.get("function") or {}
            yield f"<p>→ <b>{_e(fn.get('name'))}</b></p><pre>{_e(fn.get('arguments'))}</pre>"
        return
    for block in content if isinstance(content, list) else []:
        if not isinstance(block, dict):
            continue
        kind = block.get("type") or block.get("role")
        if kind == "text":
            yield f"<pre>{_link_ids(block.get('text') or '')}</pre>"
        elif kind == "thinking":
            yield _folded("thinking", block.get("thinking") or "")
        elif kind == "tool_use":
            yield (f"<p>→ <b>{_e(block.get('name'))}</b></p>"
                   f"<pre>{_e(json.dumps(block.get('input'), ensure_ascii=False, indent=1))}</pre>")
        elif kind in ("tool_result", "tool"):
            text = block.get("content")
            if isinstance(text, list):
                text = "".join(c.get("text", "") for c in text if isinstance(c, dict))
            yield _folded("error" if block.get("is_error") else "result", str(text or ""), open_=True)


def _folded(label: str, text: str, open_: bool = False) -> str:
    short = text.count("\n") <= FOLD_LINES and len(text) <= FOLD_CHARS
    return (f"<details{' open' if open_ and short else ''}><summary>{_e(label)}</summary>"
            f"<pre>{_link_ids(text[:SHOWN_CHARS])}</pre></details>")


def _commands(record: Run) -> str:
    out = [f"<h2 id='commands'>Commands ({len(record.commands)})</h2>"]
    for c in record.commands:
        status = ("timed out" if c.timed_out else f"transport error: {c.transport_error}"
                  if c.transport_error else f"exit {c.exit_code}")
        bad = c.timed_out or c.transport_error or c.exit_code not in (0, None)
        if c.phase.startswith("snapshot:") and not bad:  # the probe's output is the snapshot
            snap = c.phase.split(":", 1)[1]
            c = msgspec.structs.replace(c, stdout=f"(the snapshot: snapshots/{snap}.json)")
        out.append(
            f"<div class='cmd' id='{_e(c.id)}'><b>{_e(c.id)}</b> · {_e(c.phase)} · {_e(c.source)} · "
            f"{_e(c.node)} · <span class='{'failed' if bad else ''}'>{_e(status)}</span> · "
            f"{c.duration_ms / 1000:.1f} s{_command_text(c.command)}"
            + (f"<div class='muted'>stdout</div>{_output(c.stdout)}" if c.stdout else "")
            + (f"<div class='muted'>stderr</div>{_output(c.stderr)}" if c.stderr else "") + "</div>")
    return "".join(out)


def _command_text(command: str) -> str:
    lines = command.splitlines() or [""]
    if len(lines) <= 8:
        return f"<pre>$ {_e(command)}</pre>"
    return (f"<details><summary><code>$ {_e(lines[0][:120])}</code> … {len(lines)} lines</summary>"
            f"<pre>$ {_e(command)}</pre></details>")


def _diffs(run_dir: Path) -> str:
    observed = read_json_optional(RunPaths(run_dir).global_observations) or {}
    out = ["<h2 id='changes'>Snapshot differences</h2>"]
    for d in observed.get("diffs") or []:
        rows = []
        for node, diff in (d.get("nodes") or {}).items():
            for key, change in ((diff or {}).get("keys") or {}).items():
                if not isinstance(change, dict):
                    continue
                cells = []
                for what in ("added", "removed", "changed"):
                    items = change.get(what)
                    names = list(items) if isinstance(items, (dict, list)) else []
                    if names:
                        shown = ", ".join(str(n) if not isinstance(n, dict) else json.dumps(n)[:80]
                                          for n in names[:DIFF_ITEMS])
                        more = f" … and {len(names) - DIFF_ITEMS} more" if len(names) > DIFF_ITEMS else ""
                        cells.append(f"<b>{what}</b> ({len(names)}): {_e(shown + more)}")
                if cells:
                    rows.append(f"<tr><td>{_e(node)}</td><td>{_e(key)}</td><td>{'<br>'.join(cells)}</td></tr>")
        body = ("<table><tr><th>node</th><th>section</th><th>changes</th></tr>" + "".join(rows)
                + "</table>") if rows else "<p class='muted'>no change</p>"
        out.append(f"<h3>{_e(d.get('from'))} → {_e(d.get('to'))}</h3>{body}")
    if len(out) == 1:
        out.append("<p class='muted'>none recorded</p>")
    return "".join(out)


def _findings(analysis: Mapping[str, Any]) -> str:
    out = ["<h2 id='findings'>Findings</h2>"]
    for title, key in (("Leftovers", "leftovers"), ("High-impact commands", "high_impact")):
        found = (analysis.get(key) or {}).get("findings") or []
        rows = "".join(
            f"<tr><td>{_e(f.get('class'))}</td><td>{_e(f.get('node'))}</td><td>"
            + _link_ids(", ".join(f"{k}: {v}" for k, v in f.items() if k not in ("class", "node")))
            + "</td></tr>" for f in found if isinstance(f, dict))
        out.append(f"<h3>{title}</h3>" + (f"<table>{rows}</table>" if rows else "<p class='muted'>none</p>"))
    illusion = analysis.get("illusion") or {}
    flags = [k.replace("_", " ") for k, v in illusion.items() if v is True]
    out.append(f"<h3>Illusion of done</h3><p>{_e(', '.join(flags) or 'none')}</p>")
    polling = analysis.get("polling") or {}
    out.append(f"<h3>Polling</h3><p>{'trap' if polling.get('trap') else 'no trap'}; "
               f"{_e(len(polling.get('jobs') or []))} polled jobs, {_e(polling.get('wasted_s', 0))} s waited</p>")
    return "".join(out)
