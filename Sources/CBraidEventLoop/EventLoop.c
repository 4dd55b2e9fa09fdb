#include "CBraidEventLoop.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>

int braid_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int braid_eventfd_create(void) { return eventfd(0, EFD_CLOEXEC); }

static uint32_t braid_events(int readable, int oneShot) {
  return (oneShot ? EPOLLONESHOT : 0) | (readable ? (EPOLLIN | EPOLLRDHUP) : 0);
}

int braid_epoll_add(int epoll, int fd, int readable, int oneShot) {
  struct epoll_event event = {.events = braid_events(readable, oneShot), .data = {.fd = fd}};
  return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

int braid_epoll_arm(int epoll, int fd, int readable) {
  struct epoll_event event = {.events = braid_events(readable, 1), .data = {.fd = fd}};
  return epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event);
}

int braid_epoll_remove(int epoll, int fd) { return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, 0); }

int braid_epoll_wait(int epoll, int *fds, int *kinds, int capacity) {
  struct epoll_event events[64];
  if (capacity > 64) capacity = 64;
  int count = epoll_wait(epoll, events, capacity, -1);
  for (int index = 0; index < count; index++) {
    fds[index] = events[index].data.fd;
    int kind = 0;
    if (events[index].events & (EPOLLIN | EPOLLRDHUP)) kind |= braid_event_readable;
    if (events[index].events & (EPOLLHUP | EPOLLERR)) kind |= braid_event_hang_up;
    kinds[index] = kind;
  }
  return count;
}
