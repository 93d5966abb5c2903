"""Our analysis beside the study's verifier, on the study corpus (tests/data/study/):
`python -m reports study-comparison [CORPUS] [--out docs/study-comparison.md]`.

The corpus is imported and analysed by the same code as any sweep. Next to each run stand the
study's verdict (its reward) and what its verifier said was left behind (`trials.jsonl`, our
structured reading of that verifier's hygiene assessment). The study's headline measures are
recomputed on the corpus beside its published figures, and every leftover on which the two
disagree gets the one-line adjudication recorded in `adjudications.json` (who is right, and why,
from the record) — or is listed as not yet adjudicated.
"""
from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Mapping

from reports import classify, leftovers as lo
from reports.importer import import_folder
from records import RecordError, RunPaths, find_runs, read_json_optional, write_text
from reports.replay_records import analysed
from reports.summary import pct
from reports.sweep import build

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "study"
# The study's published figures (../shared/reference-study.txt, "At a glance" and findings 3, 5, 7).
PUBLISHED = {
    "pass_rate": (837, 905), "leftovers": (403, 905), "leftovers_none": (415, 905),
    "leftovers_undetermined": (87, 905), "high_impact": (432, 905),
    "service_stop": (219, 905), "forced_kill": (184, 905), "recursive_force_remove": (123, 905),
    "network_flush": (117, 905), "force_flag": (13, 905), "firewalld_transient": (27, 237),
}
# The study's leftover classes → ours (reports.leftovers.CLASSES).
STUDY_CLASS = {"temporary-files": lo.TEMP, "configuration": lo.CONFIG,
               "processes-services": lo.SERVICES, "secrets-keys-certs": lo.CREDENTIALS,
               "packages-repos": lo.PACKAGES, "accounts-access": lo.ACCOUNTS,
               "backup-files": lo.BACKUPS, "test-data": lo.DATA}
_HI = tuple((k, classify.LABELS[k]) for k in classify.CLASSES)  # one list of the classes: classify's


def _load_jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(ln) for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]


def _tokens(text: str) -> tuple[set[str], set[str], set[str]]:
    """(paths, port numbers, words) named in a leftover's description."""
    paths = {p.rstrip("/") for p in re.findall(r"/[\w.@+/-]+", text)}
    ports = set(re.findall(r"(?:^|[/: ])(\d{2,5})\b", text))
    words = {w.lower() for w in re.findall(r"[A-Za-z][\w.-]{2,}", text)}
    return paths, ports, words


def _match(item: str, obj: str) -> bool:
    """A study item (free text naming a path, a port, a unit) and one of our findings name the
    same thing: a path, one inside the other's folder, or the same port and program."""
    ip, iports, iwords = _tokens(item)
    op, oports, owords = _tokens(obj)
    if any(a == b or a.startswith(b + "/") or b.startswith(a + "/") for a in ip for b in op):
        return True
    return bool(iports & oports) and bool(iwords & owords)


