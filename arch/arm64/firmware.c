// SPDX-License-Identifier: MIT
/*
 * The firmware arm64 may call: PSCI, which QEMU implements itself (starting CPUs, power
 * off), and semihosting, QEMU's way to power off with an exit status.
 */
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include <trapdoor/arch.h>
#include <trapdoor/fdt.h>
#include <trapdoor/string.h>

/*
 * PSCI (Arm DEN 0022, "Power State Coordination Interface"): QEMU implements
 * it itself and says in /psci "method" how to call it: "hvc" normally, "smc"
 * when the guest owns EL2 (virtualization=on).
 */
#define PSCI_0_2_FN_SYSTEM_OFF 0x84000008U /* DEN 0022, SYSTEM_OFF function ID */

static bool psci_use_smc;
bool psci_present;

void discover_psci(void)
{
	const char *method =
	    fdt_getprop_string(boot_fdt, fdt_path_offset(boot_fdt, "/psci"), "method");

	psci_use_smc = method && strcmp(method, "smc") == 0;
	psci_present = method && (psci_use_smc || strcmp(method, "hvc") == 0);
}

/*
 * One PSCI call: function ID in x0, arguments in x1-x3, the result back in
 * x0. SMC Calling Convention: the firmware may change x0-x17.
 */
long psci_call(u32 fn, u64 arg1, u64 arg2, u64 arg3)
{
	register u64 x0 __asm__("x0") = fn;
	register u64 x1 __asm__("x1") = arg1;
	register u64 x2 __asm__("x2") = arg2;
	register u64 x3 __asm__("x3") = arg3;

	if (psci_use_smc)
		__asm__ __volatile__("smc #0"
				     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				     :
				     : "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12",
				       "x13", "x14", "x15", "x16", "x17", "memory");
	else
		__asm__ __volatile__("hvc #0"
				     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				     :
				     : "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12",
				       "x13", "x14", "x15", "x16", "x17", "memory");
	return (long)x0;
}

/*
 * Power off with a status. QEMU's -semihosting makes the guest's SYS_EXIT
 * end QEMU with exactly that status. Without -semihosting, the hlt below is an
 * undefined instruction: traps.c sees that (is_semihosting_trap) and calls
 * semihosting_unavailable(), which uses PSCI SYSTEM_OFF; QEMU then exits 0
 * whatever the status, and only the "EXIT: status=N" line carries it.
 *
 * Arm "Semihosting for AArch32 and AArch64" (IHI 0056 / DUI 0003):
 */
#define SEMIHOSTING_HLT		     0xd45e0000U /* encoding of hlt #0xf000 (A64 HLT) */
#define SYS_EXIT		     0x18	 /* operation number of SYS_EXIT */
#define ADP_STOPPED_APPLICATION_EXIT 0x20026	 /* reason: the program exited ... */
						 /* ... with the status that follows */

static __noreturn void psci_system_off(void)
{
	psci_call(PSCI_0_2_FN_SYSTEM_OFF, 0, 0, 0); /* does not return */
	for (;;) /* no PSCI either: stop here; the runner's timeout notices */
		__asm__ __volatile__("wfi");
}

bool is_semihosting_trap(const struct pt_regs *regs)
{
	return *(const u32 *)regs->pc == SEMIHOSTING_HLT;
}

__noreturn void semihosting_unavailable(void)
{
	psci_system_off();
}

__noreturn void arch_poweroff(int status)
{
	/* SYS_EXIT's parameter block in AArch64: two 64-bit fields. */
	static u64 block[2];
	register u64 x0 __asm__("x0") = SYS_EXIT;
	register u64 *x1 __asm__("x1") = block;

	block[0] = ADP_STOPPED_APPLICATION_EXIT;
	block[1] = (u64)(s64)status;
	__asm__ __volatile__("hlt #0xf000" : "+r"(x0) : "r"(x1) : "memory");
	psci_system_off(); /* semihosting returned: it should not have */
}
