-- POST /api/score with a random hand from the corpus file (one JSON request per line) named by
-- the LOADTEST_BODIES environment variable; each wrk thread reads it once and picks at random,
-- from its own seed.
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
end

local bodies = {}

function init(args)
  for line in io.lines(os.getenv("LOADTEST_BODIES")) do
    bodies[#bodies + 1] = line
  end
  math.randomseed(tonumber(os.getenv("LOADTEST_SEED") or "1") * 100 + id)
end

-- X-Forwarded-Proto: what the TLS proxy in front adds (production settings trust it).
local headers = {["Content-Type"] = "application/json", ["X-Forwarded-Proto"] = "https"}

function request()
  return wrk.format("POST", "/api/score", headers, bodies[math.random(#bodies)])
end

dofile(os.getenv("LOADTEST_REPORT"))
