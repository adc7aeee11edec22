#!/usr/bin/env bash
# A private single-node Slurm for tests: munged, slurmctld and slurmd on this machine, all their
# files (slurm.conf, munge key and socket, state, spool, pid files, logs) in one directory, on
# ports found free; the system's /etc/slurm, /etc/munge and any running Slurm or MUNGE are not
# touched. Debian 12: slurm-wlm and munge (Slurm 22.05, MUNGE 0.5.15). Needs root (slurmd
# starts the jobs as their user) and no systemd: the daemons run as this script's children.
#
#   slurm_cluster.sh run [--dir DIR] -- COMMAND [ARG...]
#       starts the cluster (in DIR, else a new directory under $TMPDIR or /tmp), runs COMMAND with
#       SLURM_CONF (and BHSIM_SLURM_DIR) exported, stops the cluster whatever happens (trap) and
#       exits with COMMAND's status
#   slurm_cluster.sh start DIR       starts it and leaves it running; prints the SLURM_CONF line
#   slurm_cluster.sh stop DIR        cancels its jobs, stops its daemons (by their pid files)
#
# Exit 77 (a skip for ctest) when this machine cannot run it: a binary missing, not root, or a
# daemon that does not start (its log is printed); BHSIM_REQUIRE_SLURM=1 makes that a failure.
# No accounting: that needs slurmdbd and a database (accounting_storage/filetxt was removed in
# Slurm 20.11), so sacct reports nothing here. Jobs stay known to `scontrol show job` for
# MinJobAge (300 s); finished ones are also logged by jobcomp/filetxt to DIR/jobcomp.txt, which
# Slurm 22.05's `sacct --completion` reads but without the array fields ("Unknown type
# ArrayJobId"): it names an array's tasks by their own job ids only.
set -uo pipefail
PATH=$PATH:/usr/sbin:/sbin  # munged, slurmctld and slurmd, for a caller whose PATH lacks them

die() { echo "slurm_cluster: $*" >&2; exit 1; }
skip() {
  echo "slurm_cluster: cannot run Slurm here: $*" >&2
  [ "${BHSIM_REQUIRE_SLURM:-0}" = 1 ] && exit 1
  exit 77
}

