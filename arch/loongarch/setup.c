// SPDX-License-Identifier: MIT
/*
 * arch_setup() for loongarch64 on QEMU's virt board: console, then what the machine is (CPUCFG
 * and IOCSR for the CPU, cpufeature.c; fw_cfg for memory and the command line, firmware.c),
 * and power-off.
 */
#include <trapdoor/arch.h>
#include <trapdoor/pci.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/csr.h>
#include <asm/fw_cfg.h>
#include <asm/io.h>
#include <asm/setup.h>

/*
 * a0-a2 at entry (head.S). The Linux/EFI boot protocol would put arguments here; QEMU 7.2 does
 * not, for an ELF: they are kept for a debugger to look at, and nothing reads them.
 */
unsigned long boot_args[3];

__stackleak_frame_exempt void arch_setup(void)
{
	arch_console_init(); /* first: everything after this may print */
	arch_trap_init();    /* head.S installed the entry points; quiet the interrupt sources */
	mmu_init();	     /* the TLB, for user mode; the kernel itself needs none */
	identify_cpu();
	detect_machine();
}

/* --- power --------------------------------------------------------------------------------- */

/*
 * Status 0: the sleep control register of the board's ACPI Generic Event Device, the
 * hardware-reduced ACPI way to power off (ACPI spec, "Sleep Control and Status Registers"):
 * SLP_TYP = S5 (soft off) in bits 4:2, plus SLP_EN: the byte 0x34. QEMU shuts down and exits 0.
 * Values from QEMU include/hw/acpi/generic_event_device.h.
 */
#define VIRT_GED_REG_ADDR      0x100e001c /* QEMU 7.2 include/hw/loongarch/virt.h */
#define ACPI_GED_REG_SLEEP_CTL 0	  /* offset of the sleep control register */
#define ACPI_GED_SLP_TYP_S5    (0x5 << 2) /* SLP_TYP field (bits 4:2) = S5 */
#define ACPI_GED_SLP_EN	       0x20	  /* write 1: enter the SLP_TYP state */

/*
 * Any other status: QEMU's pvpanic-pci device, with -action panic=exit-failure (Makefile.arch),
 * makes QEMU exit 1 when the guest reports a panic. Nothing has configured PCI (there is no
 * firmware), so: find the device on bus 0 through ECAM, give BAR0 an address in the board's
 * memory window, enable memory decoding, and write the "panicked" event. Returns only if there
 * is no such device.
 */
static void pvpanic_signal(void)
{
	volatile u8 *cfg = pci_find_device(PCI_VENDOR_ID_REDHAT, PCI_DEVICE_ID_REDHAT_PVPANIC);
	u32 bar;

	if (!cfg)
		return;
	bar = readl(cfg + PCI_BASE_ADDRESS_0);
	if (bar & PCI_BASE_ADDRESS_SPACE_IO)
		return;
	writel(PCI_MEM_BASE, cfg + PCI_BASE_ADDRESS_0);
	if (bar & PCI_BASE_ADDRESS_MEM_TYPE_64)
		writel(0, cfg + PCI_BASE_ADDRESS_0 + 4);
	writew(readw(cfg + PCI_COMMAND) | PCI_COMMAND_MEMORY, cfg + PCI_COMMAND);
	writeb(PVPANIC_PANICKED, ioremap(PCI_MEM_BASE));
	/* QEMU exits inside the write above. */
}

/*
 * Stop the vCPU for good: the timer off and every interrupt line masked, so idle never wakes
 * (it wakes for any raised line that ECFG enables, whatever CRMD.IE says: QEMU 7.2's
 * loongarch_cpu_has_work()), and QEMU does not spin on a pending tick.
 */
static __noreturn void halt(void)
{
	csr_write(LOONGARCH_CSR_TCFG, 0);
	csr_write(LOONGARCH_CSR_ECFG, 0);
	for (;;)
		__asm__ __volatile__("idle 0");
}

/*
 * QEMU's exit status: 0 for status 0; 1 for anything else (pvpanic cannot carry the number;
 * "EXIT: status=N" in the log does). Without pvpanic-pci we cannot fail loudly, and exiting 0
 * would look like a pass: halt instead, so that the runner's timeout reports the failure.
 */
__noreturn void arch_poweroff(int status)
{
	if (status != 0) {
		pvpanic_signal();
		halt();
	}
	writeb(ACPI_GED_SLP_TYP_S5 | ACPI_GED_SLP_EN,
	       (volatile u8 *)ioremap(VIRT_GED_REG_ADDR) + ACPI_GED_REG_SLEEP_CTL);
	halt();
}
