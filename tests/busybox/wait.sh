# A job in the background and waiting for it (sh's SIGCHLD handler).
sleep 1 & wait $!; echo "wait $?"
