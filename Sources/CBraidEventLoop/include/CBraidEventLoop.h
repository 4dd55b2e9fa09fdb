#ifndef CBRAID_EVENT_LOOP_H
#define CBRAID_EVENT_LOOP_H

#include <stdint.h>

// epoll and eventfd for BraidPOSIX's EventLoop, behind plain functions: `struct epoll_event`
// is packed on x86_64, which Swift does not import as it is laid out.

/// The events a descriptor is armed for: one event (`EPOLLONESHOT`), its input too when
/// `readable` (`EPOLLIN | EPOLLRDHUP`); `EPOLLHUP` and `EPOLLERR` are always reported.
enum { braid_event_readable = 1, braid_event_hang_up = 2 };

/// `epoll_create1(EPOLL_CLOEXEC)`.
int braid_epoll_create(void);
/// `eventfd(0, EFD_CLOEXEC)`.
int braid_eventfd_create(void);
/// Adds `fd`, watched for input (`wake` descriptors: level-triggered, not one-shot) or armed
/// one-shot as `readable` says. Its events carry `generation`, the registration's number: a
/// descriptor number closed and reused is registered again under another, so an event already
/// taken from the kernel for the old registration can be told from the new one's.
int braid_epoll_add(int epoll, int fd, uint32_t generation, int readable, int oneShot);
/// Re-arms `fd` one-shot: for input and hang-up when `readable`, for hang-up only otherwise.
int braid_epoll_arm(int epoll, int fd, uint32_t generation, int readable);
/// Removes `fd`.
int braid_epoll_remove(int epoll, int fd);
/// Waits for up to `capacity` events; fills `fds`, `generations` and `kinds`
/// (`braid_event_readable` and/or `braid_event_hang_up`); returns how many, or -1 with `errno`.
int braid_epoll_wait(int epoll, int *fds, uint32_t *generations, int *kinds, int capacity);

#endif
