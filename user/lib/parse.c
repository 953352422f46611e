// SPDX-License-Identifier: MIT
/* Numbers from the command line, and where a named program is. */
#include "ulib.h"

unsigned long parse_count(const char *s, unsigned long max)
{
	unsigned long v = 0;

	if (!*s)
		return 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return 0;
		v = v * 10 + (unsigned long)(*s - '0');
		if (v > max)
			return 0;
	}
	return v;
}

const char *program_path(const char *name, char *buf, size_t len)
{
	if (strchr(name, '/') || snprintf(buf, len, "/bin/%s", name) >= (int)len)
		return name;
	return buf;
}
