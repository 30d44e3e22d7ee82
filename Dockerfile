# syntax=docker/dockerfile:1
# The sudoku service as a small container: a static binary on an empty base image.
#
#   docker build -t sudoku-service .
#   docker run --rm -p 127.0.0.1:8080:8080 sudoku-service
#
# The binary is linked statically against glibc (crt-static on the gnu target) so the final stage
# needs no libc, no shell and no curl: the HEALTHCHECK is the binary's own `healthcheck` command,
# and the puzzle sets are compiled in. scripts/container-smoke.sh builds this whole file with
# podman (`podman build --pull=never`, the builder base assembled locally by
# scripts/rust-builder-image.sh), runs the image and checks it.

ARG RUST_VERSION=1.95

FROM docker.io/library/rust:${RUST_VERSION}-bookworm AS builder
WORKDIR /src
# crt-static must only reach the target, not build scripts or proc macros, hence the explicit --target.
ENV RUSTFLAGS="-C target-feature=+crt-static" \
    CARGO_TERM_COLOR=never
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --target x86_64-unknown-linux-gnu --bin sudoku \
 && strip -o /sudoku target/x86_64-unknown-linux-gnu/release/sudoku \
 && /sudoku --help >/dev/null

FROM scratch
COPY --from=builder /sudoku /sudoku
# Numeric, so no /etc/passwd is needed; 65532 is the conventional "nonroot" of distroless images.
USER 65532:65532
ENV SUDOKU_ADDR=0.0.0.0:8080 \
    SUDOKU_LOG_FORMAT=json
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=3s --retries=3 CMD ["/sudoku", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/sudoku"]
CMD ["serve"]
