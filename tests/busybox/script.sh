# A shell script run through #!, with its arguments.
/test/busybox/hashbang one 'two words'
echo "status $?"
