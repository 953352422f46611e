/* SPDX-License-Identifier: MIT */
/*
 * s390x boot entry: from QEMU's ELF loader to start_kernel().
 *
 * How we get here: `qemu-system-s390x -M s390-ccw-virtio -kernel trapdoor.elf`
 * loads the ELF at its physical addresses and IPLs (initial program load) the
 * first CPU at e_entry = _start, in this state:
 *   - z/Architecture 64-bit addressing (PSW EA=1 BA=1), supervisor state,
 *   - DAT off (addresses are real), prefix 0 (the lowcore is at address 0),
 *   - every interruption class masked in the PSW,
 *   - only this CPU running: the others stay in the stopped state until
 *     smp.c starts them with SIGP, at secondary_entry below; there are no
 *     secondary CPUs to park.
 * No register carries anything for us: s390 firmware passes no pointer. The
 * machine is described on request instead (SCLP Read SCP Info, STSI, STIDP),
 * which arch_setup() asks once the console is up.
 */
#include <asm/lowcore.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include <asm/smp.h>
#include <asm/stackleak.h>

#define BOOT_STACK_SIZE	16384		/* 16 KiB, like the other five arches */

/*
 * 0x10000: the ELF entry, where Linux's image starts, so that QEMU treats us
 * as Linux and copies -append to 0x10480 (asm/setup.h). The kernel proper
 * starts at 0x20000 (kernel.lds); all there is to do here is to go there.
 */
	.section .head.ipl, "ax"
	.globl	_ipl_entry
	.type	_ipl_entry, @function
_ipl_entry:
	jg	_start			# branch relative long: 0x20000 is beyond 16 bits
	.org	_ipl_entry + LINUX_MAGIC_OFFSET	# 0x10008
	.ascii	"S390EP"		# Linux's mark of an s390 image
	.size	_ipl_entry, . - _ipl_entry

/*
 * Linux's parameter area at 0x10400, of which QEMU writes two fields: the
 * command line (it reads our buffer's size first) and, with -initrd, the
 * initrd's address and size at 0x10408, which we ignore. Data, not code: a
 * section of its own keeps it out of the disassembly.
 */
	.section .data.parmarea, "aw"
parmarea:
	.org	parmarea + MAX_COMMAND_LINE_SIZE_OFFSET - PARMAREA_OFFSET	# 0x10430
	.quad	PARMAREA_COMMAND_LINE_SIZE	# how much QEMU may write, NUL included
	.org	parmarea + COMMAND_LINE_OFFSET - PARMAREA_OFFSET	# 0x10480
	.globl	boot_command_line
	.type	boot_command_line, @object
boot_command_line:
	.fill	PARMAREA_COMMAND_LINE_SIZE, 1, 0	# "" until QEMU writes -append here
	.size	boot_command_line, . - boot_command_line

	.section .text.head, "ax"
	.globl	_start
	.type	_start, @function
_start:
	/*
	 * A stack first, so that a program check from here on can build its
	 * frame (entry.S pushes onto %r15). larl, load address relative long,
	 * is PC-relative: no literal pool, no base register.
	 */
	larl	%r15, boot_stack_top	# %r15: the stack pointer (s390x ABI)
	stg	%r15, LC_KERNEL_STACK	# entry.S's stack for traps from user mode
	larl	%r1, stackleak_erase_stack + STACKLEAK_ERASE_STACK_SIZE - STACK_FRAME_OVERHEAD
	stg	%r1, LC_ERASE_STACK	# CPU 0's erase stack, its top save area (entry.S)
	larl	%r1, restart_stack + RESTART_STACK_SIZE
	stg	%r1, LC_RESTART_STACK	# CPU 0's restart stack (entry.S)
	aghi	%r15, -STACK_FRAME_OVERHEAD	# 160 bytes for start_kernel
	xc	0(8, %r15), 0(%r15)	# back chain 0: stack walks end here

	/*
	 * New PSWs, as early as possible. Each is 16 bytes: the mask the CPU
	 * will run the handler with (64-bit, every class masked, so that the
	 * handler is not interrupted in turn) and the address of its code in
	 * entry.S. No base register: the displacement is the address.
	 */
	lgrl	%r0, .Lkernel_psw_mask	# %r0 = PSW mask (8 bytes, PC-relative)
	larl	%r1, program_check_entry
	stmg	%r0, %r1, LC_PGM_NEW_PSW	# mask and address: 0x1d0
	larl	%r1, svc_entry
	stmg	%r0, %r1, LC_SVC_NEW_PSW	# the svc instruction: 0x1c0
	larl	%r1, external_entry
	stmg	%r0, %r1, LC_EXT_NEW_PSW	# timers, service signal: 0x1b0
	larl	%r1, io_entry
	stmg	%r0, %r1, LC_IO_NEW_PSW		# channel subsystem: 0x1f0
	larl	%r1, mcck_entry
	stmg	%r0, %r1, LC_MCCK_NEW_PSW	# machine check: 0x1e0
	larl	%r1, restart_entry
	stmg	%r0, %r1, LC_RESTART_NEW_PSW	# restart (QEMU `nmi`): 0x1a0

	/*
	 * Clear .bss with MOVE LONG EXTENDED. The destination is %r2 (address)
	 * and %r3 (length); the source is %r4/%r5 with length 0, so every
	 * destination byte gets the pad byte, which is the low byte of the
	 * second-operand address: 0 here. The boot stack is in .bss too;
	 * nothing is on it yet.
	 */
	larl	%r2, __bss_start	# destination address
	larl	%r3, __bss_stop
	sgr	%r3, %r2		# destination length = stop - start
	lghi	%r4, 0			# source address: never read
	lghi	%r5, 0			# source length 0: all padding
