#!/bin/bash
# Starting condition: alice and bob (primary group users, like every account here) in analysts,
# carol outside it; /srv/analysis root:analysts 0775 holding files and a subdirectory the members
# made, each theirs with mode 644 (755 for the directory). A file each member made in a login
# session in their home: the post_prepare snapshot records its mode, the users' default.
set -euo pipefail
getent group analysts >/dev/null || groupadd analysts
for u in alice bob carol; do id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash -g users "$u"; done
usermod -aG analysts alice
usermod -aG analysts bob
install -d -m 0775 -o root -g analysts /srv/analysis
chmod 0775 /srv/analysis
install -d -m 0755 -o alice -g users /srv/analysis/models
printf 'month,churn\n2024-01,2.1\n2024-02,1.8\n' > /srv/analysis/churn-2024.csv
printf '# baseline churn model\nTHRESHOLD = 0.3\n' > /srv/analysis/models/baseline.py
printf 'Shared workspace of the analysts team.\n' > /srv/analysis/README.txt
chown alice:users /srv/analysis/churn-2024.csv /srv/analysis/models/baseline.py
chown bob:users /srv/analysis/README.txt
chmod 644 /srv/analysis/churn-2024.csv /srv/analysis/models/baseline.py /srv/analysis/README.txt
for u in alice bob; do su - "$u" -c 'echo "call the data team" > ~/todo.txt'; done
