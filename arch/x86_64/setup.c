// SPDX-License-Identifier: MIT
/*
 * arch_setup(): the CPU's trap and syscall state (traps.c), what x86_64 finds
 * at boot, and power off.
 *
 * There is no device tree on a PC. The PVH loader hands us struct
 * hvm_start_info (memory map, command line: firmware.c); the CPU describes
 * itself through CPUID (cpufeature.c); the board we recognise by its PCI host
 * bridge, or by having none.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/cpufeature.h>
#include <asm/io.h>
#include <asm/setup.h>

/* --- the machine -------------------------------------------------------- */

/* PCI configuration mechanism #1 (PCI Local Bus Spec 3.0 §3.2.2.3.2). */
#define PCI_CONFIG_ADDRESS 0xcf8
#define PCI_CONFIG_DATA	   0xcfc
#define PCI_CONFIG_ENABLE  0x80000000 /* bit 31; bus 0, device 0, function 0, reg 0 */
#define PCI_ID_NONE	   0xffffffff /* nobody answered */
#define PCI_ID_I440FX	   0x12378086 /* device << 16 | vendor: Intel 440FX, QEMU -M pc */
#define PCI_ID_Q35	   0x29c08086 /* Intel Q35 MCH, QEMU -M q35 */

static char machine_desc[96];

/*
 * A PC does not say what it is. QEMU's boards differ in their host bridge
 * (PCI device 00:00.0), and microvm has no PCI at all, so we ask for that
 * device's ID; the CPUID hypervisor leaf adds who emulates it.
 */
static void identify_machine(void)
{
	u32 id, eax, ebx, ecx, edx;
	const char *board;
	char hv[13] = "";

	outl(PCI_CONFIG_ENABLE, PCI_CONFIG_ADDRESS);
	id = inl(PCI_CONFIG_DATA);
	if (id == PCI_ID_NONE)
		board = "QEMU microvm (no PCI)";
	else if (id == PCI_ID_I440FX)
		board = "QEMU pc (i440FX)";
	else if (id == PCI_ID_Q35)
		board = "QEMU q35";
	else
		board = "PC";

	cpuid(CPUID_SIGNATURE, &eax, &ebx, &ecx, &edx);
	if (ecx & CPUID_1_ECX_HYPERVISOR) {
		cpuid(CPUID_HYPERVISOR, &eax, &ebx, &ecx, &edx);
		cpuid_regs_to_string(hv, ebx, ecx, edx);
	}
	snprintf(machine_desc, sizeof(machine_desc), "%s, PVH boot%s%s", board,
		 hv[0] ? ", hypervisor " : "", hv);
	boot_info.machine = machine_desc;
}

/* --- power off: QEMU's isa-debug-exit ----------------------------------- */

/*
 * -device isa-debug-exit,iobase=0xf4 (Makefile.arch): a write of v makes
 * QEMU exit with status (v << 1) | 1 (QEMU hw/misc/debugexit.c). So status 0
 * gives 1 (QEMU_EXIT_PASS) and N gives 2N + 1. The host sees 8 bits: N must
 * stay below 128, or 128 would come out as 1, a pass.
 */
#define DEBUG_EXIT_PORT	      0xf4
#define DEBUG_EXIT_MAX_STATUS 127

__noreturn void arch_poweroff(int status)
{
	if (status < 0 || status > DEBUG_EXIT_MAX_STATUS)
		status = DEBUG_EXIT_MAX_STATUS;
	outl((u32)status, DEBUG_EXIT_PORT);

	/*
	 * Since QEMU 9.1 the vCPU runs on for a moment after the write, until QEMU's
	 * main loop ends the machine: wait a second before calling the device absent.
	 */
	u64 deadline = arch_get_cycles() + arch_cycles_per_sec();
	while (arch_get_cycles() < deadline)
		cpu_relax();

	/* Still here: QEMU was started without isa-debug-exit. */
	printk("poweroff: no isa-debug-exit at port 0x%x; halting\n", DEBUG_EXIT_PORT);
	for (;;) {
		__asm__ __volatile__("cli");
		native_halt();
	}
}

__stackleak_frame_exempt void arch_setup(void)
{
	arch_console_init(); /* first: everything after this can print */
	cpu_init(0,
		 (unsigned long)boot_stack_top); /* head.S loaded the IDT; add the TSS, syscall */
	identify_cpu();
	identify_machine();
	pvh_setup();
	tsc_init();    /* time.c: the cycle counter's rate */
	rng_init();    /* entropy.c: the CPU's random instruction, for the CRNG */
	paging_init(); /* mm.c: NX, global pages, SMEP/SMAP for user mode */
}
