#!/test/c4.sh
