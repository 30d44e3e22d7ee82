-- wrk script for scripts/load-bench.sh: POST /solve, cycling through the puzzles of a file
-- (one per line; `#` comments and blank lines skipped). Usage: wrk -s scripts/solve-easy.lua URL -- FILE
-- The requests are formatted once, in init: wrk shares the machine's cores with the server, and
-- formatting each request in Lua cost wrk a third more CPU per request than a static GET.
local requests = {}
local next_index = 1

function init(args)
  local path = args[1] or "puzzles/easy50.txt"
  local headers = { ["Content-Type"] = "application/json" }
  for line in io.lines(path) do
    local puzzle = line:match("^(%S+)")
    if puzzle and puzzle:sub(1, 1) ~= "#" then
      local body = '{"puzzle":"' .. puzzle .. '"}'
      requests[#requests + 1] = wrk.format("POST", "/solve", headers, body)
    end
  end
  assert(#requests > 0, "no puzzles in " .. path)
  -- Each thread starts at a different puzzle so the threads do not march in step.
  next_index = (math.random(#requests) - 1) % #requests + 1
end

function request()
  local request = requests[next_index]
  next_index = next_index % #requests + 1
  return request
end
