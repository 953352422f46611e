# bounded.sh: start a command (a QEMU) in the background so that nothing it
# does can hang the caller, and stop it for sure. Sourced by tools/testsuite.
#
#   start_bounded LIMIT LOG CMD...
#                                runs CMD in a new session (its own process
#                                group) under `timeout`: SIGTERM after LIMIT
#                                seconds, SIGKILL BOUNDED_GRACE seconds later;
#                                stdin /dev/null (or BOUNDED_STDIN), stdout
#                                and stderr to LOG.
#                                LIMIT is stretched by TIMEOUT_SCALE
#                                (tools/scale-timeout).
#                                Sets bounded_pid (= the group's id).
#   stop_bounded PID             SIGTERM to the whole group, SIGKILL to it
#                                after BOUNDED_GRACE seconds if anything is
#                                left -- every step with a bound, and no
#                                `wait` at all. Returns 0 if the
#                                group is gone, 1 if something survived even
#                                SIGKILL (the caller reports it and goes on).
#
# Why: a QEMU can ignore SIGTERM (7.2 on powerpc, started with -S, does after
# gdb detaches), and a plain `kill; wait` then waits for ever.

BOUNDED_GRACE=${BOUNDED_GRACE:-5}

start_bounded() {
	local limit log=$2
	limit=$("$(dirname "${BASH_SOURCE[0]}")/scale-timeout" "$1") || limit=$1
	shift 2
	# setsid: a new session, so the group holds the command and everything
	# it starts, and a signal to the group reaches all of them. Started from
	# a subshell that exits at once: init, not we, is its parent and reaps
	# it, so there is nothing to `wait` for.
	bounded_pid=$( (setsid timeout -k "$BOUNDED_GRACE" "$limit" "$@" > "$log" 2>&1 < "${BOUNDED_STDIN:-/dev/null}" &
			echo $!) )
}

# True while any process of group $1 is alive; zombies are dead already.
bounded_group_alive() {
	ps -o stat= -g "$1" 2>/dev/null | grep -qv '^Z'
}

# Polls until group $1 is gone, at most $2 seconds.
bounded_wait_gone() {
	local i
	for ((i = 0; i < $2 * 10; i++)); do
		bounded_group_alive "$1" || return 0
		sleep 0.1
	done
	! bounded_group_alive "$1"
}

stop_bounded() {
	local pid=$1
	kill -TERM -- -"$pid" 2>/dev/null
	if ! bounded_wait_gone "$pid" "$BOUNDED_GRACE"; then
		kill -KILL -- -"$pid" 2>/dev/null
		bounded_wait_gone "$pid" 2
	fi
	! bounded_group_alive "$pid"
}
