#!/bin/bash
# Part of the reference solution (solution.sh), as the wrong solutions that keep it repeat it.

# shop_lb_site: node1's nginx site shop-lb, a reverse proxy on port 80 over the upstream servers
# read on stdin (`server` lines of the upstream block shop_backends) that moves a request to the
# next backend on a refused connection, a timeout or a 502/503/504; the only site enabled, and
# nginx restarted with it (and enabled at boot).
shop_lb_site() {
  {
    echo "upstream shop_backends {"
    cat
    cat <<'CONF'
}
server {
    listen 80 default_server;
    location / {
        proxy_pass http://shop_backends;
        proxy_connect_timeout 2s;
        proxy_next_upstream error timeout http_502 http_503 http_504;
        proxy_set_header Host $host;
    }
}
CONF
  } > /etc/nginx/sites-available/shop-lb
  rm -f /etc/nginx/sites-enabled/default
  ln -sf ../sites-available/shop-lb /etc/nginx/sites-enabled/shop-lb
  nginx -t
  systemctl enable nginx.service
  systemctl restart nginx.service
}
