/* Make every fsync and fdatasync of a process slow, as on a Pi's SD card.
 *
 * Built and preloaded by bench/slow_fsync.py (LD_PRELOAD); the delay in milliseconds
 * comes from SLOW_FSYNC_MS. The same effect as
 * strace -f -e inject=fsync,fdatasync:delay_exit=US, without tracing every system call.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void pause_like_a_card(void) {
    const char *text = getenv("SLOW_FSYNC_MS");
    double ms = text ? atof(text) : 0.0;
    if (ms <= 0) return;
    struct timespec wait = {(time_t)(ms / 1000), (long)((ms - 1000 * (time_t)(ms / 1000)) * 1e6)};
    while (nanosleep(&wait, &wait) != 0) {}
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    int result = real(fd);
    pause_like_a_card();
    return result;
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    int result = real(fd);
    pause_like_a_card();
    return result;
}
