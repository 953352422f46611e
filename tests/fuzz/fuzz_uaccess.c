// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: the range check of access_ok() (uaccess_range_ok() in
 * include/trapdoor/uaccess.h) against a second, independent computation of
 * the same answer, on a fuzzer-chosen address space of up to 8 mapped pages
 * anywhere in the 64-bit space (the top and bottom pages included) and a
 * fuzzer-chosen range. A disagreement aborts; a loop that never ends is a
 * libFuzzer timeout.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <trapdoor/uaccess.h>

#define MAX_PAGES 8

struct space {
	unsigned long page_size;
	unsigned int n;
	unsigned long va[MAX_PAGES];
	unsigned int prot[MAX_PAGES];
};

static bool page_ok(const void *ctx, unsigned long va, unsigned int prot)
{
	const struct space *s = ctx;

	for (unsigned int i = 0; i < s->n; i++)
		if (s->va[i] == va)
			return (s->prot[i] & prot) == prot;
	return false;
}

/* The reference: count the pages the range needs, then look each one up. */
static bool reference(const struct space *s, unsigned long uptr, unsigned long n, unsigned int prot)
{
	unsigned long first, last, pages;

	if (n == 0)
		return true;
	if (n > ~0UL - uptr) /* uptr + n > 2^64 - 1: past (or at) the top */
		return false;
	first = uptr / s->page_size;
	last = (uptr + n - 1) / s->page_size;
	pages = last - first + 1;
	if (pages > s->n)
		return false;
	for (unsigned long p = first; p <= last; p++)
		if (!page_ok(s, p * s->page_size, prot))
			return false;
	return true;
}

static unsigned long take(const uint8_t **d, size_t *size, unsigned int bytes)
{
	unsigned long v = 0;

	for (unsigned int i = 0; i < bytes && *size; i++, (*d)++, (*size)--)
		v |= (unsigned long)**d << (8 * i);
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned long page_sizes[] = { 4096, 16384, 65536 };
	struct space s;
	unsigned long uptr, n;
	unsigned int prot;

	s.page_size = page_sizes[take(&data, &size, 1) % 3];
	s.n = take(&data, &size, 1) % (MAX_PAGES + 1);
	for (unsigned int i = 0; i < s.n; i++) {
		s.va[i] = take(&data, &size, 8) & ~(s.page_size - 1);
		s.prot[i] = take(&data, &size, 1) & 7;
	}
	uptr = take(&data, &size, 8);
	n = take(&data, &size, 8);
	prot = take(&data, &size, 1) & 7;
	if (uaccess_range_ok(uptr, n, s.page_size, prot, page_ok, &s) !=
	    reference(&s, uptr, n, prot))
		abort();
	return 0;
}
