# NOT validated against a real VyOS image (VyOS 1.4 syntax).
# Reference solution: on VyOS the running configuration is made the boot configuration by
# saving it (to /config/config.boot); nothing in it changes.
set -euo pipefail
vbash -s <<'CFG'
source /opt/vyatta/etc/functions/script-template
configure
save
exit
CFG
