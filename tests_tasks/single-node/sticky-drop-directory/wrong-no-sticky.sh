#!/bin/bash
# must fail req-2: setgid and closed to outsiders, but without the sticky bit any member can delete or replace another's file
set -euo pipefail
chown root:reports /srv/drop
chmod 2770 /srv/drop
chgrp reports /srv/drop/*
chmod g+r /srv/drop/*
