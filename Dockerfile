# domino: a multi-stage build. The build stage compiles the release binary from the committed
# Cargo.lock (--locked); the runtime stage is a slim Debian with the binary alone, run as a
# non-root user, the SQLite store in the /data volume, and a HEALTHCHECK on /healthz.
#
#   docker build --build-arg DOMINO_COMMIT=$(git rev-parse --short=12 HEAD) -t domino .
#   docker run -d --env-file .env -v domino-data:/data -p 9090:9090 domino

FROM rust:1.95-slim-bookworm AS build
ARG DOMINO_COMMIT=unknown
ENV DOMINO_COMMIT=${DOMINO_COMMIT} CARGO_TERM_COLOR=never CARGO_INCREMENTAL=0
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p domino && cp target/release/domino /usr/local/bin/domino

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin domino \
    && mkdir -p /data && chown domino:domino /data
COPY --from=build /usr/local/bin/domino /usr/local/bin/domino
USER domino
WORKDIR /data
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:///data/domino.db \
    DOMINO_HTTP_ADDR=0.0.0.0:9090 \
    DOMINO_LOG_FORMAT=text
EXPOSE 9090
# SIGTERM is a clean stop: queued messages go out (up to 10 s); `docker stop` waits 10 s by
# default, so give it a little more (`docker stop -t 15`, compose's stop_grace_period).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
    CMD curl -fsS http://127.0.0.1:9090/healthz || exit 1
ENTRYPOINT ["domino"]
CMD ["run"]
