-- GET /api/health: the trivial JSON endpoint, the baseline of the load benchmark.
wrk.method = "GET"
wrk.headers["X-Forwarded-Proto"] = "https"  -- as the TLS proxy in front adds
dofile(os.getenv("LOADTEST_REPORT"))
