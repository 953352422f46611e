/* SPDX-License-Identifier: MIT */
/*
 * _start for loongarch64 user programs: the first instruction a program runs.
 *
 * The kernel enters here at PLV3 (ertn, arch/loongarch/entry.S) with sp pointing at argc,
 * then argv[], NULL, envp NULL and an AT_NULL pair, as Linux lays it out (kernel/exec.c);
 * sp is 16-byte aligned, as the psABI wants at a call. Every other register is zero. The
 * lp64s ABI needs nothing more: no global pointer, and tp (the TLS pointer) stays 0 because
 * there is no thread-local storage.
 */
	.section .text.start, "ax"	/* user.lds.S puts this first, at USER_BASE */
	.globl	_start
_start:
	move	$a0, $sp		/* __start_main(long *sp): argc is at sp[0] */
	move	$fp, $zero		/* a zero frame pointer ends every backtrace here */
	move	$ra, $zero		/* ...and so does a zero return address */
	bl	__start_main		/* user/lib/start.c: main(), then exit(); never returns */
1:	b	1b			/* if it ever did: spin rather than run off the end */

/*
 * Data must start on a page of its own: the loader maps text read+execute and data
 * read+write, a page at a time. user/user.lds.S aligns .data to 4096, but loongarch pages are
 * 16 KiB (arch/loongarch/include/asm/page.h: QEMU 7.2 cannot do 4 KiB). An input section
 * aligned to 16 KiB raises the alignment of the whole .data output section, so every program
 * linked with this file gets its data on a fresh 16 KiB page. Not empty, so that the linker
 * keeps it even in a program with no data of its own (and user/user.lds.S KEEPs it from
 * --gc-sections).
 */
#define LOONGARCH_PAGE_SIZE	16384	/* PAGE_SIZE, arch/loongarch/include/asm/page.h */

	.section .data..page_aligned, "aw"
	.balign	LOONGARCH_PAGE_SIZE
__data_page:
	.quad	0
