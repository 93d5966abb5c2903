#!/bin/bash
# must fail req-1, req-2: a malformed preferences file: apt now refuses every command, which "keeps" 1.0 only by breaking apt
set -euo pipefail
printf 'Package: acme-agent\nPin: version 1.0\nPin-Priority: high\n' > /etc/apt/preferences.d/acme-agent
