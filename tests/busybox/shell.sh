# sh -c, arithmetic, ls of the root.
sh -c 'echo hi; echo $((6*7)); ls /'
