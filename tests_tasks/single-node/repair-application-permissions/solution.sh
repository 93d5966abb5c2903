#!/bin/bash
# Reference solution: code root-owned and world-readable; configuration and key readable by the
# notes group only; data and log owned by notes and closed to others.
set -euo pipefail
. ./notes.sh
code_permissions
config_data_permissions
notes_restarted
