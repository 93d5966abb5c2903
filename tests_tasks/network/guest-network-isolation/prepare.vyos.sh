# NOT validated against a real VyOS image. VyOS routes between its interfaces out of the box:
# the starting condition (forwarding, no filter) needs nothing on the appliance.
exit 0
