# A pipeline, a command substitution (a subshell) and a redirect.
echo hi | cat; x=$(echo sub); echo $x > /tmp/o; cat /tmp/o
rm /tmp/o
