#!/bin/bash
# must fail req-1: only caches are cleared (the stale export, package caches, old journal); the rotated logs that fill the disk are kept, so far less than a quarter of / is free
set -euo pipefail
rm -rf /var/cache/myapp/*
if command -v apt-get >/dev/null; then apt-get clean; fi
if command -v dnf >/dev/null; then dnf clean all >/dev/null || true; fi
if command -v apk >/dev/null; then rm -rf /var/cache/apk/*; fi
if command -v journalctl >/dev/null; then journalctl --vacuum-time=2d || true; fi
df -h /
