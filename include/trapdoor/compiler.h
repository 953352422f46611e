/* SPDX-License-Identifier: MIT */
/* Compiler attributes and helpers, named as in Linux's compiler_types.h. */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_COMPILER_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_COMPILER_H

#ifndef __noreturn
#define __noreturn __attribute__((__noreturn__))
#endif
#ifndef __aligned
#define __aligned(x) __attribute__((__aligned__(x)))
#endif
#ifndef __packed
#define __packed __attribute__((__packed__))
#endif
#ifndef __section
#define __section(s) __attribute__((__section__(s)))
#endif
#ifndef __used
#define __used __attribute__((__used__))
#endif
#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif
#ifndef __noinline
#define __noinline __attribute__((__noinline__))
#endif
/* A default that a strong definition elsewhere replaces at link time. */
#ifndef __weak
#define __weak __attribute__((__weak__))
#endif
#ifndef __printf
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#endif
#ifndef __maybe_unused
#define __maybe_unused __attribute__((__unused__))
#endif

/*
 * Address spaces for sparse (make sparse, docs/testing.md): a pointer into
 * user memory is `void __user *`; the kernel may not dereference it, only
 * hand it to copy_from_user() and friends. __force marks the one cast that
 * deliberately drops the address space. To the compiler both are nothing.
 */
#ifdef __CHECKER__
#define __user	__attribute__((noderef, address_space(__user)))
#define __force __attribute__((force))
#else
#define __user
#define __force
#endif

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* Stops the compiler from moving memory accesses across this point. */
#define barrier() __asm__ __volatile__("" : : : "memory")

#define ARRAY_SIZE(a)	 (sizeof(a) / sizeof((a)[0]))
#define READ_ONCE(x)	 (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

#define ALIGN(x, a)	 (((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define ALIGN_DOWN(x, a) ((x) & ~((__typeof__(x))(a) - 1))

#define BUILD_BUG_ON(cond) _Static_assert(!(cond), #cond)

/*
 * lib_track_stack(): a lib/ function whose frame is bigger than the kernel's
 * stackleak search depth calls this first (include/trapdoor/stackleak.h,
 * tools/check-frames). In the kernel (CONFIG_LIB_TRACK_STACK) it is
 * stackleak_track_stack(); on the host and in user programs it is nothing.
 */
#ifdef CONFIG_LIB_TRACK_STACK
void stackleak_track_stack(void);
#define lib_track_stack() stackleak_track_stack()
#else
#define lib_track_stack() \
	do {              \
	} while (0)
#endif

/*
 * __stackleak_frame_exempt: this function's frame may be bigger than the
 * stackleak search depth without a stackleak_track_stack() call. Only for
 * code that never runs on a task's stack (boot code, before the first task
 * exists; the in-kernel tests) and for do_syscall(), whose dynamic part is the
 * offset it records for the erase itself. The function goes into a text
 * section of its own, as Linux's noinstr does: tools/check-frames reads the
 * section from the object's symbol table, and the linker scripts'
 * *(.text .text.*) put it with the rest of the text.
 */
#define __stackleak_frame_exempt __section(".text.stackleak_frame_exempt")

#endif
