#!/bin/bash
# Part of the rhel-family scripts (*.rhel.sh): shop_lb_site (shop-lb.sh) in EL's nginx layout.

# shop_lb_site_el: as shop_lb_site, the same site in /etc/nginx/conf.d/shop-lb.conf (EL's nginx
# has no sites-enabled; its own port-80 server in nginx.conf is not the default one, and the mark
# is taken off there should a release set it), plus what EL adds in front: SELinux lets nginx
# connect to the backends (httpd_can_network_connect, permanent) and firewalld admits http.
shop_lb_site_el() {
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
  } > /etc/nginx/conf.d/shop-lb.conf
  sed -i -E 's/(listen[^;]*) default_server;/\1;/' /etc/nginx/nginx.conf
  nginx -t
  setsebool -P httpd_can_network_connect 1
  firewall-cmd -q --permanent --add-service=http
  firewall-cmd -q --reload
  systemctl enable nginx.service
  systemctl restart nginx.service
}
