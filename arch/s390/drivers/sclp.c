// SPDX-License-Identifier: MIT
/*
 * The SCLP (Service-Call Logical Processor), s390's firmware interface: the
 * SERVICE CALL instruction that hands it a command, and the service-signal
 * external interruption by which it answers (asm/sclp.h). firmware.c asks it
 * for the memory size; console.c sends and receives the console's
 * characters through it.
 *
 * Every command ends with a service signal whose parameter is the address of
 * the SCCB it completed, its low bit set when an event buffer (here: typed
 * characters) is waiting to be read. We do not wait for that signal: the
 * SCLP stores the response code last, so we poll it, and under QEMU the SCCB
 * is complete before servc ends. The signal matters for one thing: console
 * input, which the SCLP announces with a signal of its own.
 */
#include <trapdoor/console.h>
#include <trapdoor/string.h>
#include <asm/ctlreg.h>
#include <asm/processor.h>
#include <asm/sclp.h>

/*
 * SERVICE CALL (PoP has no mnemonic for it: opcode 0xb220, format RRE).
 * R1 holds the command word, R2 the real address of the SCCB; the condition
 * code says whether the SCLP took the command.
 */
static int servc(u32 command, struct sccb_header *sccb)
{
	int cc;

	__asm__ __volatile__(".insn	rre,0xb2200000,%[cmd],%[sccb]\n\t"
			     "ipm	%[cc]\n\t" /* insert CC into bits 34-35 */
			     "srl	%[cc],28"  /* ... and shift it down to 0-3 */
			     : [cc] "=d"(cc)
			     : [cmd] "d"((unsigned long)command), [sccb] "a"(sccb)
			     : "cc", "memory");
	return cc;
}

u16 sclp_service_call(u32 command, struct sccb_header *sccb)
{
	int cc;

	sccb->response_code = 0;
	do {
		cc = servc(command, sccb);
	} while (cc == SCLP_CC_BUSY);
	if (cc != SCLP_CC_INITIATED)
		return 0;
	/*
	 * The SCLP works on its own and signals completion with a
	 * service-signal external interruption (code 0x2401). The kernel runs
	 * with external interruptions masked, so it polls the response code
	 * instead, which the SCLP stores last.
	 */
	while (READ_ONCE(sccb->response_code) == 0)
		cpu_relax();
	return sccb->response_code;
}

void sclp_enable_service_signal(void)
{
	set_cr0(get_cr0() | CR0_SERVICE_SIGNAL_SUBMASK);
}

/*
 * A service signal, taken in user mode or in the idle wait (traps.c). The
 * parameter is the OR of every signal since the last one was taken: the
 * completion of our own commands, which were polled already, and, in its
 * low bit, "an event buffer is pending": typed characters. Only then read:
 * console_rx_interrupt() drains the console with Read Event Data until none
 * is left, and each of those commands ends with a signal of its own, whose
 * pending bit is clear once the input is drained, so the chain stops there.
 */
void sclp_service_signal(u32 param)
{
	if (param & SCLP_EXT_PARAM_EVBUF_PENDING)
		console_rx_interrupt();
}
