#!/bin/bash
# Starting condition: the two routers are fresh linux-router appliances (keepalived installed,
# off); client's gateway 10.10.1.1 is not held by anyone. Nothing to do.
exit 0
