#!/bin/sh
# Builds the images the compose stack and the container tests run, all locally (no registry):
#   olympus-base:bookworm   Debian bookworm (minbase) from mmdebstrap, imported with
#                           `docker import`: python3, python3-venv, redis-server
#   olympus-redis:bookworm  Redis (Debian's redis-server) from that base, data in /data
#   olympus:latest          the project, installed offline from wheels built here
#                           (deploy/Dockerfile, BASE_IMAGE=olympus-base:bookworm)
# Each image carries a label with a digest of its inputs; an image whose inputs did not change
# is not built again, so a second run takes seconds.
# Environment: PYTHON (builds the wheels; a Python 3.11 like the image's), OLYMPUS_IMAGE,
# OLYMPUS_BASE_IMAGE, OLYMPUS_REDIS_IMAGE (the tags), DEBIAN_MIRROR (mmdebstrap's mirror).
set -eu
cd "$(dirname "$0")/../.."

PYTHON=${PYTHON:-python3}
BASE=${OLYMPUS_BASE_IMAGE:-olympus-base:bookworm}
REDIS=${OLYMPUS_REDIS_IMAGE:-olympus-redis:bookworm}
PROJECT=${OLYMPUS_IMAGE:-olympus:latest}
SUITE=bookworm
# redis-server is in the base so that the Redis image needs no package download inside a
# build (with --iptables=false a build container has no way out).
PACKAGES=python3,python3-venv,ca-certificates,redis-server
# Dependencies the image's Python needs and the host's may not: pip resolves markers for the
# Python that runs it, and bookworm's 3.11.2 takes redis-py's `python_full_version < "3.11.3"`
# dependency, which a newer 3.11 on the host skips.
IMAGE_ONLY_WHEELS="async-timeout>=4.0.3"
LABEL=org.olympus.inputs
WORK=build/docker

digest() { sha256sum | cut -c1-16; }
label_of() { docker image inspect --format "{{ index .Config.Labels \"$LABEL\" }}" "$1" 2>/dev/null || true; }
image_id() { docker image inspect --format '{{ .Id }}' "$1"; }

# --- base ----------------------------------------------------------------------------------
want=$(printf '%s %s %s\n' "$SUITE" "$PACKAGES" "${DEBIAN_MIRROR:-}" | digest)
if [ "$(label_of "$BASE")" = "$want" ]; then
    echo "images: $BASE is up to date"
else
    echo "images: building $BASE with mmdebstrap (about a minute)"
    mmdebstrap --quiet --variant=minbase --include="$PACKAGES" "$SUITE" - ${DEBIAN_MIRROR:-} |
        docker import --change "LABEL $LABEL=$want" --change 'CMD ["bash"]' - "$BASE" >/dev/null
fi

# --- redis ---------------------------------------------------------------------------------
want=$( (image_id "$BASE"; cat deploy/docker/redis.Dockerfile) | digest)
if [ "$(label_of "$REDIS")" = "$want" ]; then
    echo "images: $REDIS is up to date"
else
    echo "images: building $REDIS"
    DOCKER_BUILDKIT=0 docker build --quiet --force-rm --build-arg "BASE_IMAGE=$BASE" --label "$LABEL=$want" \
        -t "$REDIS" -f deploy/docker/redis.Dockerfile deploy/docker >/dev/null
fi

# --- project -------------------------------------------------------------------------------
sources() {
    find pyproject.toml README.md services -type f \
        ! -path '*/__pycache__/*' ! -name '*.pyc' ! -path '*.egg-info/*' | LC_ALL=C sort
}
want=$( (image_id "$BASE"; cat deploy/Dockerfile; sources | xargs sha256sum) | digest)
if [ "$(label_of "$PROJECT")" = "$want" ]; then
    echo "images: $PROJECT is up to date"
else
    echo "images: building the wheels and $PROJECT"
    # The project's wheel from a clean copy of its sources (an in-tree build would reuse a stale
    # build/lib), with the wheels of its dependencies, into the build context.
    rm -rf "$WORK/src" "$WORK/context/wheels/olympus-"*.whl
    mkdir -p "$WORK/src" "$WORK/context/wheels"
    sources | tar -cf - -T - | tar -xf - -C "$WORK/src"
    "$PYTHON" -m pip wheel --quiet --disable-pip-version-check \
        --wheel-dir "$WORK/context/wheels" "$WORK/src" $IMAGE_ONLY_WHEELS 2>&1 | grep -v '^WARNING: Location' || true
    ls "$WORK/context/wheels"/olympus-*.whl >/dev/null
    DOCKER_BUILDKIT=0 docker build --quiet --force-rm --build-arg "BASE_IMAGE=$BASE" --label "$LABEL=$want" \
        -t "$PROJECT" -f deploy/Dockerfile "$WORK/context" >/dev/null
fi
