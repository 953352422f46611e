/* SPDX-License-Identifier: MIT */
/* The host tests' open() flags: Linux's generic values. */
#include <uapi/asm-generic/fcntl.h>
