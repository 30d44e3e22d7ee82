#!/usr/bin/env bash
# Assembles, without Docker Hub, a stand-in for the Dockerfile's builder base image
# (docker.io/library/rust:${RUST_VERSION}-bookworm): a Debian bookworm root filesystem made by
# mmdebstrap from Debian's packages (gcc, libc6-dev for the static glibc, binutils for strip) and
# this machine's Rust toolchain of the same version (rustc, cargo and the x86_64 standard library),
# tagged with the name the FROM line uses, so `podman build --pull=never` can build the whole
# multi-stage Dockerfile. The image is kept; run again with REBUILD=1 to replace it.
#
# The certificate authorities this machine adds in /usr/local/share/ca-certificates (here, the
# sandbox's egress proxy, which re-signs TLS) are trusted in the image too, or cargo could not
# fetch crates from crates.io during the build.
#
# Usage: scripts/rust-builder-image.sh   (as root; needs deb.debian.org)
set -euo pipefail

cd "$(dirname "$0")/.."
log() { printf '[rust-builder-image] %s\n' "$*"; }
fail() { log "FAIL: $*"; exit 1; }

rust_version=${RUST_VERSION:-$(sed -n 's/^ARG RUST_VERSION=//p' Dockerfile)}
[[ -n "$rust_version" ]] || fail "no ARG RUST_VERSION in the Dockerfile"
tag="docker.io/library/rust:${rust_version}-bookworm"

missing=()
for pair in podman:podman runc:runc mmdebstrap:mmdebstrap; do
  command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
done
if ((${#missing[@]} > 0)); then
  log "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if podman image exists "$tag" && [[ -z "${REBUILD:-}" ]]; then
  log "$tag already exists (REBUILD=1 replaces it)"
  exit 0
fi

sysroot=$(rustc "+$rust_version" --print sysroot 2>/dev/null || rustc --print sysroot)
have=$("$sysroot/bin/rustc" --version | cut -d' ' -f2)
[[ "$have" == "$rust_version"* ]] || fail "this machine's rustc is $have, the Dockerfile asks for $rust_version"

context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
log "debian bookworm root filesystem (mmdebstrap, minbase + gcc libc6-dev binutils ca-certificates)"
mmdebstrap --quiet --variant=minbase --include=gcc,libc6-dev,binutils,ca-certificates \
  bookworm "$context/rootfs.tar" http://deb.debian.org/debian
log "rust $have from $sysroot (bin and lib; no docs)"
mkdir "$context/rust"
cp -a "$sysroot/bin" "$sysroot/lib" "$context/rust/"
mkdir "$context/ca"
cp /usr/local/share/ca-certificates/*.crt "$context/ca/" 2>/dev/null || true
log "extra certificate authorities of this machine: $(ls "$context/ca" | tr '\n' ' ')"
cat >"$context/Containerfile" <<'CONTAINERFILE'
FROM scratch
ADD rootfs.tar /
COPY rust /usr/local/rust
COPY ca /usr/local/share/ca-certificates
# The official image's layout: cargo and rustc on PATH from /usr/local/cargo/bin.
ENV RUSTUP_HOME=/usr/local/rustup \
    CARGO_HOME=/usr/local/cargo \
    PATH=/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
RUN update-ca-certificates >/dev/null \
 && mkdir -p /usr/local/cargo/bin \
 && ln -s /usr/local/rust/bin/* /usr/local/cargo/bin/ \
 && cargo --version && rustc --version
CMD ["bash"]
CONTAINERFILE
podman build --quiet --pull=never --runtime runc -t "$tag" "$context" >/dev/null
# Limits at or below the host's: this sandbox refuses to raise RLIMIT_NOFILE to podman's default or
# to set RLIMIT_NPROC to the host's value.
version=$(podman run --rm --runtime runc --ulimit "nofile=$(ulimit -Sn):$(ulimit -Hn)" \
  --ulimit nproc=4096:4096 "$tag" rustc --version) \
  || fail "the image does not run rustc"
log "built $tag: $version"
