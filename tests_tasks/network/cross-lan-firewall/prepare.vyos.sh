# NOT validated against a real VyOS image. VyOS routes between its interfaces out of the box:
# the starting condition (routing, no filter) needs nothing on the router.
exit 0
