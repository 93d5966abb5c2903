"""The records of a sweep (docs/records.md): where each file lives (`RunPaths`, `SweepPaths`,
`find_runs`), how it is read, and the one writer every file goes through (redacted, whole files
only). The lifecycle, the agents, the verifier, the reports and the importer all use these."""
from records._checks import CHECK_PHASES, CheckRecord, CheckResult, CheckStatus
from records._commands import CommandRecord, read_commands
from records._io import (JsonlWriter, RecordError, copy_tree, create_json, json_text, read_json,
                         read_json_optional, read_object_optional, read_sweep, write_json,
                         write_jsonl, write_text)
from records._redact import (MASK, Redactor, redact, redact_text, redact_tokens, redactor, register_secret,
                             screen_re2)
from records._paths import SNAPSHOT_PHASES, RunPaths, SweepPaths, find_runs, find_runs_below, versioned
from records._report import AGENT_STATUSES, AgentReport, AgentStatus, Evidence
from records._schema import (ANALYSIS_SCHEMA, RUN_SCHEMA, SNAPSHOT_SCHEMA, SWEEP_SCHEMA, ChecksDoc,
                             Phase, RunDoc, RunError, SweepDoc, json_schema, validate)
from records._schema import KINDS as RECORD_KINDS
from records._study import study_command_log
from records._task import (METHODS, Expected, Method, Requirement, RequirementsError, load_requirements,
                           read_expected)
from records._time import epoch, new_run_id, now_iso

__all__ = [
    "study_command_log",
    "MASK", "Redactor", "redact", "redact_text", "redact_tokens", "redactor", "register_secret", "screen_re2",
    "ANALYSIS_SCHEMA", "RECORD_KINDS", "SNAPSHOT_SCHEMA", "SWEEP_SCHEMA", "ChecksDoc", "Phase",
    "RunDoc", "RunError", "SweepDoc", "json_schema", "validate",
    "AGENT_STATUSES", "AgentReport", "AgentStatus", "Evidence",
    "CHECK_PHASES", "CheckRecord", "CheckResult", "CheckStatus", "METHODS", "Expected", "Method", "Requirement", "RequirementsError", "load_requirements",
    "read_expected", "RUN_SCHEMA", "SNAPSHOT_PHASES", "CommandRecord", "JsonlWriter", "RecordError", "RunPaths",
    "SweepPaths", "copy_tree", "create_json", "epoch", "find_runs", "find_runs_below", "json_text",
    "new_run_id", "now_iso", "read_commands", "read_json", "read_json_optional",
    "read_object_optional", "read_sweep", "versioned", "write_json", "write_jsonl", "write_text",
]
