/*
 * Test support (races.server.test.ts): what a hacked website can do to root's file operations
 * (issue 25, finding 1). It exchanges the paths of each pair A B with renameat2(RENAME_EXCHANGE) in a
 * tight loop, so every lookup of A meets either the real A or the link B, switching in a few
 * microseconds. Whenever B is missing (deleted by the operation under test) it is made again as a
 * symbolic link to TARGET ('-': never). Runs as the site's user; stops after SECONDS, or on SIGTERM.
 * Prints the number of exchanges made.
 *
 *   hd-link-swapper SECONDS A B TARGET [A B TARGET]...
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static volatile sig_atomic_t stopping = 0;

static void stop(int signal_number) {
  (void)signal_number;
  stopping = 1;
}

int main(int argc, char **argv) {
  if (argc < 5 || (argc - 2) % 3 != 0) {
    fprintf(stderr, "usage: %s SECONDS A B TARGET [A B TARGET]...\n", argv[0]);
    return 2;
  }
  signal(SIGTERM, stop);
  signal(SIGINT, stop);
  const time_t end = time(NULL) + atol(argv[1]);
  const int pairs = (argc - 2) / 3;
  unsigned long exchanges = 0;
  for (unsigned long round = 0; !stopping; round++) {
    if ((round & 1023) == 0 && time(NULL) >= end) break;
    const int pair = (int)(round % (unsigned long)pairs);
    const char *a = argv[2 + pair * 3], *b = argv[3 + pair * 3], *target = argv[4 + pair * 3];
    if (syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0) {
      exchanges++;
      continue;
    }
    struct stat seen;
    if (errno == ENOENT && strcmp(target, "-") != 0 && lstat(b, &seen) != 0) symlink(target, b);
    sched_yield();
  }
  printf("%lu\n", exchanges);
  return 0;
}
