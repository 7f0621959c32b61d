-- Shared by the load benchmark's wrk scripts: one JSON line with the run's figures at the end.
-- Latencies are microseconds in wrk; "errors" counts socket errors and non-2xx/3xx answers.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "p50_ms": %.3f, "p99_ms": %.3f, "max_ms": %.3f, '
      .. '"status_errors": %d, "socket_errors": %d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3,
    latency:percentile(99) / 1e3, latency.max / 1e3, e.status,
    e.connect + e.read + e.write + e.timeout))
end
