/* SPDX-License-Identifier: MIT */
/* This arch's struct sigaction has no sa_restorer (include/uapi/signal.h), as Linux's. */
#ifndef TRAPDOOR_ASM_UAPI_SIGNAL_H
#define TRAPDOOR_ASM_UAPI_SIGNAL_H

#endif
