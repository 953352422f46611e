// SPDX-License-Identifier: MIT
/*
 * The device tree, parsed and checked (asm/dt.h): the timebase, the
 * console's interrupt and the harts. Nothing here touches a CSR or a
 * device; time.c, console.c and smp.c do, with what these functions return.
 */
#include <asm/dt.h>
#include <trapdoor/compiler.h>
#include <trapdoor/fdt.h>
#include <trapdoor/string.h>

const char *riscv_dt_timebase(const void *fdt, u64 *hz)
{
	int cpus = fdt ? fdt_path_offset(fdt, "/cpus") : -1, len;
	const void *p = cpus < 0 ? NULL : fdt_getprop(fdt, cpus, "timebase-frequency", &len);
	u64 v;

	*hz = RISCV_TIMEBASE_DEFAULT;
	if (!p)
		return NULL;
	if (len != 4 && len != 8)
		return "/cpus/timebase-frequency is not one or two cells";
	v = fdt_read_cells(p, len / 4);
	if (v < RISCV_TIMEBASE_MIN || v > RISCV_TIMEBASE_MAX)
		return "/cpus/timebase-frequency is outside 10 kHz-10 GHz";
	*hz = v;
	return NULL;
}

const char *riscv_dt_uart_irq(const void *fdt, unsigned int *irq)
{
	int node = fdt ? fdt_path_offset(fdt, "/soc/serial@10000000") : -1, len;
	const void *p = node < 0 ? NULL : fdt_getprop(fdt, node, "interrupts", &len);

	*irq = RISCV_UART_IRQ_DEFAULT;
	if (!p)
		return NULL;
	if (len != 4)
		return "the UART's interrupts is not one cell";
	if (fdt32_ld(p) == 0 || fdt32_ld(p) > RISCV_PLIC_MAX_SOURCE)
		return "the UART's PLIC source is not 1-1023";
	*irq = fdt32_ld(p);
	return NULL;
}

/* A string property is value: absent counts as dflt. */
static bool dt_is(const void *fdt, int node, const char *name, const char *value, bool dflt)
{
	int len;
	const char *s;

	if (!fdt_getprop(fdt, node, name, &len))
		return dflt;
	s = fdt_getprop_string(fdt, node, name);
	return s && !strcmp(s, value);
}

int riscv_dt_harts(const void *fdt, unsigned long boot_hartid, unsigned long *hartids,
		   unsigned int max, unsigned int *refused)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	int cpus = fdt ? fdt_path_offset(fdt, "/cpus") : -1, ac, child, n = 1;

	*refused = 0;
	if (max)
		hartids[0] = boot_hartid;
	if (cpus < 0)
		return 1;
	ac = fdt_address_cells(fdt, cpus);
	if (ac < 1 || ac > 2)
		return -1;
	for (child = fdt_first_subnode(fdt, cpus); child >= 0;
	     child = fdt_next_subnode(fdt, child)) {
		int len;
		const void *reg = fdt_getprop(fdt, child, "reg", &len);
		u64 hartid;

		if (!dt_is(fdt, child, "device_type", "cpu", false) ||
		    !dt_is(fdt, child, "status", "okay", true) || !reg || len < ac * 4)
			continue;
		hartid = fdt_read_cells(reg, ac);
		if (hartid == boot_hartid)
			continue;
		if (hartid > RISCV_MAX_HARTID) {
			(*refused)++;
			continue;
		}
		if ((unsigned int)n < max)
			hartids[n] = (unsigned long)hartid;
		n++;
	}
	return child == -2 ? -1 : n;
}
