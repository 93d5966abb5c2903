#!/bin/bash
# nginx_only_site NAME: the server block(s) read on stdin as /etc/nginx/sites-available/NAME,
# enabled in place of the package's default site, the configuration tested (a bad one fails
# before anything restarts), nginx enabled at boot and restarted with it. Debian's layout, nginx
# installed.
nginx_only_site() {
  local name=$1
  cat > "/etc/nginx/sites-available/$name"
  rm -f /etc/nginx/sites-enabled/default
  ln -sf "../sites-available/$name" "/etc/nginx/sites-enabled/$name"
  nginx -t
  systemctl enable nginx.service
  systemctl restart nginx.service
}
