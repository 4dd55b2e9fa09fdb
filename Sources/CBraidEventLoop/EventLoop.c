#include "CBraidEventLoop.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>

int braid_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int braid_eventfd_create(void) { return eventfd(0, EFD_CLOEXEC); }

static uint32_t braid_events(int readable, int oneShot) {
  return (oneShot ? EPOLLONESHOT : 0) | (readable ? (EPOLLIN | EPOLLRDHUP) : 0);
}

// The event's data: the descriptor in the low 32 bits, the registration's generation above.
static uint64_t braid_data(int fd, uint32_t generation) {
  return (uint64_t)generation << 32 | (uint32_t)fd;
}

int braid_epoll_add(int epoll, int fd, uint32_t generation, int readable, int oneShot) {
  struct epoll_event event = {.events = braid_events(readable, oneShot), .data = {.u64 = braid_data(fd, generation)}};
  return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

int braid_epoll_arm(int epoll, int fd, uint32_t generation, int readable) {
  struct epoll_event event = {.events = braid_events(readable, 1), .data = {.u64 = braid_data(fd, generation)}};
  return epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event);
}

int braid_epoll_remove(int epoll, int fd) { return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, 0); }

int braid_epoll_wait(int epoll, int *fds, uint32_t *generations, int *kinds, int capacity) {
  struct epoll_event events[64];
  if (capacity > 64) capacity = 64;
  int count = epoll_wait(epoll, events, capacity, -1);
  for (int index = 0; index < count; index++) {
    fds[index] = (int)(uint32_t)events[index].data.u64;
    generations[index] = (uint32_t)(events[index].data.u64 >> 32);
    int kind = 0;
    if (events[index].events & (EPOLLIN | EPOLLRDHUP)) kind |= braid_event_readable;
    if (events[index].events & (EPOLLHUP | EPOLLERR)) kind |= braid_event_hang_up;
    kinds[index] = kind;
  }
  return count;
}
