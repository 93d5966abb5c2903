#!/bin/bash
# Starting condition: podman (rootless pieces: uidmap, slirp4netns or passt, dbus-user-session)
# installed; the account webapp with subordinate ids and a site; the image localhost/minihttpd:1.0
# built from a busybox-static rootfs and imported into webapp's store inside a real user manager
# session (so podman's runtime paths match what a systemd user service will use later).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
pkgs="podman uidmap slirp4netns dbus-user-session busybox-static"
# podman 5 (Debian 13) networks rootless containers through pasta, from the package passt (only
# recommended); podman 4 uses slirp4netns
case $(apt-cache policy podman | awk '/Candidate:/ {print $2}') in [5-9].*) pkgs="$pkgs passt" ;; esac
apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
id webapp >/dev/null 2>&1 || useradd -m -s /bin/bash webapp
grep -q '^webapp:' /etc/subuid || usermod --add-subuids 200000-265535 webapp
grep -q '^webapp:' /etc/subgid || usermod --add-subgids 200000-265535 webapp
install -d -o webapp -g webapp /home/webapp/site
echo '<h1>webapp site v1</h1>' > /home/webapp/site/index.html
chown webapp:webapp /home/webapp/site/index.html
# the image: a busybox rootfs whose default command is busybox httpd serving /www on 8080
root=$(mktemp -d)
install -d "$root/bin" "$root/www" "$root/tmp" "$root/etc"
cp /bin/busybox "$root/bin/busybox"
for a in sh httpd ls cat; do ln -s busybox "$root/bin/$a"; done
echo 'root:x:0:0:root:/:/bin/sh' > "$root/etc/passwd"
echo 'root:x:0:' > "$root/etc/group"
install -d /srv/images
tar -C "$root" -cf /srv/images/minihttpd-rootfs.tar .
rm -rf "$root"
uid=$(id -u webapp)
systemctl start "user@$uid.service"
as_webapp() {
  (cd / && runuser -u webapp -- env XDG_RUNTIME_DIR=/run/user/$uid \
     DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$uid/bus "$@")
}
if ! as_webapp podman image exists localhost/minihttpd:1.0; then
  as_webapp podman import \
    --change 'CMD ["/bin/busybox", "httpd", "-f", "-p", "8080", "-h", "/www"]' \
    --change 'EXPOSE 8080' /srv/images/minihttpd-rootfs.tar localhost/minihttpd:1.0 >/dev/null
fi
as_webapp podman images
systemctl stop "user@$uid.service"
