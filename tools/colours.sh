# shellcheck shell=bash disable=SC2034
# colours.sh: PASS, FAIL and SKIP in colour where the output is a terminal.
# Sourced by tools/testsuite (tools/gradelib.py colours the graders' OK and FAIL
# the same way).
#
#   colour_init    sets C_PASS, C_FAIL, C_SKIP and C_OFF: escape sequences if
#                  standard output is a terminal, NO_COLOR (no-color.org) is
#                  unset or empty and TERM is not dumb; else all empty.
colour_init() {
	if [ -t 1 ] && [ -z "${NO_COLOR:-}" ] && [ "${TERM:-dumb}" != dumb ]; then
		C_PASS=$'\e[32m' C_FAIL=$'\e[1;31m' C_SKIP=$'\e[33m' C_OFF=$'\e[0m'
	else
		C_PASS='' C_FAIL='' C_SKIP='' C_OFF=''
	fi
}
