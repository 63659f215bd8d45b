#!/bin/sh
# Run once by the postgres image's entrypoint when it creates the cluster: the portal's user (a
# superuser, so it may replicate) may open a replication connection from the compose network.
set -e
echo "host replication portal all scram-sha-256" >> "$PGDATA/pg_hba.conf"
