#!/bin/bash
# must fail req-1, req-2, req-3: the files stored there now lose their execute and set-ID bits (and device nodes are removed), but the mount is unchanged, so the next upload made executable, setuid or a device node works again
set -euo pipefail
find /srv/uploads -xdev \( -type b -o -type c \) -delete
find /srv/uploads -xdev -type f -exec chmod a-x,ug-s {} +
ls -lR /srv/uploads
