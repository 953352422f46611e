# awk: fields, arrays, END, a pipe into it.
printf 'pear\napple\npear\nfig\napple\npear\n' > /tmp/awk.in
awk '{ n[$1]++ } END { for (k in n) s += n[k]; print NR, s, length($0) }' /tmp/awk.in
seq 1 5 | awk '{ s += $1 } END { print "sum", s }'
rm /tmp/awk.in
