// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: lib/cpio.c's reader on arbitrary bytes. Every member it
 * hands out lies inside the buffer with a NUL-terminated name of the length it
 * says; a refusal carries a message and an offset inside the buffer; walking
 * the archive and checking it agree. A broken promise aborts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <trapdoor/cpio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A copy of exactly size bytes: ASan sees every read past the archive. */
	uint8_t *buf = malloc(size ? size : 1);
	struct cpio_reader r, check;
	struct cpio_entry e;
	int ret;

	memcpy(buf, data, size);
	cpio_init(&r, buf, size);
	while ((ret = cpio_next(&r, &e)) == CPIO_ENTRY) {
		if ((const uint8_t *)e.name < buf || e.namelen >= CPIO_PATH_MAX ||
		    (const uint8_t *)e.name + e.namelen >= buf + size || e.name[e.namelen] ||
		    strlen(e.name) != e.namelen)
			abort();
		if (e.data < buf || e.size > size || e.data > buf + size - e.size)
			abort();
		if ((e.mode & CPIO_S_IFMT) == CPIO_S_IFLNK &&
		    (e.size == 0 || e.size >= CPIO_PATH_MAX || memchr(e.data, 0, e.size)))
			abort();
	}
	if (ret == CPIO_BAD && (!r.error || r.error_pos > size))
		abort();
	if (ret != CPIO_BAD && ret != CPIO_END)
		abort();
	if (cpio_check(&check, buf, size) != ret)
		abort();
	free(buf);
	return 0;
}
