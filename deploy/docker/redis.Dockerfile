# Redis from Debian's redis-server, on the base image deploy/docker/images.sh builds (which
# carries the package: a build here downloads nothing). Settings come as arguments, e.g.
#   redis-server --appendonly yes --appendfsync always
ARG BASE_IMAGE=olympus-base:bookworm
FROM ${BASE_IMAGE}
RUN mkdir -p /data && chown redis:redis /data
WORKDIR /data
VOLUME /data
USER redis
EXPOSE 6379
# Listen on every interface of the container (the compose network), without protected mode:
# only the compose network and ports published on 127.0.0.1 reach it.
ENTRYPOINT ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--dir", "/data"]
HEALTHCHECK --interval=2s --timeout=2s --retries=30 CMD ["redis-cli", "ping"]
