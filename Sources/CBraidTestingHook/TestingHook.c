// Installs BraidTesting's issue recorder when the test bundle loads, before any test runs, so
// that Braid's issues fail the running test whatever the order tests run in (Swift has no
// load-time initializers of its own). The function called is defined in Swift, in BraidTesting.
#include "TestingHook.h"

extern void braid_testing_install_issue_recorder(void);

__attribute__((constructor)) static void braid_testing_hook(void) {
  braid_testing_install_issue_recorder();
}
