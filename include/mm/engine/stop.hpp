#pragma once
// Stopping the engine's work from outside (Ctrl-C at a terminal, a closed web request): the one
// mechanism every search checks between small steps (solver/cancel.hpp). A front end requests the
// stop, from a signal handler if need be; the computation gives up by throwing Cancelled; the
// front end clears the request before it starts the next one.

#include "mm/solver/cancel.hpp"
