# A trap on SIGUSR1: sh's handler runs, the trap's command after it.
trap 'echo got' USR1; kill -USR1 $$; echo after
