#!/usr/bin/env bash
# Checks the container files as far as this machine allows: it has no Docker daemon (and no
# registry for base images), so nothing is built or run here. compose.yaml is validated by Debian's
# docker-compose (1.29: the Compose file schema and variable interpolation), deploy/Caddyfile by
# Caddy itself, the Dockerfile by dockerfile-utils (the linter of the Docker language server).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v docker-compose >/dev/null || missing+=(docker-compose)
command -v caddy >/dev/null || missing+=(caddy)
if ((${#missing[@]})); then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "compose.yaml: the variables it requires"
for required in ADMIN_PASSWORD POSTGRES_PASSWORD S3_SECRET_ACCESS_KEY METRICS_TOKEN; do
  if env ADMIN_PASSWORD=x POSTGRES_PASSWORD=x S3_SECRET_ACCESS_KEY=x METRICS_TOKEN=x env -u "$required" docker-compose -f compose.yaml config -q 2>/dev/null; then
    echo "compose.yaml starts without $required" >&2
    exit 1
  fi
done
echo "compose.yaml: docker-compose config"
ADMIN_PASSWORD=an-admin-password-of-16+ POSTGRES_PASSWORD=lint S3_SECRET_ACCESS_KEY=lint \
  METRICS_TOKEN=a-metrics-token-of-16+ docker-compose -f compose.yaml config -q

echo "deploy/Caddyfile: caddy validate"
caddy_home="$(mktemp -d)"
trap 'rm -rf "$caddy_home"' EXIT
APP_URL=https://localhost HOME="$caddy_home" XDG_DATA_HOME="$caddy_home" XDG_CONFIG_HOME="$caddy_home" \
  caddy validate --config deploy/Caddyfile --adapter caddyfile 2>&1 | tail -1

echo "Dockerfile: dockerfile-utils lint"
npx --yes dockerfile-utils@0.16.3 lint Dockerfile
echo "deploy files: ok"
