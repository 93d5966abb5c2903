#!/bin/bash
# must fail req-3: sticky and group-owned, but without setgid new files get their creator's own group, so other members cannot read them
set -euo pipefail
chown root:reports /srv/drop
chmod 1770 /srv/drop
chgrp reports /srv/drop/*
chmod g+r /srv/drop/*
