#!/bin/bash
# flat_repo DIR LIST: the .debs in DIR made a flat APT repository (DIR/Packages and Packages.gz, as
# dpkg-scanpackages writes them, without dpkg-dev) and named, trusted, in
# /etc/apt/sources.list.d/LIST.list; apt's lists are not updated here
flat_repo() {
  local dir=$1 deb
  : > "$dir/Packages"
  for deb in "$dir"/*.deb; do
    { dpkg-deb -f "$deb"
      echo "Filename: ./$(basename "$deb")"
      echo "Size: $(stat -c %s "$deb")"
      echo "SHA256: $(sha256sum "$deb" | cut -d' ' -f1)"
      echo; } >> "$dir/Packages"
  done
  gzip -kf "$dir/Packages"
  echo "deb [trusted=yes] file:$dir ./" > "/etc/apt/sources.list.d/$2.list"
}
