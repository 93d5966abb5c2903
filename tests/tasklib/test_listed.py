"""tasklib's docstring is its table of contents: every module and shell helper is listed there,
and nothing that is not there."""
from pathlib import Path

import tasklib

ROOT = Path(tasklib.__file__).parent


def _listed(prefix: str = "    ") -> set[str]:
    return {line.split()[0] for line in tasklib.__doc__.splitlines()
            if line.startswith(prefix) and not line.startswith(prefix + " ") and line.strip()}


def test_every_module_and_shell_helper_is_listed_in_the_docstring():
    there = {p.stem for p in ROOT.glob("*.py") if not p.name.startswith("_")}
    there |= {p.name for p in (ROOT / "sh").glob("*.sh")}
    listed = _listed()
    assert there <= listed, f"not listed in tasklib/__init__.py: {sorted(there - listed)}"
    assert listed <= there, f"listed but not there: {sorted(listed - there)}"
