#!/bin/bash
# must fail req-2: apt-mark hold alone, no pin; an upgrade the operator confirms still installs 1.1
set -euo pipefail
apt-mark hold acme-agent
