#!/test/arg.sh nested
