// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: kernel/elf.c's elf_parse() on arbitrary bytes. Whatever
 * it accepts must keep every promise kernel/exec.c's loader relies on (the
 * same list as tests/host/test_elf.c); a broken promise aborts.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <trapdoor/elf.h>

#define PAGE 4096UL
#define BASE 0x400000UL
#define TOP  0x800000UL

static const struct elf_target target = {
	.machine = 62,
	.data = ELFDATA2LSB,
	.page_size = PAGE,
	.user_base = BASE,
	.user_top = TOP,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_info info;
	/* A copy of exactly size bytes: ASan sees every read past the image. */
	uint8_t *image = malloc(size ? size : 1);
	bool entry_in_x = false;

	memcpy(image, data, size);
	if (elf_parse(image, size, &target, &info) == 0) {
		if (info.nr_segments == 0 || info.nr_segments > ELF_MAX_SEGMENTS)
			abort();
		for (unsigned int i = 0; i < info.nr_segments; i++) {
			const struct elf_segment *s = &info.seg[i];

			if (s->offset > size || s->filesz > size - s->offset ||
			    s->filesz > s->memsz)
				abort();
			if (s->vaddr < BASE || s->memsz > TOP - s->vaddr || s->start > s->vaddr ||
			    s->end < s->vaddr + s->memsz || s->end > TOP || s->start % PAGE ||
			    s->end % PAGE)
				abort();
			if ((s->flags & PF_W) && (s->flags & PF_X))
				abort();
			for (unsigned int j = 0; j < i; j++)
				if (s->vaddr < info.seg[j].vaddr + info.seg[j].memsz &&
				    info.seg[j].vaddr < s->vaddr + s->memsz)
					abort();
			if (info.entry >= s->vaddr && info.entry - s->vaddr < s->filesz)
				entry_in_x = true;
		}
		if (!entry_in_x)
			abort();
	}
	free(image);
	return 0;
}
