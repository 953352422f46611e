/* SPDX-License-Identifier: MIT */
/*
 * Linker script for user programs, run through the C preprocessor so that
 * USER_TEXT_BASE comes from this architecture's asm/page.h. Text and data get
 * pages of their own: the loader maps text read+execute and data read+write,
 * never both writable and executable. Programs link with --gc-sections
 * (user/user.mk): KEEP() holds what nothing references but must stay.
 */
#include <asm/page.h>

ENTRY(_start)

PHDRS
{
	text PT_LOAD FLAGS(5);		/* R + X */
	data PT_LOAD FLAGS(6);		/* R + W */
}

SECTIONS
{
	. = USER_TEXT_BASE;
	.text : {
		KEEP(*(.text.start))
		*(.text .text.*)
	} :text
	.rodata : { *(.rodata .rodata.*) } :text
	. = ALIGN(PAGE_SIZE);
	.data : {
		*(.toc .got .got.*)
		KEEP(*(.data..page_aligned))	/* loongarch's crt0.S: referenced by nothing */
		*(.data .data.* .sdata .sdata.*)
	} :data
	.bss : { *(.bss .bss.* .sbss .sbss.* COMMON) } :data
	_end = .;			/* the end of the image (user/fuzz.c) */
	/DISCARD/ : { *(.comment) *(.note*) *(.eh_frame*) }
}
