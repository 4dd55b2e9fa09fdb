// Nothing to call from Swift: the target exists for the load-time hook in TestingHook.c.
#ifndef BRAID_TESTING_HOOK_H
#define BRAID_TESTING_HOOK_H
#endif
