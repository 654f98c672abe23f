/*
 * The freestanding test's program (tests/cross/freestanding.py): runs one
 * kernel of a file spv2c generated (without --main) through spv2c_launch,
 * with the inputs compiled in (fs_inputs.h, written by the script), and
 * prints every output buffer as hex. Built twice: hosted on the build
 * machine (FS_HOSTED: printf), and for a bare Cortex-M3 with -nostdlib,
 * where this file is the whole system: the vector table and reset code,
 * semihosting output and exit (qemu-system-arm), and the three functions
 * the generated code may call, memcpy, memset and memmove. With FS_CHECKED
 * (spv2c --checked output) it also supplies the report hook,
 * spv2c_check_report, which prints the report (numbers in decimal), and the
 * script defines SPV2C_CHECK_FAIL() as __builtin_trap(): a fault that ends
 * the run. With FS_DMA it supplies the DMA hook spv2c_strided_copy
 * (-DSPV2C_STRIDED_COPY) and prints how often it was called. With
 * FS_WORKSPACE (the C compiled with -DSPV2C_WORKSPACE) the launch runs in
 * a workspace this file places in a section of its own.
 */
#include <stddef.h>
#include <stdint.h>
#include "k.h"
#include "fs_inputs.h"

#if defined(FS_HOSTED)
#include <stdio.h>
static void put(const char *s) { fputs(s, stdout); }
#else
/* ARM semihosting: r0 = operation, r1 = argument, bkpt 0xab (Thumb) */
static void semihost(unsigned op, const void *arg)
{
    register unsigned r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
}

static void put(const char *s) { semihost(0x04, s); }          /* SYS_WRITE0 */

static void finish(int ok)                                      /* SYS_EXIT */
{
    semihost(0x18, (const void *)(uintptr_t)(ok ? 0x20026u : 0x20024u));
    for (;;) {
    }
}

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}

void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    if (p < q) {
        while (n--)
            *p++ = *q++;
    } else {
        while (n--)
            p[n] = q[n];
    }
    return d;
}
#endif

#if (defined(FS_CHECKED) && !defined(FS_HOSTED)) || defined(FS_DMA)
static void put_dec(unsigned long number)
{
    char digits[24];
    size_t k = sizeof digits - 1;
    digits[k] = 0;
    do
        digits[--k] = (char)('0' + number % 10);
    while (number /= 10);
    put(digits + k);
}
#endif

#if defined(FS_CHECKED) && !defined(FS_HOSTED)
void spv2c_check_report(const char *text, unsigned long number);

void spv2c_check_report(const char *text, unsigned long number)
{
    if (text)
        put(text);
    else
        put_dec(number);
}
#endif

#if defined(FS_DMA)
/* the DMA hook (-DSPV2C_STRIDED_COPY, runtime/async.h): what a DMA
   driver's copy does, here element by element by the CPU; counts its calls
   so that the run shows the async copies went through it */
static unsigned long fs_dma_calls;

void spv2c_strided_copy(void *dst, const void *src, size_t n, size_t elem_size,
                        size_t dst_stride, size_t src_stride)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    size_t i, b;
    fs_dma_calls++;
    for (i = 0; i < n; i++)
        for (b = 0; b < elem_size; b++)
            d[i * dst_stride * elem_size + b] = s[i * src_stride * elem_size + b];
}
#endif

static void put_hex(const unsigned char *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char line[2 * 32 + 2];
    size_t i, k = 0;
    for (i = 0; i < n; i++) {
        line[k++] = digits[p[i] >> 4];
        line[k++] = digits[p[i] & 15];
        if (k == 64 || i + 1 == n) {
            line[k++] = '\n';
            line[k] = 0;
            put(line);
            k = 0;
        }
    }
}

#if defined(FS_WORKSPACE)
/* The caller's workspace (the C compiled with -DSPV2C_WORKSPACE): a buffer
   in a RAM section of its own (.spv2c_ws, which cortex-m3.ld places), as
   an MCU program would place it in a chosen RAM; 64 canary bytes after the
   most a launch here may use */
#define FS_WS_BYTES 0x20000
static union {
    unsigned char b[FS_WS_BYTES + 64];
    uint64_t u;
} fs_ws __attribute__((section(".spv2c_ws")));

static int fs_canary(size_t from)
{
    size_t i;
    for (i = from; i < sizeof fs_ws.b; i++)
        if (fs_ws.b[i] != 0xa5)
            return 0;
    return 1;
}

/* spv2c_workspace_size's bytes: a byte less is refused before anything
   runs or is written, exactly that many run the kernel and nothing past
   them is written */
static int fs_launch(void)
{
    size_t n = sizeof fs_args / sizeof fs_args[0], i;
    size_t need = spv2c_workspace_size(FS_KERNEL, &fs_range, fs_args, n);
    int r;
    if (need > FS_WS_BYTES) {
        put("workspace problem: the harness's buffer is too small\n");
        return -100;
    }
    for (i = 0; i < sizeof fs_ws.b; i++)
        fs_ws.b[i] = 0xa5;
    if (need && (spv2c_launch_ws(FS_KERNEL, &fs_range, fs_args, n, fs_ws.b, need - 1) == 0 ||
                 !fs_canary(0))) {
        put("workspace problem: a byte less was not refused, or was written to\n");
        return -100;
    }
    r = spv2c_launch_ws(FS_KERNEL, &fs_range, fs_args, n, fs_ws.b, need);
    if (!fs_canary(need)) {
        put("workspace problem: written past the bytes spv2c_workspace_size gave\n");
        return -100;
    }
    return r;
}
#else
static int fs_launch(void)
{
    return spv2c_launch(FS_KERNEL, &fs_range, fs_args, sizeof fs_args / sizeof fs_args[0]);
}
#endif

int main(void)
{
    size_t i;
    int r = fs_launch();
    put(r == 0 ? "launch 0\n" : "launch failed\n");
    for (i = 0; i < sizeof fs_outs / sizeof fs_outs[0]; i++) {
        put("buffer\n");
        put_hex(fs_outs[i].p, fs_outs[i].n);
    }
#if defined(FS_DMA)
    put("dma hook calls ");
    put_dec(fs_dma_calls);
    put("\n");
#endif
    return r != 0;
}

#if !defined(FS_HOSTED)
extern unsigned char __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern unsigned char __stack_top[];

static void reset(void)
{
    unsigned char *p;
    const unsigned char *q = __data_load;
    for (p = __data_start; p < __data_end; p++)
        *p = *q++;
    for (p = __bss_start; p < __bss_end; p++)
        *p = 0;
    finish(main() == 0);
}

static void fault(void)
{
    put("fault\n");
    finish(0);
}

__attribute__((section(".vectors"), used))
static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)__stack_top, reset, fault, fault, fault, fault, fault,
    0, 0, 0, 0, fault, fault, 0, fault, fault,
};
#endif
