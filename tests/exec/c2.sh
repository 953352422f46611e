#!/test/c3.sh
