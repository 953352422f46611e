#!/test/c1.sh
