#!/bin/bash
# Reference solution: AIDE from the distribution, with the main config replaced by a small
# one watching /etc and /usr/local/bin only, then the baseline database initialised and put in
# place where the check reads it.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./aide.sh
install_aide
aide_conf
aide_baseline
