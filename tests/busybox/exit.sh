# Exit statuses: an exit code, and a shell that kills itself (128 + SIGTERM).
sh -c "exit 3"; echo $?
sh -c 'kill $$'; echo $?
