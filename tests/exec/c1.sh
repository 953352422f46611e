#!/test/c2.sh
