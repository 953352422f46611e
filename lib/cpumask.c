// SPDX-License-Identifier: MIT
/* CPU masks and CPU lists (include/trapdoor/cpumask.h). */
#include <trapdoor/compiler.h>
#include <trapdoor/cpumask.h>
#include <trapdoor/sprintf.h>

#define EINVAL_ 22 /* uapi/errno.h's EINVAL: lib/ includes no kernel header */

size_t cpumask_user_len(unsigned long len)
{
	return len < sizeof(unsigned long) ? (size_t)len : sizeof(unsigned long);
}

/*
 * The user's mask is an array of longs in memory; its byte i holds bits
 * 8i..8i+7 on a little-endian machine and the mirror on a big-endian one,
 * so the bytes are read as the long they are part of.
 */
unsigned long cpumask_from_bytes(const unsigned char *buf, size_t n)
{
	union {
		unsigned long l;
		unsigned char b[sizeof(unsigned long)];
	} u = { 0 };

	for (size_t i = 0; i < n && i < sizeof(u.b); i++)
		u.b[i] = buf[i];
	return u.l;
}

long cpumask_getaffinity_len(unsigned long len, unsigned int nr_cpu_ids)
{
	if (len > ~0UL / 8 || len * 8 < nr_cpu_ids)
		return -EINVAL_;
	if (len & (sizeof(unsigned long) - 1))
		return -EINVAL_;
	return len < sizeof(unsigned long) ? (long)len : (long)sizeof(unsigned long);
}

/* A decimal number below CPUMASK_BITS at *s; advances *s past it. */
static int parse_cpu(const char **s, unsigned int *cpu)
{
	unsigned int v = 0;
	const char *p = *s;

	if (*p < '0' || *p > '9')
		return -EINVAL_;
	while (*p >= '0' && *p <= '9') {
		v = v * 10 + (unsigned int)(*p++ - '0');
		if (v >= CPUMASK_BITS)
			return -EINVAL_;
	}
	*s = p;
	*cpu = v;
	return 0;
}

int cpulist_parse(const char *s, unsigned long *mask)
{
	unsigned long m = 0;

	for (;;) {
		unsigned int first, last;

		if (parse_cpu(&s, &first))
			return -EINVAL_;
		last = first;
		if (*s == '-') {
			s++;
			if (parse_cpu(&s, &last) || last < first)
				return -EINVAL_;
		}
		for (unsigned int cpu = first; cpu <= last; cpu++)
			m |= 1UL << cpu;
		if (*s == '\0')
			break;
		if (*s++ != ',')
			return -EINVAL_;
	}
	*mask = m;
	return 0;
}

int cpulist_print(char *buf, size_t size, unsigned long mask)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	int len = 0;

	if (size)
		buf[0] = '\0';
	for (unsigned int cpu = 0; cpu < CPUMASK_BITS; cpu++) {
		unsigned int last = cpu;
		size_t room;

		if (!(mask & (1UL << cpu)))
			continue;
		while (last + 1 < CPUMASK_BITS && (mask & (1UL << (last + 1))))
			last++;
		room = (size_t)len < size ? size - (size_t)len : 0;
		if (last == cpu)
			len += snprintf(buf + (room ? len : 0), room, "%s%u", len ? "," : "", cpu);
		else
			len += snprintf(buf + (room ? len : 0), room, "%s%u-%u", len ? "," : "",
					cpu, last);
		cpu = last;
	}
	return len;
}