show_logs() {  # every log of the cluster in $1, for a failure's diagnosis
  local f
  for f in "$1"/log/*.log "$1"/log/*.out "$1"/log/*.err; do  # *.out: their stdout/stderr
    [ -s "$f" ] || continue
    echo "----- $f (last 30 lines)" >&2
    tail -n 30 "$f" >&2
  done
}

free_ports() {  # two TCP ports nothing listens on now
  python3 - <<'EOF'
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
EOF
}

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

pid_of() {  # $1 dir, $2 daemon: the pid its pid file names, else the one we started
  local p=""
  [ -s "$1/run/$2.pid" ] && p=$(tr -dc 0-9 <"$1/run/$2.pid")
  [ -z "$p" ] && [ -s "$1/run/$2.started" ] && p=$(tr -dc 0-9 <"$1/run/$2.started")
  echo "$p"
}

stop_cluster() {
  local dir=$1 d p
  [ -f "$dir/slurm.conf" ] || return 0
  export SLURM_CONF=$dir/slurm.conf
  p=$(pid_of "$dir" slurmctld)
  if alive "$p"; then  # no job outlives the cluster: cancel them, let slurmd reap their steps
    timeout 10 scancel --quiet --full --partition=bhsim >/dev/null 2>&1 || true
    for _ in $(seq 1 50); do
      [ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  for d in slurmd slurmctld munged; do
    p=$(pid_of "$dir" "$d")
    alive "$p" || continue
    kill -TERM "$p" 2>/dev/null
    for _ in $(seq 1 50); do alive "$p" || break; sleep 0.2; done
    alive "$p" && { echo "slurm_cluster: $d ($p) ignored SIGTERM: SIGKILL" >&2; kill -KILL "$p"; }
  done
  rm -f "$dir"/run/*.pid "$dir"/run/*.started
}

start_cluster() {
  local dir=$1 b
  for b in munged mungekey slurmctld slurmd sbatch sinfo squeue scontrol scancel python3; do
    command -v "$b" >/dev/null || skip "no $b on PATH (Debian: slurm-wlm, munge)"
  done
  [ "$(id -u)" -eq 0 ] || skip "not root (slurmd and a private munged/slurmctld need root)"
  mkdir -p "$dir" || die "cannot create $dir"
  dir=$(cd "$dir" && pwd)
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/run" "$dir/log"
  chmod 0711 "$dir" "$dir/munge"  # munged: its socket's directories searchable by all
  # the socket's path must fit a sockaddr_un (108 bytes)
  [ ${#dir} -lt 80 ] || die "$dir: too long a path for the MUNGE socket; give a shorter --dir"

  local node cpus mem ports ctld_port slurmd_port hw
  node=$(hostname -s)
  hw=$(slurmd -C 2>/dev/null | head -n1)
  cpus=$(sed -n 's/.* CPUs=\([0-9]*\).*/\1/p' <<<"$hw")
  mem=$(sed -n 's/.* RealMemory=\([0-9]*\).*/\1/p' <<<"$hw")
  [ -n "$cpus" ] || cpus=$(nproc)
  [ -n "$mem" ] || mem=$(( $(sed -n 's/^MemTotal: *\([0-9]*\).*/\1/p' /proc/meminfo) / 1024 ))
  ports=$(free_ports) || die "cannot find free ports"
  read -r ctld_port slurmd_port <<<"$ports"

  mungekey --create --keyfile="$dir/munge/munge.key" --force 2>"$dir/log/mungekey.err" ||
    skip "mungekey cannot create a key: $(cat "$dir/log/mungekey.err")"
  chmod 0400 "$dir/munge/munge.key"
  : >"$dir/plugstack.conf"   # not /etc/slurm's
  # proctrack/pgid, not linuxproc: linuxproc tracks a job's processes by parentage, so when a
  # cancelled task's bhsim-sweep dies first, its bhsim (reparented to init) escapes the job,
  # which ends while bhsim runs on; bhsim stays in the task's process group. (A real cluster
  # uses proctrack/cgroup, which needs a cgroup hierarchy delegated to slurmd.)
  cat >"$dir/slurm.conf" <<EOF
# a private single-node Slurm for bhsim's tests (tests/study/slurm_cluster.sh)
ClusterName=bhsimtest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$dir/plugstack.conf
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.txt
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
KillWait=5
InactiveLimit=0
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=bhsim Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$dir/slurm.conf

  # the daemons in the foreground as our children: a test runner killing this process tree
  # kills them too; the pid files they write are how stop finds them
  munged --foreground --force --key-file="$dir/munge/munge.key" \
    --socket="$dir/munge/munge.socket" --pid-file="$dir/run/munged.pid" \
    --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" \
    >"$dir/log/munged.out" 2>&1 </dev/null &
  echo $! >"$dir/run/munged.started"

  for _ in $(seq 1 50); do [ -S "$dir/munge/munge.socket" ] && break; sleep 0.1; done
  if [ ! -S "$dir/munge/munge.socket" ]; then
    show_logs "$dir"; stop_cluster "$dir"; skip "munged did not start (logs above)"
  fi
  slurmctld -D -f "$dir/slurm.conf" >"$dir/log/slurmctld.out" 2>&1 </dev/null &
  echo $! >"$dir/run/slurmctld.started"
  for _ in $(seq 1 100); do timeout 5 scontrol ping >/dev/null 2>&1 && break; sleep 0.2; done
  if ! timeout 5 scontrol ping >/dev/null 2>&1; then
    show_logs "$dir"; stop_cluster "$dir"; skip "slurmctld did not start (logs above)"
  fi
  slurmd -D -f "$dir/slurm.conf" >"$dir/log/slurmd.out" 2>&1 </dev/null &
  echo $! >"$dir/run/slurmd.started"
  local state=""
  for _ in $(seq 1 150); do
    state=$(timeout 5 sinfo -h -N -n "$node" -o %T 2>/dev/null | head -n1)
    [ "$state" = idle ] && break
    alive "$(cat "$dir/run/slurmd.started")" || break
    sleep 0.2
  done
  if [ "$state" != idle ]; then
    echo "slurm_cluster: node $node is '${state:-unknown}', not idle, after 30 s" >&2
    timeout 5 scontrol show node "$node" >&2
    show_logs "$dir"; stop_cluster "$dir"; skip "slurmd did not bring node $node up (logs above)"
  fi
  echo "slurm_cluster: Slurm $(slurmctld -V | awk '{print $2}') up in $dir: node $node" \
       "($cpus CPUs, $mem MB), slurmctld port $ctld_port, slurmd port $slurmd_port" >&2
}

case "${1:-}" in
  run)
    shift
    dir=""
    if [ "${1:-}" = --dir ]; then dir=$2; shift 2; fi
    [ "${1:-}" = -- ] && shift
    [ $# -gt 0 ] || die "run: no command"
    made=0
    if [ -z "$dir" ]; then
      base=${TMPDIR:-/tmp}
      [ ${#base} -lt 50 ] || base=/tmp  # the MUNGE socket's path must stay short
      dir=$(mktemp -d "$base/bhsim-slurm.XXXXXX") || die "mktemp failed"
      made=1
    fi
    cleanup() {  # KEEP_SLURM_DIR=1 keeps a directory this made, for its logs
      stop_cluster "$dir"
      [ "$made" = 1 ] && [ "${KEEP_SLURM_DIR:-0}" != 1 ] && rm -rf "$dir"
      return 0
    }
    trap cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    start_cluster "$dir"
    export SLURM_CONF="$dir/slurm.conf" BHSIM_SLURM_DIR="$dir"
    "$@"
    rc=$?
    if [ $rc -ne 0 ] && [ $rc -ne 77 ]; then
      echo "slurm_cluster: '$*' exited $rc; the cluster's logs:" >&2
      show_logs "$dir"
    fi
    exit $rc
    ;;
  start)
    [ $# -eq 2 ] || die "usage: $0 start DIR"
    start_cluster "$2"
    echo "SLURM_CONF=$(cd "$2" && pwd)/slurm.conf"
    ;;
  stop)
    [ $# -eq 2 ] || die "usage: $0 stop DIR"
    stop_cluster "$2"
    ;;
  *)
    sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
