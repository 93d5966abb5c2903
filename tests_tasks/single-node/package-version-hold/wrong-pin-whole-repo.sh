#!/bin/bash
# must fail req-3: a scope wider than asked: the whole local repository is pinned away, so acme-tools gets no upgrades either
set -euo pipefail
printf 'Package: *\nPin: origin ""\nPin-Priority: -1\n' > /etc/apt/preferences.d/acme-freeze
