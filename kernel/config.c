// SPDX-License-Identifier: MIT
/* trapdoor_config(): the run-time switches a task may read and set (docs/hardening.md). */
#include <trapdoor/console.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/syscall.h>
#include <trapdoor/trace.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "randomize_kstack.h"
#include "syscalls.h"

/* trapdoor_config(key, value): value -1 reads; returns the old value. */
SYSCALL_DEFINE2(trapdoor_config, unsigned int, key, long, value)
{
	switch (key) {
	case TRAPDOOR_CONFIG_KSTACK_MODE:
		return kstack_mode_set(value);
	case TRAPDOOR_CONFIG_STACKLEAK:
		return stackleak_set_enabled(value);
	case TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS:
		return kstack_chacha_rounds_set(value);
	case TRAPDOOR_CONFIG_KSTACK_STORE:
		return kstack_store_set(value);
	case TRAPDOOR_CONFIG_TRACE:
		return trace_set(value);
	default:
		return -EINVAL;
	}
}
