#pragma once
// Stopping the engine's work from outside (Ctrl-C at a terminal, a think limit of the web server):
// each run has its own stop source, whose token travels in the run's context (RunContext::stop)
// and which every search checks between small steps. A front end requests the stop, from a
// signal handler if need be; the computation gives up by throwing Cancelled, or answers with the
// best it has (the optimal search). Stopping one run never stops another.

#include "mm/run/stop.hpp"
