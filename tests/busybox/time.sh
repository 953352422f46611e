# date's format, and sleep 1 sleeping at least a second (both kernels' clocks differ).
date | grep -Eq '^[A-Z][a-z][a-z] [A-Z][a-z][a-z] [ 0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9] UTC [0-9]{4}$' &&
	echo date format ok
date -u +%Y-%m-%dT%H:%M:%S | grep -Eq '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$' &&
	echo date -u format ok
date -d @86400 -u
a=$(date +%s)
sleep 1
b=$(date +%s)
[ $((b - a)) -ge 1 ] && echo slept at least 1 s
