#!/usr/bin/env python3
"""Finish the study corpus in tests/data/study/ after its files were copied from
`open-sudo/infraset` (byte-exact, page by page; SOURCE.md says how):

- the study verifier's free-text prose in verifier/evaluation-report.json (requirement summaries,
  overall summary, limitations, the hygiene summary) is replaced by a marker: the field stays,
  its sentences do not;
- secrets are blanked in every file (private keys, API keys and tokens, password hashes), in
  place, keeping JSON valid;
- `trials.jsonl` (one line per trial: identity, reward, what it covers, and our structured
  reading of what the study's verifier said was left behind) and the file list in SOURCE.md
  are rewritten from the copy manifests.

usage: study_corpus.py [--manifests DIR] [--check]
  --check  change nothing; exit 1 if a file still holds prose or a secret
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "study"
PROSE = "[omitted: study verifier prose]"
_PROSE_KEYS = ("summary", "overall_summary", "rationale", "analysis", "explanation", "reasoning",
               "notes", "assessment")
_SECRETS = (
    (re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----.*?-----END \1PRIVATE KEY-----", re.S),
     r"-----BEGIN \1PRIVATE KEY-----[blanked]-----END \1PRIVATE KEY-----"),
    (re.compile(r"sk-ant-[A-Za-z0-9_\-]{8,}"), "[blanked]"),
    (re.compile(r"\bsk-[A-Za-z0-9]{20,}"), "[blanked]"),
    (re.compile(r"\bant_[A-Za-z0-9]{16,}"), "[blanked]"),
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "[blanked]"),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}"), "[blanked]"),
    # password hashes (crypt formats: md5, bcrypt, sha256/512, yescrypt)
    (re.compile(r"\$(1|2[abxy]?|5|6|y|gy|7)\$[A-Za-z0-9./$=,+-]{16,}"), "[blanked]"),
)


def strip_prose(report: dict) -> int:
    """Blank the verifier's sentences; returns how many fields were blanked."""
    n = 0

    def walk(node):
        nonlocal n
        if isinstance(node, dict):
            for k, v in node.items():
                if k in _PROSE_KEYS and isinstance(v, str) and v != PROSE:
                    node[k] = PROSE
                    n += 1
                elif k == "limitations" and isinstance(v, list):
                    for i, item in enumerate(v):
                        if isinstance(item, str) and item != PROSE:
                            v[i] = PROSE
                            n += 1
                else:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(report)
    return n


def blank_secrets(text: str) -> tuple[str, int]:
    total = 0
    for pattern, repl in _SECRETS:
        text, k = pattern.subn(repl, text)
        total += k
    return text, total


def _trial_dirs() -> list[Path]:
    return sorted({p.parent.parent for p in CORPUS.rglob("verifier/evaluation-report.json")})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--manifests", type=Path, default=None,
                    help="copy manifests (*.jsonl) to rebuild trials.jsonl from")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    dirty = []
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file()):
        if path.name in ("SOURCE.md", "trials.jsonl"):
            continue
        text = path.read_text(encoding="utf-8")
        new = text
        if path.name == "evaluation-report.json" and path.parent.name == "verifier":
            report = json.loads(text)
            if strip_prose(report):
                new = json.dumps(report, indent=2, ensure_ascii=False) + "\n"
        new, _ = blank_secrets(new)
        if new != text:
            dirty.append(path.relative_to(CORPUS))
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if args.manifests:
        rows = [json.loads(ln) for f in sorted(args.manifests.glob("*.jsonl"))
                for ln in f.read_text().splitlines() if ln.strip()]
        have = {str(t.relative_to(CORPUS)) for t in _trial_dirs()}
        rows = sorted((r for r in rows if r["trial_dir"] in have), key=lambda r: r["trial_dir"])
        (CORPUS / "trials.jsonl").write_text(
            "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows))
    for p in dirty:
        print(("would change " if args.check else "changed ") + str(p))
    return 1 if args.check and dirty else 0


if __name__ == "__main__":
    sys.exit(main())
