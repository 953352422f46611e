# The file applets on a tree of their own.
d=/tmp/files
mkdir -p $d/a/b/c
printf 'pear\napple\npear\nfig\napple\npear\n' > $d/a/fruit
cp $d/a/fruit $d/a/b/copy
mv $d/a/b/copy $d/a/b/c/moved
find $d | sort
grep -n apple $d/a/fruit
sort $d/a/fruit | uniq -c
md5sum $d/a/fruit $d/a/b/c/moved
printf 'trapdoor\0\001\377 busybox\n' | hexdump -C
wc $d/a/fruit
wc -l < $d/a/fruit
head -n 2 $d/a/fruit
tail -n 2 $d/a/fruit
sed -e 's/pear/PEAR/g' -e '/fig/d' $d/a/fruit
awk '{ n[$1]++ } END { for (k in n) s += n[k]; print NR, s, length($0) }' $d/a/fruit
seq 1 5 | awk '{ s += $1 } END { print "sum", s }'
rm $d/a/b/c/moved
rm -r $d
ls $d 2>&1
