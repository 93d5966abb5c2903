"""`python -m records schemas [--check]`: write (or check) records/schemas/<kind>.schema.json,
the JSON Schemas generated from the record types."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from records import RECORD_KINDS, json_schema

SCHEMAS = Path(__file__).with_name("schemas")


def schema_text(kind: str) -> str:
    return json.dumps(json_schema(kind), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m records", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("schemas", help="write records/schemas/*.schema.json from the record types")
    s.add_argument("--check", action="store_true", help="only report schemas that are out of date")
    args = ap.parse_args(argv)
    stale = []
    for kind in RECORD_KINDS:
        path = SCHEMAS / f"{kind}.schema.json"
        text = schema_text(kind)
        if (path.read_text(encoding="utf-8") if path.exists() else None) == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    if args.check and stale:
        print("run: python -m records schemas", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
