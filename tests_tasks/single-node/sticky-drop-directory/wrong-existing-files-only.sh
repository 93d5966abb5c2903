#!/bin/bash
# must fail req-4: the two files there are locked down, but the directory stays world-traversable, so a report created later is readable by anyone
set -euo pipefail
chown root:reports /srv/drop
chmod 3775 /srv/drop
chgrp reports /srv/drop/*
chmod 640 /srv/drop/*
