#!/usr/bin/env bash
# make mutation (docs/developers.md, "Running the tests"): mutmut over scoring/ against tests/scoring, then the
# survivors' report in build/mutation-report.txt. Not part of `make test`: it takes long (some minutes on a shared
# 2-core machine). The property tests draw fewer examples there (TENBOU_MUTATION=1, tests/scoring/conftest.py).
# MUTATION_JOBS: mutants tested at once (default 2). MUTATION_KEEP=1 keeps mutants/ from the last run, so only
# what changed since is tested again.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
if [ "${MUTATION_KEEP:-0}" != 1 ]; then
  rm -rf mutants
fi
mkdir -p build
# mutmut draws a spinner on the terminal; the log keeps the last lines of its own summary
TENBOU_MUTATION=1 "$VENV/bin/mutmut" run --max-children "${MUTATION_JOBS:-2}" > build/mutmut-run.log 2>&1 || {
  tr '\r' '\n' < build/mutmut-run.log | tail -40
  exit 1
}
"$VENV/bin/python" scripts/mutation_report.py