def leftover_diff(study: Iterable[Mapping[str, Any]], ours: Iterable[Mapping[str, Any]]
                  ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    """(study-only items, ours-only findings, items both found)."""
    study, ours = list(study), list(ours)
    matched_ours: set[int] = set()
    study_only, both = [], 0
    for s in study:
        hits = [i for i, f in enumerate(ours) if _match(str(s.get("item") or ""), str(f["object"]))]
        if hits:
            both += 1
            matched_ours.update(hits)
        else:
            study_only.append(dict(s))
    return study_only, [f for i, f in enumerate(ours) if i not in matched_ours], both


def _adjudication(adj: Mapping[str, Any], trial: str, side: str, item: str) -> str:
    for a in adj.get(trial, []):
        if a.get("side") == side and a.get("item") == item:
            return f"**{a['verdict']}**: {a['why']}"
    return "_not yet adjudicated_"


def compare(corpus: Path, sweep: Path) -> str:
    import_folder(corpus, sweep)
    summary = build(sweep, workers=1)
    labels = {r["trial_dir"]: r for r in _load_jsonl(corpus / "trials.jsonl")}
    adj = read_json_optional(corpus / "adjudications.json") or {}
    runs = []
    for run_dir in find_runs(sweep):
        run = read_json_optional(RunPaths(run_dir).run) or {}
        analysis = read_json_optional(RunPaths(run_dir).analysis) or {}
        trial = str(run.get("imported_from", ""))
        runs.append((trial, run, analysis, labels.get(trial)))
    runs.sort(key=lambda r: (r[1].get("category", ""), r[1].get("os", ""), r[0]))
    return _markdown(runs, adj, summary, corpus)


def _markdown(runs: list[tuple[str, dict, dict, dict | None]], adj: Mapping[str, Any],
              summary: Any, corpus: Path) -> str:
    n = len(runs)
    decided = [r for r in runs if r[1].get("outcome") in ("passed", "failed")]
    passed = sum(1 for r in decided if r[1]["outcome"] == "passed")
    ours_left = sum(1 for r in runs if r[2]["leftovers"]["status"] == lo.LEFT)
    ours_none = sum(1 for r in runs if r[2]["leftovers"]["status"] == lo.NONE)
    ours_und = n - ours_left - ours_none
    labelled = [r for r in runs if r[3] is not None]
    study_left = sum(1 for r in labelled if r[3].get("study_leftovers"))
    hi_runs = sum(1 for r in runs if r[2]["high_impact"]["commands"])
    hi_cls = {k: sum(1 for r in runs if r[2]["high_impact"]["classes"].get(k)) for k, _ in _HI}
    fw = [r for r in runs if r[2]["firewall"].get("firewalld_used")]
    fw_transient = sum(1 for r in fw if r[2]["firewall"].get("firewalld_never_permanent"))
    repo_runs = sum(1 for r in runs if r[2]["repos"]["urls"])
    polls = sum(1 for r in runs if r[2]["polling"].get("trap"))

    def fig(key: str) -> str:
        k, d = PUBLISHED[key]
        return f"{k}/{d} ({pct(k, d)})"

    out = [
        "# Our analysis beside the study's verifier",
        "",
        "Generated by `python -m reports study-comparison` from the study corpus "
        f"(`tests/data/study/`, {n} trials copied from `open-sudo/infraset`, see its SOURCE.md). "
        "Do not edit by hand: `tests/reports/test_study_import.py` checks it is current.",
        "",
        "The corpus is a selection (every category and OS, failures, leftovers, reboots, "
        "clusters and firewalld over-represented on purpose), so its rates are not estimates of "
        "the study's: they are shown beside the published figures to check that the same measure "
        "is computed the same way, not to re-estimate it.",
        "",
        "## Headline measures",
        "",
        "| Measure | Corpus (our analysis) | Corpus (study's verifier) | Study, published (905 runs) |",
        "|---|---|---|---|",
        f"| Pass rate (reward 1.0) | {passed}/{len(decided)} ({pct(passed, len(decided))}) | "
        f"same records | {fig('pass_rate')} |",
        f"| Left something behind | {ours_left}/{n} ({pct(ours_left, n)}) | "
        f"{study_left}/{len(labelled)} ({pct(study_left, len(labelled))}) | {fig('leftovers')} |",
        f"| No leftovers found | {ours_none}/{n} ({pct(ours_none, n)}) | "
        f"{len(labelled) - study_left}/{len(labelled)} | {fig('leftovers_none')} |",
        f"| Could not determine | {ours_und}/{n} ({pct(ours_und, n)}) | – | "
        f"{fig('leftovers_undetermined')} |",
        f"| At least one high-impact class | {hi_runs}/{n} ({pct(hi_runs, n)}) | – | "
        f"{fig('high_impact')} |",
        *(f"| – {label} | {hi_cls[k]}/{n} ({pct(hi_cls[k], n)}) | – | {fig(k)} |"
          for k, label in _HI),
        f"| Configured a repository | {repo_runs}/{n} | – | 29/905 |",
        f"| firewalld runs that never used --permanent | {fw_transient}/{len(fw)} "
        f"({pct(fw_transient, len(fw))}) | – | {fig('firewalld_transient')} |",
        f"| Polling trap | {polls}/{n} | – | (finding 8, one task) |",
        "",
        "## Command fail rate by node OS",
        "",
        "Non-zero exit statuses among commands that returned one (the study's definition); "
        "executor-level failures (return code -1 with an errno or a closed stream) are "
        "transport errors, not failed commands.",
        "",
        "| Node OS | Runs | Commands | With exit status | Failed | Fail rate | Transport errors |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in summary.table("fail_rate_os").rows:
        os_, nruns, total, with_exit, failed, rate, _timeouts, transport = row
        out.append(f"| {os_} | {nruns} | {total} | {with_exit} | {failed} | {rate} | {transport} |")
    out += ["", "The study publishes per-OS rates only in part: on the network OSes' devices from "
            "7.1% (SONiC) to 8.0% (VyOS), and RHEL 7.9 failing four times as often as RHEL 9.8 on "
            "the same 29 tasks. A few runs per OS here are far too few to test either."]
    out += ["", "## Per run", "",
            "Study: its reward and verdict, and how many leftovers its verifier named. Ours: the "
            "imported outcome, leftovers by class, high-impact classes, repository URLs, "
            "firewalld persistence, polling.", "",
            "| Trial | Category | OS | Study reward | Study verdict | Our outcome | Study leftovers "
            "| Our leftovers | High-impact | Repos | firewalld | Polling |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    agree = 0
    for trial, run, a, label in runs:
        reward = run.get("reward")
        verdict = "–" if reward is None else ("pass" if reward >= 1.0 else "fail")
        ours = run.get("outcome")
        agree += (verdict == "pass") == (ours == "passed") if reward is not None else 0
        classes = ", ".join(f"{k} {v}" for k, v in sorted(a["leftovers"]["classes"].items())) \
            or a["leftovers"]["status"]
        hi = ", ".join(k for k, v in a["high_impact"]["classes"].items() if v) or "–"
        fwa = a["firewall"]
        fw_s = ("never --permanent" if fwa.get("firewalld_never_permanent") else "permanent") \
            if fwa.get("firewalld_used") else "–"
        study_n = "–" if label is None else str(len(label.get("study_leftovers") or []))
        out.append(f"| `{Path(trial).name}` | {run.get('category')} | {run.get('os')} | "
                   f"{'–' if reward is None else reward} | {verdict} | {ours} | {study_n} | "
                   f"{classes} | {hi} | {len(a['repos']['urls'])} | {fw_s} | "
                   f"{'trapped' if a['polling'].get('trap') else '–'} |")
    out += ["", f"Outcome agreement: {agree} of {sum(1 for r in runs if r[1].get('reward') is not None)} "
            "runs with a reward (our outcome is the study's verdict read from its records; a "
            "disagreement would be an import error).", ""]
    out += _disagreements(runs, adj)
    out += _replays(runs, analysed())
    return "\n".join(out) + "\n"


def _disagreements(runs: list[tuple[str, dict, dict, dict | None]],
                   adj: Mapping[str, Any]) -> list[str]:
    lines = ["## Leftovers: where the two disagree", "",
             "Each leftover one side reports and the other does not, with its adjudication "
             "(`adjudications.json`): who is right, and why, from the record.", "",
             "| Trial | Found by | Item | Class | Adjudication |", "|---|---|---|---|---|"]
    ours_only_n = study_only_n = both_n = 0
    verdicts: Counter[str] = Counter()
    for trial, _run, a, label in runs:
        if label is None:
            continue
        study_only, ours_only, both = leftover_diff(label.get("study_leftovers") or [],
                                                    a["leftovers"]["findings"])
        both_n += both
        for s in study_only:
            study_only_n += 1
            text = _adjudication(adj, trial, "study", str(s.get("item")))
            verdicts[text.split("**")[1] if "**" in text else "not adjudicated"] += 1
            lines.append(f"| `{Path(trial).name}` | study only | `{s.get('item')}` | "
                         f"{STUDY_CLASS.get(str(s.get('class')), s.get('class'))} | {text} |")
        for f in ours_only:
            ours_only_n += 1
            text = _adjudication(adj, trial, "ours", str(f["object"]))
            verdicts[text.split("**")[1] if "**" in text else "not adjudicated"] += 1
            lines.append(f"| `{Path(trial).name}` | ours only | `{f['object']}` | {f['class']} | "
                         f"{text} |")
    lines += ["", f"Both found: {both_n}. Found by our deterministic analysis and missed by the "
              f"study's verifier: {ours_only_n}. Found by the study's verifier and missed by ours: "
              f"{study_only_n}. Adjudications: "
              + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())) + "."]
    return lines


def _replays(runs: list[tuple[str, dict, dict, dict | None]],
             replays: Mapping[str, Any]) -> list[str]:
    """Single-node trials replayed on our VMs (`python -m fixtures.replay`): what our snapshots
    found there beside what the study's snapshots and verifier show for the original run."""
    if not replays:
        return []
    by_trial = {r[0]: r for r in runs}
    lines = ["", "## Replayed on our VMs", "",
             "Each trial's agent commands replayed on a fresh debian12 node of the same name "
             "(`python -m fixtures.replay`, no task requirements: snapshots and analysis only; "
             "kept in `tests/data/replays/`, analysed by the code as it is now). The study's "
             "side: the leftovers its own snapshots show (`/tmp` entries and listening sockets "
             "added by the agent) and those its verifier named. "
             "Ours: what our snapshots, which see far more (all of /etc, packages, accounts, "
             "units, processes, firewall), found after the replay. The OS differs (the study's "
             "commands meant for RHEL, Alpine or Ubuntu run on Debian; Debian empties /tmp at boot, "
             "so a file the study's node kept in /tmp past the agent's reboot is gone here), so a "
             "difference is a lead to read, not a verdict.", "",
             "| Trial | Study OS | Replay | The agent's reboot | Infrastructure error "
             "| Study snapshots | Study verifier | Ours after the replay |",
             "|---|---|---|---|---|---|---|---|"]
    errors = 0
    for trial, rep in sorted(replays.items()):
        run = by_trial.get(trial)
        if run is None:
            continue
        _, meta, analysis, label = run
        errors += bool(rep.get("error"))
        study_snap = sorted(f["object"] for f in analysis["leftovers"]["findings"])
        study_ver = sorted(str(x.get("item")) for x in (label or {}).get("study_leftovers") or [])
        ours = Counter(f["class"] for f in rep.get("findings") or [])
        reboot = ("stopped in emergency mode: the agent's failure" if rep.get("boot_dead_end")
                  else "left the node off: the agent's failure" if rep.get("node_down")
                  else "waited out, then judged" if rep.get("rebooted_by_agent") else "–")
        lines.append(f"| `{Path(trial).name}` | {meta.get('os')} | {rep.get('outcome')} | {reboot} | "
                     f"{(rep.get('error') or {}).get('message', '–') if rep.get('error') else '–'} | "
                     f"{', '.join(f'`{x}`' for x in study_snap) or 'none'} | "
                     f"{', '.join(f'`{x}`' for x in study_ver) or 'none'} | "
                     f"{', '.join(f'{k} {v}' for k, v in sorted(ours.items())) or rep.get('leftovers')} |")
    lines += ["", f"Replays: {len(replays)}; infrastructure errors: {errors}."]
    for trial, rep in sorted(replays.items()):
        if rep.get("findings"):
            lines += ["", f"<details><summary>{Path(trial).name}: our findings after the replay"
                          "</summary>", ""]
            lines += [f"- {f['class']} · {f['kind']} · `{f['object']}`" for f in rep["findings"]]
            lines += ["", "</details>"]
    return lines


def main(argv: list[str]) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m reports study-comparison",
                                 description="Write docs/study-comparison.md from the study corpus.")
    ap.add_argument("corpus", type=Path, nargs="?", default=CORPUS)
    ap.add_argument("--out", type=Path, default=Path("docs/study-comparison.md"))
    args = ap.parse_args(argv)
    if not (args.corpus / "jobs").is_dir():
        raise RecordError(f"{args.corpus}: not the study corpus (expected {args.corpus}/jobs/)")
    with tempfile.TemporaryDirectory(prefix="study-") as tmp:
        text = compare(args.corpus, Path(tmp) / "sweep")
    write_text(args.out, text)
    print(args.out)
    return 0
