#!/usr/bin/env bash
# The whole suite, several times in a row, while other processes keep every core busy (issue 23: tests
# prove behaviour, never speed, so a loaded machine must not fail them).
#   bash scripts/suite-under-load.sh [runs=3] [hogs=2]
# Clones HEAD into a scratch folder (what CI runs: a clean clone), installs once, starts `hogs` busy
# loops (plain `node -e "for(;;){}"`, at the suite's own priority), then runs `CI=true npm test` `runs` times
# and prints, for each run, its exit code and wall time. Exits non-zero when any run failed.
set -uo pipefail
RUNS="${1:-3}"
HOGS="${2:-2}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d /tmp/suite-under-load.XXXXXX)"
git clone -q "$ROOT" "$WORK/clone"
cd "$WORK/clone"
echo "clone de $(git rev-parse --short HEAD) dans $WORK/clone"
npm install --no-audit --no-fund >"$WORK/install.log" 2>&1 || { echo "npm install a échoué (voir $WORK/install.log)"; exit 1; }

pids=()
for _ in $(seq 1 "$HOGS"); do
  node -e "for(;;){}" &
  pids+=("$!")
done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
echo "$HOGS processus occupent les cœurs (pids ${pids[*]})"

failed=0
for run in $(seq 1 "$RUNS"); do
  start=$(date +%s)
  CI=true npm test >"$WORK/run-$run.log" 2>&1
  code=$?
  end=$(date +%s)
  summary=$(grep -a -E "Test Files|Tests  " "$WORK/run-$run.log" | sed 's/\x1b\[[0-9;]*m//g' | tr -s ' ' | paste -sd ';' -)
  echo "passage $run : code $code, $((end - start)) s — $summary (journal : $WORK/run-$run.log)"
  [ "$code" -eq 0 ] || failed=1
done
exit "$failed"
