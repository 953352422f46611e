#!/test/c5.sh
