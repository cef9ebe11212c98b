#!/bin/sh
# A Docker engine from Debian's packages, for `make images`, `make test-containers` and
# `make faults`. Idempotent; run as root. What it does:
#   - installs docker.io (dockerd, containerd, runc), docker-compose (the Compose v1 CLI: Debian
#     has no Compose v2 plugin) and mmdebstrap (the base image) when they are missing;
#   - starts dockerd in the background unless it answers already, with
#     --iptables=false --ip-forward=false: it leaves the host's firewall and forwarding alone.
#     Without its NAT rules containers reach no outside network (no registry is reachable
#     anyway), but the compose network works container to container (one bridge), and ports
#     published on 127.0.0.1 reach a container through docker-proxy, the userland proxy
#     (on by default), which needs no iptables rule;
#   - waits until `docker info` answers.
# The engine's log: /var/log/olympus-dockerd.log.
set -eu

LOG=/var/log/olympus-dockerd.log
missing=""
command -v dockerd >/dev/null 2>&1 || missing="$missing docker.io"
command -v docker-compose >/dev/null 2>&1 || missing="$missing docker-compose"
command -v mmdebstrap >/dev/null 2>&1 || missing="$missing mmdebstrap"
if [ -n "$missing" ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "provision: needs root to install:$missing" >&2
        exit 1
    fi
    echo "provision: installing$missing"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

if docker info >/dev/null 2>&1; then
    echo "provision: the Docker engine is running"
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "provision: the Docker engine is not running and starting it needs root" >&2
    exit 1
fi
# A pid file left by an engine that died (a machine stopped mid-run) stops dockerd from starting.
if [ -f /var/run/docker.pid ] && ! kill -0 "$(cat /var/run/docker.pid)" 2>/dev/null; then
    rm -f /var/run/docker.pid
fi
echo "provision: starting dockerd (log: $LOG)"
nohup dockerd --iptables=false --ip-forward=false >>"$LOG" 2>&1 &
i=0
until docker info >/dev/null 2>&1; do
    i=$((i + 1))
    if [ "$i" -gt 60 ]; then
        echo "provision: dockerd did not answer within 60 s; the end of its log:" >&2
        tail -20 "$LOG" >&2
        exit 1
    fi
    sleep 1
done
echo "provision: the Docker engine is running"
