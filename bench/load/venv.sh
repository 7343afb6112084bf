#!/bin/sh
# Creates locust's venv for bench/load/run.py (never the project's venv): bench/.load-venv, or $LOAD_VENV.
# Locust is not a dependency of the project: the locustfile speaks plain HTTP to the server and imports
# nothing of ours. LOAD_WHEELS=/folder installs from already downloaded wheels instead of PyPI.
set -eu
venv="${LOAD_VENV:-$(dirname "$0")/../.load-venv}"
python3 -m venv "$venv"
if [ -n "${LOAD_WHEELS:-}" ]; then
    "$venv/bin/pip" install --quiet --no-index --find-links "$LOAD_WHEELS" locust==2.47.0
else
    "$venv/bin/pip" install --quiet locust==2.47.0
fi
echo "locust installed in $venv; run: LOAD_VENV=$venv .venv/bin/python bench/load/run.py"
