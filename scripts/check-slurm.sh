#!/usr/bin/env bash
# The cluster test of `make test`: a private single-node Slurm cluster (munged, slurmctld,
# slurmd under a temporary folder, no systemd) runs the "Running on a cluster"
# commands of docs/guides/cluster.md — extracted from it and run as they stand, with the shipped
# deploy/slurm/sweep.sbatch — as a 4-task array plus the dependent merge job; the merged
# sweep.csv must equal a local sweep byte for byte. Installs slurm-wlm and munge with apt-get
# when missing; stops exactly the daemons it started, by pid.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

say() { echo "check-slurm: $*" >&2; }
fail() {
    say "error: $*"
    exit 1
}

missing=()
for tool in munged slurmctld slurmd sbatch; do command -v "$tool" >/dev/null 2>&1 || missing=(slurm-wlm munge); done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        run=()
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        run=(sudo)
    else
        say "skipped: Slurm is not installed and this user can neither install it (not root, no sudo) nor run its daemons"
        exit 0
    fi
    command -v apt-get >/dev/null 2>&1 || fail "apt-get not found; install slurm-wlm and munge with your system's package manager"
    say "installing missing system packages: ${missing[*]}"
    "${run[@]}" apt-get update -qq
    "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ "$(id -u)" -ne 0 ]; then
    say "skipped: a private Slurm cluster needs root (slurmd starts jobs as their users); CI runs this as root"
    exit 0
fi

started=$(date +%s)
# $ORBITBENCH: a binary already built (make test's); else the debug build, built here.
if [ -n "${ORBITBENCH:-}" ]; then
    binary=$(cd "$(dirname "$ORBITBENCH")" && pwd)/$(basename "$ORBITBENCH")
else
    "${SWIFT:-swift}" build --product orbitbench >/dev/null || fail "swift build --product orbitbench failed"
    binary="$root/.build/debug/orbitbench"
fi
[ -x "$binary" ] || fail "no orbitbench at $binary"
work=$(mktemp -d "${TMPDIR:-/tmp}/orbitbench-slurm.XXXXXX")
chmod 755 "$work"
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for _ in $(seq 50); do
        local alive=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ "$alive" -eq 0 ] && break
        sleep 0.1
    done
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- munge ---------------------------------------------------------------------------------
head -c 1024 /dev/urandom >"$work/munge.key"
chmod 400 "$work/munge.key"
munged -F -f --socket="$work/munge.socket" --key-file="$work/munge.key" --log-file="$work/munged.log" \
    --pid-file="$work/munged.pid" --seed-file="$work/munged.seed" >"$work/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$work/munge.socket" ] && break; sleep 0.1; done
[ -S "$work/munge.socket" ] || fail "munged did not start: $(tail -n 3 "$work/munged.out")"

# --- slurmctld and slurmd on free ports ----------------------------------------------------
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
node=$(hostname -s)
mkdir -p "$work/state" "$work/spool"
cat >"$work/slurm.conf" <<CONF
ClusterName=orbitbench
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$work/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=orbitbench Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" >"$work/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
    sinfo -h -o %t 2>/dev/null | grep -qx idle && break
    sleep 0.2
done
sinfo -h -o %t 2>/dev/null | grep -qx idle ||
    fail "the node did not come up: $(tail -n 3 "$work/slurmctld.log" "$work/slurmd.log" 2>/dev/null | tr '\n' ' ')"
say "cluster up ($(sinfo -V), node $node) in $(($(date +%s) - started)) s"

# --- the cluster guide's commands, as they stand --------------------------------------------------
commands=$(python3 - docs/guides/cluster.md <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
marker = "<!-- cluster commands: scripts/check-slurm.sh runs this block as it stands -->\n```sh\n"
start = text.index(marker) + len(marker)
print(text[start:text.index("```", start)])
PY
) || fail "docs/guides/cluster.md has no cluster commands block"
export ORBITBENCH="$binary"
export SWEEP_OUT="$work/sweep"
mkdir -p "$SWEEP_OUT"
merge_job=$(bash -euo pipefail -c "$commands" | tail -n 1) || fail "the cluster guide's commands failed"
[[ "$merge_job" =~ ^[0-9]+$ ]] || fail "the cluster guide's commands should print the merge job's id last, got '$merge_job'"

wait_for_queue() {
    local deadline=$(($(date +%s) + 90))
    while squeue -h -o %i 2>/dev/null | grep -q .; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "jobs still queued after 90 s: $(squeue -h -o '%i %T %r' | tr '\n' ' ')"
        sleep 0.5
    done
}
wait_for_queue
state=$(sacct -n -X -j "$merge_job" -o State 2>/dev/null | tr -d ' ' || true)
[ -s "$SWEEP_OUT/sweep.csv" ] ||
    fail "the merge job wrote no sweep.csv ($state): $(cat "$SWEEP_OUT"/slurm-*.out 2>/dev/null | tail -n 5 | tr '\n' ' ')"

# --- the same sweep on this machine ---------------------------------------------------------
read -ra arguments <<<"$(sed -n 's/^export SWEEP_ARGS="\(.*\)"$/\1/p' <<<"$commands")"
"$ORBITBENCH" sweep "${arguments[@]}" --out "$work/local" --quiet --no-plots >/dev/null || fail "the local sweep failed"
cmp -s "$work/local/sweep.csv" "$SWEEP_OUT/sweep.csv" || fail "the merged sweep.csv differs from the local one"
shards=$(ls -d "$SWEEP_OUT"/shard-*-of-* | wc -l)
say "4-task array + merge on Slurm: merged sweep.csv ($(($(wc -l <"$SWEEP_OUT/sweep.csv") - 1)) rows from $shards shards) equals the local sweep byte for byte ($(($(date +%s) - started)) s)"

# --- a many-seed run through the same template ----------------------------------------------
run_out="$work/run" run_args="back-and-forth --seeds 1-4 --no-plots"
mkdir -p "$run_out"
array=$(ORBITBENCH_COMMAND=run SWEEP_OUT="$run_out" SWEEP_ARGS="$run_args" \
    sbatch --parsable --array=0-1 --output="$run_out/slurm-%A_%a.out" deploy/slurm/sweep.sbatch) || fail "cannot submit the run array"
SWEEP_OUT="$run_out" sbatch --parsable --dependency=afterok:"$array" --output="$run_out/slurm-merge-%j.out" \
    --export=ALL,SWEEP_STEP=merge deploy/slurm/sweep.sbatch >/dev/null || fail "cannot submit the run merge"
wait_for_queue
read -ra arguments <<<"$run_args"
"$ORBITBENCH" run "${arguments[@]}" --out "$work/run-local" --quiet >/dev/null || fail "the local run failed"
for file in metrics.csv frames.csv slots.csv summary.json; do
    cmp -s "$work/run-local/back-and-forth/$file" "$run_out/back-and-forth/$file" ||
        fail "the merged run's $file differs from the local one: $(cat "$run_out"/slurm-*.out 2>/dev/null | tail -n 5 | tr '\n' ' ')"
done
say "2-task run array + merge on Slurm: metrics.csv, frames.csv, slots.csv and summary.json equal a local run's ($(($(date +%s) - started)) s)"
