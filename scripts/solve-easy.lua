-- wrk script for scripts/load-bench.sh: POST /solve, cycling through the puzzles of a file
-- (one per line; `#` comments and blank lines skipped). Usage: wrk -s scripts/solve-easy.lua URL -- FILE
local bodies = {}
local next_index = 1

function init(args)
  local path = args[1] or "puzzles/easy50.txt"
  for line in io.lines(path) do
    local puzzle = line:match("^(%S+)")
    if puzzle and puzzle:sub(1, 1) ~= "#" then
      bodies[#bodies + 1] = '{"puzzle":"' .. puzzle .. '"}'
    end
  end
  assert(#bodies > 0, "no puzzles in " .. path)
  -- Each thread starts at a different puzzle so the threads do not march in step.
  next_index = (math.random(#bodies) - 1) % #bodies + 1
end

function request()
  local body = bodies[next_index]
  next_index = next_index % #bodies + 1
  return wrk.format("POST", "/solve", { ["Content-Type"] = "application/json" }, body)
end
