// SPDX-License-Identifier: MIT
/*
 * ppc64 pseries setup: the console and boot_info (arch_setup), from what the firmware told
 * prom_init() (firmware.c) before start_kernel; power off, through RTAS. The CPU's name
 * and SPRs are in cpufeature.c, the clock and the tick in time.c, the entropy sources in
 * entropy.c.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <asm/hcall.h>
#include <asm/mmu.h>
#include <asm/paca.h>
#include <asm/processor.h>
#include <asm/prom.h>
#include <asm/rtas.h>
#include <asm/smp.h>

/* kernel.lds: where the interrupt vectors end (they start at real address 0). */
extern char __vectors_end[];
#define VECTORS_RESERVE_ALIGN 4096 /* reserve whole 4 KiB pages */

__stackleak_frame_exempt void arch_setup(void)
{
	/*
	 * Console first: console.c already uses prom.vtermno, found by prom_init().
	 * Traps next: nothing left to do, head.S copied the vectors to address 0 right after
	 * prom_init(), the earliest moment the firmware could be overwritten.
	 */
	printk("powerpc: Open Firmware client interface at 0x%lx, console vty 0x%x\n", prom_entry,
	       prom.vtermno);

	if (prom.model[0])
		boot_info.machine = prom.model;

	identify_cpu();

	/* RAM as the firmware's /memory nodes describe it (prom_find_memory). */
	boot_info.mem_start = prom.mem_start;
	boot_info.mem_size = prom.mem_size;
	boot_info.cmdline = prom.bootargs;
	boot_info.cmdline_dropped = prom.bootargs_dropped; /* the banner says so */

	/*
	 * The interrupt vectors live at 0, below the kernel image: not free memory. Nothing
	 * else in RAM needs reserving: VOF passes no device tree blob, VOF itself is gone
	 * (head.S wrote the vectors over it), and the HPT and RTAS live in QEMU, outside
	 * the guest's RAM.
	 */
	boot_info.reserved[0].start = 0;
	boot_info.reserved[0].size = ALIGN((unsigned long)__vectors_end, VECTORS_RESERVE_ALIGN);
	boot_info.nr_reserved = 1;

	/*
	 * User mode. The hash MMU for its address spaces (mm.c). The decrementer as far from
	 * firing as it goes until arch_timer_init() starts the tick (time.c): the firmware
	 * may have left it anywhere, and user mode always runs with MSR[EE] = 1.
	 * The registers problem state could otherwise write: FSCR = 0 turns off every
	 * optional facility (scv, TAR, DSCR, EBB, TM, BHRB, PMU, ...), so each use is SIGILL
	 * (asm/reg.h); UAMOR = 0 leaves no AMR bit user-writable, and AMR = 0 (no key
	 * denies anything: the HPT entries all carry key 0, mm.c). What is left, VRSAVE and
	 * PPR, is saved in pt_regs on every entry (entry.S): user/lib/arch/powerpc/userregs.c.
	 */
	hash_mmu_init();
	cpu_setup_sprs();
	/* Which of the CPUs is this one (smp.c): it is logical CPU 0. */
	smp_find_boot_cpu();
}


/*
 * Status 0: RTAS "power-off" (inputs: a 64-bit power-on mask in two cells, unused by QEMU)
 * and QEMU exits 0. Anything else: "ibm,os-term" (input: a message string), which QEMU
 * treats as a guest panic; with -action panic=exit-failure it exits 1 and prints
 * "OS terminated: <message>", so the exact status is on stderr as well as the console.
 * QEMU acts on either request asynchronously, so spin until it does.
 */
__noreturn void arch_poweroff(int status)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth (clang) */
	static char msg[48];	 /* static: QEMU finds it via a number the compiler cannot follow */

	if (status == 0 && prom.rtas_power_off != RTAS_NO_TOKEN) {
		const u32 mask[2] = { 0, 0 };

		rtas_call(prom.rtas_power_off, 2, mask);
	} else if (status != 0 && prom.rtas_os_term != RTAS_NO_TOKEN) {
		u32 arg;

		snprintf(msg, sizeof(msg), "trapdoor exit status %d", status);
		arg = (u32)(uintptr_t)msg;
		rtas_call(prom.rtas_os_term, 1, &arg);
	} else {
		printk("powerpc: no RTAS token to power off with; halting\n");
	}
	for (;;)
		cpu_relax();
}
