"""The records of a sweep (docs/records.md), the bottom layer every other package uses:

- where each file lives: `RunPaths`, `SweepPaths`, `find_runs`;
- what each file holds, typed and versioned: `RunDoc` (run.json), `SweepDoc`, `CommandRecord`
  (commands.jsonl), `CheckRecord` (verifier/checks.json), `AgentReport` (agent/report.json),
  the task copy's `Requirement`s and `Expected`; `validate`, `json_schema`;
- the one reader of a run folder (`read_run` → `Run`; snapshots decoded lazily) and of a sweep
  (`read_sweep`);
- the one writer (`write_json`, `write_jsonl`, `write_text`, `create_json`, `JsonlWriter`,
  `copy_tree`): whole files only, every one through the one redactor (`redact`, …).
"""
from records._checks import CHECK_PHASES, CheckRecord, CheckResult, CheckStatus
from records._commands import CommandRecord, read_commands
from records._errors import ConfigurationError, InfrastructureError
from records._io import (JsonlWriter, RecordError, copy_tree, create_json, json_text, read_json,
                         read_json_optional, read_object_optional, read_sweep, write_json,
                         write_jsonl, write_text)
from records._paths import (SNAPSHOT_PHASES, RunPaths, SweepPaths, find_runs, find_runs_below,
                            versioned)
from records._redact import (MASK, Redactor, redact, redact_text, redact_tokens, redactor,
                             register_secret, screen_re2)
from records._report import AGENT_STATUSES, AgentReport, AgentStatus, Evidence
from records._run import Run, read_run
from records._schema import KINDS as RECORD_KINDS
from records._schema import (ANALYSIS_SCHEMA, RUN_SCHEMA, SNAPSHOT_SCHEMA, SWEEP_SCHEMA, ChecksDoc,
                             Phase, RunDoc, RunError, SweepDoc, json_schema, validate)
from records._snapshots import Node, Snapshot, read_snapshot
from records._study import study_command_log
from records._task import (METHODS, Expected, Method, Requirement, RequirementsError,
                           load_requirements, read_expected)
from records._time import epoch, new_run_id, now_iso

__all__ = [
    # where
    "RunPaths", "SweepPaths", "SNAPSHOT_PHASES", "find_runs", "find_runs_below", "versioned",
    # what (types and schema versions)
    "RUN_SCHEMA", "SWEEP_SCHEMA", "SNAPSHOT_SCHEMA", "ANALYSIS_SCHEMA", "RECORD_KINDS", "RunDoc",
    "SweepDoc", "ChecksDoc", "Phase", "RunError", "CommandRecord", "CHECK_PHASES", "CheckRecord",
    "CheckResult", "CheckStatus", "AGENT_STATUSES", "AgentReport", "AgentStatus", "Evidence",
    "METHODS", "Method", "Requirement", "RequirementsError", "Expected", "validate", "json_schema",
    # reading
    "Run", "read_run", "Node", "Snapshot", "read_snapshot", "read_commands", "read_sweep",
    "load_requirements", "read_expected", "read_json", "read_json_optional",
    "read_object_optional", "study_command_log", "RecordError",
    # writing, redacted
    "write_json", "write_jsonl", "write_text", "create_json", "json_text", "JsonlWriter",
    "copy_tree", "MASK", "Redactor", "redact", "redact_text", "redact_tokens", "redactor",
    "register_secret", "screen_re2",
    # who is to blame
    "ConfigurationError", "InfrastructureError",
    # time
    "epoch", "new_run_id", "now_iso",
]
