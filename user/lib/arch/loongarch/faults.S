/* SPDX-License-Identifier: MIT */
/*
 * Three instructions user mode must not get away with (user/fault.c). Each traps; the
 * kernel kills the task, so none of them returns. The jr $ra is there all the same, so a
 * kernel that wrongly lets one pass shows up as "survived" instead of running into garbage.
 */
#define LOONGARCH_CSR_CRMD	0x0		/* current mode (manual §7.4.1): PLV0 only */
/*
 * An AM* atomic with rd == rj, which the ISA defines to raise INE (manual §2.2.7.1): the
 * `ud ui5` of binutils and LLVM, here amswap.w $t0, $ra, $t0. (The kernel's BROKEN=undef
 * build uses the same word, asm/processor.h.)
 */
#define INSN_UD			0x3860058c
#define BRK_USER		0		/* break code: Linux uses 0 for a breakpoint */

	.text
	.globl	do_privileged_instruction
do_privileged_instruction:
	csrrd	$a0, LOONGARCH_CSR_CRMD	/* any CSR access at PLV3: IPE, instruction privilege */
	jr	$ra

	.globl	do_undefined_instruction
do_undefined_instruction:
	.word	INSN_UD			/* INE, instruction non-existent */
	jr	$ra

	.globl	do_breakpoint
do_breakpoint:
	break	BRK_USER		/* BRK */
	jr	$ra