.Lclear_bss:
	mvcle	%r2, %r4, 0		# pad byte 0x00
	jo	.Lclear_bss		# CC 3: stopped part way (allowed); go on

	/* Into C; start_kernel() never returns. */
	brasl	%r14, start_kernel	# branch relative, return address in %r14

	/* Should it ever return: stop the machine as a failure, never hang. */
	larl	%r1, .Lreturned_psw
	lpswe	0(%r1)			# load PSW extended: a disabled wait
	.size	_start, . - _start

/*
 * secondary_entry: where every other CPU starts (smp.c, arch_cpu_up()). CPU 0
 * gave it a lowcore of its own (SIGP SET PREFIX) and sent it SIGP RESTART:
 * it took a restart interruption, whose new PSW in that lowcore points here,
 * in the state that PSW says: 64-bit, supervisor state, DAT off, every
 * interruption class masked. Its lowcore holds the rest: control registers,
 * the idle task's kernel stack, its struct cpu_info and its own stacks; the
 * other new PSWs are CPU 0's, so its traps enter entry.S like CPU 0's.
 * Plain displacements (base register 0) reach this CPU's own lowcore.
 */
	.globl	secondary_entry
	.type	secondary_entry, @function
secondary_entry:
	/*
	 * The restart new PSW first: it lies in 0-511, which low-address
	 * protection guards once CR0 has it; the CPU's reset CR0 does not.
	 */
	lgrl	%r0, .Lkernel_psw_mask	# %r0 = PSW mask: 64-bit, all masked
	larl	%r1, restart_entry	# from now on a restart dumps and resumes,
	stmg	%r0, %r1, LC_RESTART_NEW_PSW	# like CPU 0's (entry.S)
	lctlg	0, 15, LC_CREGS		# CR0-CR15 as arch_cpu_up() prepared them
	lg	%r15, LC_KERNEL_STACK	# top of the idle task's kernel stack
	aghi	%r15, -STACK_FRAME_OVERHEAD	# 160 bytes for smp_start_secondary
	xc	0(8, %r15), 0(%r15)	# back chain 0: stack walks end here
	brasl	%r14, smp_start_secondary	# smp.c: timer, mm, then the idle loop

	/* It never returns; should it: stop the machine as a failure. */
	larl	%r1, .Lreturned_psw
	lpswe	0(%r1)			# load PSW extended: a disabled wait
	.size	secondary_entry, . - secondary_entry

	.section .rodata, "a"
	.balign	8			# lgrl and lpswe need doubleword alignment
.Lkernel_psw_mask:
	.quad	PSW_KERNEL_MASK		# 0x0000000180000000: EA+BA, all masked
.Lreturned_psw:
	.quad	PSW_DISABLED_WAIT_MASK	# QEMU exits 1: not the quiesce address
	.quad	WAIT_ADDR_FAILURE | WAIT_STATUS_RETURNED

	/*
	 * The boot stack: 16 KiB, its top 16-byte aligned (the s390x ABI asks
	 * only for 8; trap frames keep 16 like the other arches). In .bss, so
	 * it takes no room in the ELF file.
	 */
	.section .bss, "aw", @nobits
	.balign	16
boot_stack:
	.skip	BOOT_STACK_SIZE
	.globl	boot_stack_top
boot_stack_top:
