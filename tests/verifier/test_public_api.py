"""The verifier's public surface: `__all__` lists every name it serves, each resolves, and
importing the package or its policy does not load an LLM SDK."""
import subprocess
import sys

import verifier


def test_every_public_name_resolves_and_is_listed():
    assert sorted(verifier.__all__) == sorted(verifier._WHERE)
    for name in verifier.__all__:
        assert getattr(verifier, name) is not None, name


def test_the_policy_loads_without_the_llm_client():
    code = ("import sys, verifier; verifier.decide; verifier.run_illusion; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('anthropic', 'openai')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out
