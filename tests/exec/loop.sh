#!/test/loop.sh
