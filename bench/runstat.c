/*
 * runstat: run a command once and report its wall time and peak memory.
 *
 *   runstat STATFILE CMD [ARG...]
 *
 * CMD's stdout goes to /dev/null, its stderr is inherited. STATFILE gets one
 * line: "WALL_SECONDS CPU_SECONDS MAXRSS_KIB EXIT_STATUS" (CPU = user + system,
 * less sensitive than wall time to other processes on a shared machine). The peak is the child's
 * ru_maxrss from wait4. A small C parent is used (rather than Python's
 * subprocess) because Linux carries the pre-exec RSS of the forking process
 * into the child's ru_maxrss: forking from a large Python process would
 * report Python's own size. Here that floor is this program's (~1 MiB).
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct timespec t0, t1;
    struct rusage ru;
    int status, code;
    pid_t pid;
    FILE *f;

    if (argc < 3) {
        fputs("usage: runstat STATFILE CMD [ARG...]\n", stderr);
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid = fork();
    if (pid < 0) {
        perror("runstat: fork");
        return 2;
    }
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            close(fd);
        }
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("runstat: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    fprintf(f, "%.6f %.6f %ld %d\n",
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
            (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6,
            ru.ru_maxrss, code);
    return fclose(f) ? 2 : 0;
}
