#pragma once

#include <functional>

// What the GUI benchmarks measure time with.
namespace BenchClock {

// CPU time of the calling thread, and of the whole process (the network threads too), in ms: a
// cost that preemption on a shared machine does not inflate, unlike the stalls.
double threadCpuMs();
double processCpuMs();

// Runs the event loop until condition holds (true) or timeoutMs pass (false). Something in the
// loop must wake it now and then (a StallMonitor's 1 ms timer does), or a condition that turns
// true without an event is seen late.
bool waitUntil(const std::function<bool()> &condition, int timeoutMs);

} // namespace BenchClock
