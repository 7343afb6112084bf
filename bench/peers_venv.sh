#!/bin/sh
# Creates the peers' venv for bench/pairing.py (never the project's venv): bench/.peers-venv, or $PEERS_VENV.
# Wheels come from PyPI, or from a folder of already downloaded wheels given as $PEERS_WHEELS.
set -eu
venv="${PEERS_VENV:-$(dirname "$0")/.peers-venv}"
python3.11 -m venv "$venv"
if [ -n "${PEERS_WHEELS:-}" ]; then
    "$venv/bin/pip" install --quiet "$PEERS_WHEELS"/*.whl
else
    "$venv/bin/pip" install --quiet swisspair==0.2.1 cardarena-tournament-core==1.5.0
fi
echo "peers installed in $venv; run: PEERS_PYTHON=$venv/bin/python .venv/bin/python bench/pairing.py"
